#!/usr/bin/env bash
# Before/after comparison of the mpi backend's 8-byte half round trip in one session. Per round, in an order rotated
# every round: (raw) the raw Java binding in its own job with plain MPI_Init (RawJavaPingPong); (old) MpjdevPingPong's
# paired job with the mpjdev-mpi jar OLD_JAR in place of the built one (raw binding and mpjdev alternating in one job,
# at that backend's thread level); (new) the same with the built backend; (ser) the built backend with
# --option thread-level=serialized. Lines "round impl mode size value" go to stdout (impl: java-raw, old-pair-raw,
# old-pair-mpjdev, new-pair-..., ser-pair-...); summarise with `awk -f bench/mpi/ab-summary.awk`.
#
# usage: [MODE=bw] bench/mpi/ab.sh OLD_JAR ROUNDS [SIZE ITERS REPS]   (defaults lat 8 20000 7; after bench/mpi is built,
#        e.g. by run.sh; MODE=bw: streaming bandwidth, e.g. MODE=bw bench/mpi/ab.sh OLD 5 1048576 8 5)
# OLD_JAR: a copy of mpjdev/mpi/target/mpjdev-mpi-*.jar saved before the change.
set -euo pipefail
source "$(dirname "$0")/../../bin/hpjava-env.sh"
[ $# -ge 2 ] || { echo "usage: bench/mpi/ab.sh OLD_JAR ROUNDS [SIZE ITERS REPS]" >&2; exit 2; }
OLD=$1; ROUNDS=$2; MODE=${MODE:-lat}; SIZE=${3:-8}; ITERS=${4:-20000}; REPS=${5:-7}
T="$HPJAVA_HOME/bench/mpi/target"
source "$(dirname "$0")/mpi-env.sh"
# One copy of the bindings jar on the class path, the one the backend adds for its ranks (backends before 2026-11-23
# left a second copy, from another local Maven repository, in the program's class path: a second, unlinked MPI).
NEWCP="$T/classes:$(tr ':' '\n' < "$T/classpath.txt" | sed "s#.*/org/open-mpi/mpi/installed/mpi-installed.jar#$BINDINGS#" | paste -sd:)"
NEWJAR=$(echo "$NEWCP" | tr ':' '\n' | grep 'mpjdev-mpi-[^/]*\.jar$')
OLDCP=${NEWCP//$NEWJAR/$OLD}
J=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED "-Djava.library.path=$JNI_DIR")
L=(hpjava.mpjdev.Launcher --backend mpi --np 2)
P=(hpjava.bench.mpi.MpjdevPingPong $MODE "$SIZE" "$ITERS" "$REPS" paired)
side() {
  case $1 in
    0) "${MPIRUN[@]}" "${J[@]}" -cp "$NEWCP" hpjava.bench.mpi.RawJavaPingPong $MODE "$SIZE" "$ITERS" "$REPS" ;;
    1) "${J[@]}" -cp "$OLDCP" "${L[@]}" "${P[@]}" | grep '^pair-' | sed 's/^/old-/' ;;
    2) "${J[@]}" -cp "$NEWCP" "${L[@]}" "${P[@]}" | grep '^pair-' | sed 's/^/new-/' ;;
    3) "${J[@]}" -cp "$NEWCP" "${L[@]}" --option thread-level=serialized "${P[@]}" | grep '^pair-' | sed 's/^/ser-/' ;;
  esac
}
for ((r = 1; r <= ROUNDS; r++)); do
  for ((k = 0; k < 4; k++)); do side $(( (r + k) % 4 )) | sed "s/^/$r /"; done
  echo "# round $r load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
