#!/usr/bin/env bash
# Cost of the communication profile (hpjava run --comm-profile) on the scaling benchmark's Jacobi program
# (hpj/ScalingJacobi.hpj: writeHalo, the 5-point sweep, HPutil.copy), mt backend: iter_ms of rank 0 with the profile
# off and on, and, when BASE_LIB names the library directory of a build without the profile hooks (dist/target/lib
# of another checkout), of that build too: the cost of the hooks while off. Variants interleaved, their order
# rotating every round; prints each run and the median per variant. Run under bench/lock/machine-excl after
# bin/hpjava has built dist/target/lib.
# Arguments: [N=512] [np=2] [rounds=7] [iters=400].
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
top="$here/../.."
source "$top/bin/hpjava-env.sh"
n="${1:-512}"; np="${2:-2}"; rounds="${3:-7}"; iters="${4:-400}"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
"$top/bin/hpjavac" -d "$out/hpj" "$here/hpj/ScalingJacobi.hpj"
lib="$top/dist/target/lib/*"
java=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED --add-modules=jdk.incubator.vector -XX:+UseTransparentHugePages)
run() {   # label classpath [jvm args...]
    local label="$1" cp="$2"; shift 2
    local line
    line=$("${java[@]}" "$@" -cp "$cp" hpjava.mpjdev.Launcher --backend mt --np "$np" -cp "$out/hpj" ScalingJacobi "$n" 100 "$iters" 2>/dev/null | grep '^RESULT')
    echo "$label ${line#RESULT }"
}
variants=("off|$lib" "on|$lib|-Dhpjava.profile.dir=$out/profile")
[ -n "${BASE_LIB:-}" ] && variants+=("base|$BASE_LIB/*")
echo "profile-cost: $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg), N=$n np=$np rounds=$rounds iters=$iters"
log="$out/log"
for ((r = 0; r < rounds; r++)); do
    for ((k = 0; k < ${#variants[@]}; k++)); do
        IFS='|' read -r label cp extra <<< "${variants[(k + r) % ${#variants[@]}]}"
        run "$label" "$cp" ${extra:+"$extra"} | tee -a "$log"
    done
done
for v in "${variants[@]}"; do
    label="${v%%|*}"
    grep "^$label " "$log" | sed 's/.*iter_ms=\([0-9.]*\).*/\1/' | sort -g | awk -v l="$label" '{a[NR]=$1} END {print l ": median iter_ms " a[int((NR+1)/2)] " over " NR " runs"}'
done
