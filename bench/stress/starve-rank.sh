#!/usr/bin/env bash
# A rank whose program thread gets no CPU while the others wait for it inside a collective: what a rank sharing its
# core with many busy processes meets. Runs PROGRAM.hpj (which prints "started", then communicates for a while) at
# np 4 on BACKEND, and once every rank has started, moves rank 1's main thread to SCHED_IDLE and runs 8 spinning
# processes per core for STARVE seconds (the thread then runs only when a core has nothing else to do), then lets it
# go. A correct program must end with status 0: the watchdog may call nothing a deadlock that only waits.
#
#   bench/stress/starve-rank.sh BACKEND PROGRAM.hpj STARVE_SECONDS [PROGRAM ARGS...]
# Run it alone on the machine (bench/lock/machine-excl). Exit status: the job's.
set -uo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
backend=$1 program=$2 starve=$3
shift 3
out=$(mktemp /tmp/hpjava-starve-XXXXXX.txt)
spinners=()
cleanup() {
  for pid in "${spinners[@]}"; do kill "$pid" 2>/dev/null; done
  for pid in "${spinners[@]}"; do wait "$pid" 2>/dev/null; done
}
trap cleanup EXIT
"$root/bin/hpjava" run --backend "$backend" --np 4 --prefix-output "$program" "$@" >"$out" 2>&1 &
job=$!
for (( i = 0; i < 1200; i++ )); do
  [ "$(grep -c '^\[.\] started' "$out")" -ge 4 ] && break
  kill -0 $job 2>/dev/null || break
  sleep 0.1
done
# rank 1's JVM: the descendant of the job whose environment names world rank 1 (Open MPI, MPICH or the ucx launcher)
descendants() { local p; for p in $(ps -o pid= --ppid "$1"); do echo "$p"; descendants "$p"; done; }
rank1=""
for p in $(descendants $job); do
  if tr '\0' '\n' < "/proc/$p/environ" 2>/dev/null | grep -qxE 'OMPI_COMM_WORLD_RANK=1|PMI_RANK=1|HPJAVA_UCX_RANK=1'; then
    [ "$(cat "/proc/$p/comm")" = java ] && rank1=$p
  fi
done
tid=""
if [ -n "$rank1" ]; then
  # the JVM's main thread: the first thread after the launcher's own (both are named "java" by the OS)
  for t in $(ls /proc/"$rank1"/task | sort -n); do
    if [ "$t" != "$rank1" ] && [ "$(cat "/proc/$rank1/task/$t/comm")" = java ]; then tid=$t; break; fi
  done
fi
if [ -z "$tid" ]; then
  echo "starve-rank: rank 1's main thread not found (job output below)"; cat "$out"; kill $job 2>/dev/null; exit 2
fi
chrt --idle -p 0 "$tid"
for (( i = 0; i < 8 * $(nproc); i++ )); do
  timeout "$((starve + 5))" bash -c 'while :; do :; done' &
  spinners+=($!)
done
echo "starve-rank: rank 1 (pid $rank1, main thread $tid) starved for $starve s"
sleep "$starve"
cleanup
spinners=()
chrt --other -p 0 "$tid" 2>/dev/null
wait $job
st=$?
cat "$out"
echo "starve-rank: status $st"
exit $st
