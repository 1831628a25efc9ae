#!/usr/bin/env bash
# bench/abort-report/loop.sh [--impl mpich|openmpi] [--np N] [--runs N] [--load K] [--slow-forwarder] [--cp CP]
#
# Runs RankFails.hpj (rank 1 throws while the others wait in Adlib.maxval) as `hpjava run --backend mpi` runs it,
# N times, and counts the jobs whose standard error lacks rank 1's report (or its .hpj line), repeats it, or exited 0.
#   --load K          K busy loops pinned to each CPU (taskset) while the loop runs; they are ended (by PID) at exit
#   --slow-forwarder  attach strace to the process forwarding the ranks' output (MPICH: hydra_pmi_proxy, Open MPI:
#                     mpirun) in every job: each of its system calls gets slower, as on a loaded machine, which is
#                     when MPICH loses an aborting rank's last output (see README.md)
#   --cp CP           put CP before the project's jars (e.g. an older build's classes, to measure it)
# Prints one line: impl np runs load slow-forwarder lost no-hpj-line repeated exit-0. Exit status 1 if any job lost
# or repeated the report; the standard error of a job that lost it is kept as /tmp/hpjava-abort-lost-IMPL-RUN.err.
# Needs the project built (./mvnw install -DskipTests), procps (pgrep) and strace for --slow-forwarder.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
source "$here/../../bin/hpjava-env.sh"
impl=mpich np=2 runs=100 load=0 slow=0 extra_cp=
while [ $# -gt 0 ]; do
  case "$1" in
    --impl) impl=$2; shift 2 ;;
    --np) np=$2; shift 2 ;;
    --runs) runs=$2; shift 2 ;;
    --load) load=$2; shift 2 ;;
    --slow-forwarder) slow=1; shift ;;
    --cp) extra_cp=$2; shift 2 ;;
    *) echo "loop.sh: unknown argument '$1' (see the comment at the top)" >&2; exit 2 ;;
  esac
done
case "$impl" in mpich) forwarder=hydra_pmi_proxy ;; openmpi) forwarder=orterun ;;
  *) echo "loop.sh: --impl must be mpich or openmpi, not '$impl'" >&2; exit 2 ;; esac
if [ "$slow" = 1 ] && ! command -v strace >/dev/null; then echo "loop.sh: --slow-forwarder needs strace (apt-get install strace)" >&2; exit 2; fi
lib="$HPJAVA_HOME/dist/target/lib"
ls "$lib"/hpjava-tools-*.jar >/dev/null 2>&1 || { echo "loop.sh: build the project first (./mvnw install -DskipTests)" >&2; exit 2; }

work=$(mktemp -d /tmp/hpjava-abort-report.XXXXXX)
busy=()
cleanup() {
  for p in "${busy[@]}"; do kill "$p" 2>/dev/null || true; done
  rm -rf "$work"
}
trap cleanup EXIT
"$HPJAVA_HOME/bin/hpjavac" -d "$work/classes" "$here/RankFails.hpj"
cp="${extra_cp:+$extra_cp:}$lib/*:$work/classes"
for ((c = 0; c < $(nproc); c++)); do
  for ((k = 0; k < load; k++)); do taskset -c "$c" sh -c 'while :; do :; done' & busy+=($!); done
done

# The pid of the job's forwarder under process $1 (a child, or a child's child), or nothing.
find_forwarder() {
  local p
  for p in $(pgrep -P "$1") $(for c in $(pgrep -P "$1"); do pgrep -P "$c"; done); do
    [ "$(basename "$(readlink "/proc/$p/exe" 2>/dev/null)")" = "$forwarder" ] && { echo "$p"; return 0; }
  done
  return 0
}

lost=0 nohpj=0 repeated=0 ok_exit=0
start=$SECONDS
for ((i = 1; i <= runs; i++)); do
  "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$cp" hpjava.mpjdev.Launcher --backend mpi \
    --np "$np" --option impl="$impl" RankFails >"$work/out" 2>"$work/err" </dev/null &
  job=$!
  if [ "$slow" = 1 ]; then
    for ((t = 0; t < 500; t++)); do f=$(find_forwarder "$job"); [ -n "$f" ] && break; sleep 0.01; done
    tracer=
    [ -n "$f" ] && { strace -f -o /dev/null -p "$f" 2>/dev/null & tracer=$!; }
  fi
  status=0; wait "$job" || status=$?
  n=$(grep -c "mpjdev: rank 1 failed: java.lang.IllegalStateException: rank 1 fails on purpose" "$work/err" || true)
  if [ "$n" = 0 ]; then lost=$((lost + 1)); cp "$work/err" "/tmp/hpjava-abort-lost-$impl-$i.err"
  elif [ "$n" -gt 1 ]; then repeated=$((repeated + 1))
  elif ! grep -q "RankFails.hpj:11)" "$work/err"; then nohpj=$((nohpj + 1)); fi
  [ "$status" = 0 ] && ok_exit=$((ok_exit + 1))
  [ -n "${tracer:-}" ] && { wait "$tracer" 2>/dev/null || true; tracer=; }
done
echo "impl=$impl np=$np runs=$runs load=$load slow-forwarder=$slow seconds=$((SECONDS - start)) lost=$lost no-hpj-line=$nohpj repeated=$repeated exit-0=$ok_exit"
[ $((lost + repeated)) = 0 ]
