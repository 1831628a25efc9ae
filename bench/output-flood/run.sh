#!/usr/bin/env bash
# Heavy rank output: how fast the ranks' standard output reaches a file through `hpjava run ... > file`, on mt, mpi
# (Open MPI, MPICH) and ucx, at np 2 and 4, against the same program's plain `java` run and C's printf printing the
# same bytes (np x LINES lines of 80 bytes) straight to a file. Every job's file is checked (check.awk: every line
# whole, per rank the sequence numbers 0..LINES-1 in order). Each configuration is also run with 0 lines (the job's
# start and end), and the rate is the bytes over (time - that): the output path's throughput.
# Prints one table row per configuration: the job's time, the empty job's, MB/s, the checker's verdict.
# Run under bench/lock/machine-excl. Build first (./mvnw -B -q install -DskipTests, or bin/hpjava once).
# Arguments: [LINES=1000000 per rank] [NPS="2 4"] [BACKENDS="mt mpi mpich ucx"] [REPS=1]. HPJAVA=path/to/bin/hpjava
# runs another tree's launcher (e.g. a checkout of main, for a before/after comparison).
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
source "$root/bin/hpjava-env.sh"
lines="${1:-1000000}"
nps="${2:-2 4}"
backends="${3:-mt mpi mpich ucx}"
reps="${4:-1}"
hpjava="${HPJAVA:-$root/bin/hpjava}"
export HPJAVA_NO_REBUILD=1   # a stale build is reported, never rebuilt inside a timing
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/classes"
"$JAVA_HOME/bin/javac" -d "$work/classes" "$here/Flood.java"
gcc -O2 -o "$work/flood" "$here/flood.c"

now() { date +%s.%N; }
# run NAME NP LINES_PER_RANK CMD...: times CMD > file, checks the file; prints "seconds verdict"
run() {
    local np="$1" n="$2"; shift 2
    local f="$work/out" t0 t1 verdict
    t0="$(now)"
    "$@" > "$f" 2> "$work/err" || { echo "FAILED (exit $?): $*" >&2; cat "$work/err" >&2; }
    t1="$(now)"
    verdict="$(awk -v lines="$n" -v np="$np" -f "$here/check.awk" "$f" | tail -1)"
    [ "$n" -gt 0 ] || verdict="-"
    echo "$(echo "$t1 - $t0" | bc -l) $verdict"
}
job() {   # job BACKEND NP LINES
    local b="$1" np="$2" n="$3" opts=()
    case "$b" in
        mpich) opts=(--backend mpi --option impl=mpich) ;;
        mpi) opts=(--backend mpi --option impl=openmpi) ;;
        *) opts=(--backend "$b") ;;
    esac
    run "$np" "$n" "$hpjava" run "${opts[@]}" --np "$np" -cp "$work/classes" Flood "$n"
}

echo "output-flood: $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg), $lines lines of 80 bytes a rank, $hpjava"
echo "| what | np | lines | MB | time (s) | empty run (s) | MB/s (bytes / (time - empty)) | check |"
echo "|---|---:|---:|---:|---:|---:|---:|---|"
row() {   # row WHAT NP LINES_TOTAL "time verdict" "empty_time -"
    local t="${4%% *}" v="${4#* }" e="${5%% *}"
    awk -v w="$1" -v np="$2" -v n="$3" -v t="$t" -v e="$e" -v v="$v" 'BEGIN {
        mb = n * 80 / 1e6; printf "| %s | %s | %d | %.0f | %.2f | %.2f | %.1f | %s |\n", w, np, n, mb, t, e, mb / (t - e), v }'
}
for ((k = 0; k < reps; k++)); do
    for np in $nps; do
        total=$((np * lines))
        row "C printf > file" "$np" "$total" "$(run 1 "$total" "$work/flood" "$total")" "$(run 1 0 "$work/flood" 0)"
        row "plain java > file" "$np" "$total" "$(run 1 "$total" "$JAVA_HOME/bin/java" -cp "$work/classes" Flood "$total")" \
            "$(run 1 0 "$JAVA_HOME/bin/java" -cp "$work/classes" Flood 0)"
        for b in $backends; do
            row "hpjava run --backend $b > file" "$np" "$total" "$(job "$b" "$np" "$lines")" "$(job "$b" "$np" 0)"
        done
    done
done
