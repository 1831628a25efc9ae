#!/usr/bin/env bash
# The stress matrix: every example and test program run through `bin/hpjava run` at the given process counts, on the
# given backends, while the machine carries a background load of spinning processes (a multiple of its cores). A
# correct program must pass whatever the load: any non-zero status (a false deadlock or hang verdict, a wrong answer,
# a crash) is a failure, printed with the run's output. Each run is bounded (`--timeout` and a wall-clock limit).
#
#   bench/stress/run.sh [--np 4,8] [--backends mt,mpi,ucx] [--loads 4,10] [--programs LIST] [--repeat K]
#                       [--limit SECONDS]
#
# --loads: spinning processes per core (0: no load); --programs: comma-separated names from the list below
# (default: all; test programs are named p.NAME); --repeat: runs of each cell; --limit: wall-clock limit of one run (default 240 s).
# Run it alone on the machine (`bench/lock/machine-excl bench/stress/run.sh ...`): it loads every core on purpose.
# Exit status: 0 when every run passed, 1 when one failed, 2 on a usage error.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
nps=4,8 backends=mt,mpi,ucx loads=4,10 programs="" repeat=1 limit=240
while [ $# -gt 0 ]; do
  case "$1" in
    --np) nps="$2"; shift 2 ;;
    --backends) backends="$2"; shift 2 ;;
    --loads) loads="$2"; shift 2 ;;
    --programs) programs="$2"; shift 2 ;;
    --repeat) repeat="$2"; shift 2 ;;
    --limit) limit="$2"; shift 2 ;;
    *) echo "stress: unknown argument '$1' (see the head of $0)" >&2; exit 2 ;;
  esac
done
# name|sources|program arguments: the examples, then the translator's self-checking test programs.
all=(
  "MatrixAdd|examples/MatrixAdd.hpj|"
  "Laplace|examples/Laplace.hpj|"
  "RedBlack|examples/RedBlack.hpj|"
  "Nozzle|examples/Nozzle.hpj|20 8"
)
for f in "$root"/translator/src/test/resources/programs/*.hpj; do
  n=$(basename "$f" .hpj)
  all+=("p.$n|${f#$root/}|")
done
selected=()
for p in "${all[@]}"; do
  n=${p%%|*}
  if [ -z "$programs" ] || [[ ",$programs," == *",$n,"* ]]; then selected+=("$p"); fi
done
[ ${#selected[@]} -gt 0 ] || { echo "stress: no program matches --programs $programs" >&2; exit 2; }

cores=$(nproc)
spinners=()
stop_load() {
  for pid in "${spinners[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${spinners[@]}"; do wait "$pid" 2>/dev/null; done
  spinners=()
}
start_load() {   # $1: spinning processes per core; each ends by itself after the run's limit at the latest
  local n=$(( $1 * cores )) i
  for (( i = 0; i < n; i++ )); do
    timeout $(( limit * 2 )) bash -c 'while :; do :; done' &
    spinners+=($!)
  done
}
trap stop_load EXIT
trap 'stop_load; exit 130' INT TERM

log=$(mktemp -d /tmp/hpjava-stress-XXXXXX)
# Every program once at np 1 on mt, unloaded: compiles it into hpjava run's cache, so that the loaded runs start
# from class files (the load is for the job, not for the compiler).
for p in "${selected[@]}"; do
  IFS='|' read -r name src args <<<"$p"
  # shellcheck disable=SC2086
  "$root/bin/hpjava" run --np 1 "$root/$src" $args >"$log/$name-warm.txt" 2>&1 \
    || { echo "stress: $name fails unloaded at np 1 on mt:"; tail -20 "$log/$name-warm.txt"; exit 1; }
done
fail=0 runs=0
printf '%-20s %-4s %-4s %-5s %-7s %s\n' program np back load wall status
for load in ${loads//,/ }; do
  for backend in ${backends//,/ }; do
    for np in ${nps//,/ }; do
      for p in "${selected[@]}"; do
        IFS='|' read -r name src args <<<"$p"
        for (( k = 0; k < repeat; k++ )); do
          start_load "$load"
          out="$log/$name-$backend-$np-$load-$k.txt"
          t0=$(date +%s.%N)
          # shellcheck disable=SC2086
          timeout -k 5 "$limit" "$root/bin/hpjava" run --backend "$backend" --np "$np" --timeout 120 "$root/$src" $args \
            >"$out" 2>&1
          st=$?
          t1=$(date +%s.%N)
          stop_load
          runs=$((runs + 1))
          printf '%-20s %-4s %-4s %-5s %-7.1f %s\n' "$name" "$np" "$backend" "${load}x" "$(echo "$t1 - $t0" | bc)" "$st"
          if [ $st -ne 0 ]; then
            fail=$((fail + 1))
            echo "--- $name np $np $backend load ${load}x: status $st; output:"; tail -40 "$out"; echo "---"
          fi
        done
      done
    done
  done
done
echo "stress: $runs runs, $fail failed (outputs in $log)"
[ $fail -eq 0 ]
