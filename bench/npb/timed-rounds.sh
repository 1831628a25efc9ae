#!/usr/bin/env bash
# The timed part of bench/npb/run.sh (run under bench/lock/machine-excl): ROUNDS interleaved rounds of the
# configurations in CONFIGS (one "name<TAB>command" a line), each run's NPB report parsed into one line of RESULTS:
# configuration, round, seconds, Mop/s, verified (yes/no; NASA's and NPB3.0-JAV's spellings of the report).
#
#   bench/npb/timed-rounds.sh RESULTS ROUNDS CONFIGS
set -uo pipefail
results=$1 rounds=$2 configs=$3
for ((r = 1; r <= rounds; r++)); do
  while IFS=$'\t' read -r name cmd; do
    text=$(bash -c "$cmd" 2>&1 </dev/null)
    secs=$(grep -m1 -E 'Time in seconds' <<<"$text" | sed -E 's/.*= *([0-9.]+).*/\1/')
    mops=$(grep -m1 -E 'Mop/s total|Mops total' <<<"$text" | sed -E 's/.*= *([0-9.]+).*/\1/')
    ok=no
    grep -qiE 'Verification *= *SUCCESSFUL' <<<"$text" && [ -n "$secs" ] && ok=yes
    printf '%s\t%s\t%s\t%s\t%s\n' "$name" "$r" "${secs:--}" "${mops:--}" "$ok" | tee -a "$results"
  done <"$configs"
done
