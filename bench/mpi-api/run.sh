#!/usr/bin/env bash
# The mpi API on the mpi backend (native path: java.lang.foreign straight to the MPI C library) against the same loops
# in C (mpicc) and in Open MPI's own Java binding (JNI mpi.jar, Open MPI only), in one run, interleaved: each round
# runs every side once (the order rotated from round to round); a side's run prints, per test, the median of REPS
# repetitions; the table shows the median over rounds. OSU-style tests (src/c/osu_loops.c, src/java/.../OsuLoops.java):
# ping-pong latency (8 B, 64 KiB, 1 MiB), streaming bandwidth and bi-bandwidth with windows of 64 (64 KiB, 1 MiB),
# allreduce of one double, bcast and alltoall of 8 bytes. Java sides with arrays (arr) and direct buffers (dir).
#
# usage: bench/mpi-api/run.sh [ROUNDS [NP]]   (default 3 rounds, np 2; needs bin/setup-mpi.sh; builds what it needs)
# Run it alone on the machine (bench/lock/machine-excl). Raw lines: bench/mpi-api/target/results.txt.
set -euo pipefail
source "$(dirname "$0")/../../bin/hpjava-env.sh"
ROUNDS=${1:-3}
NP=${2:-2}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ && "$NP" =~ ^[2-9]$ ]] || { echo "usage: bench/mpi-api/run.sh [ROUNDS [NP]]" >&2; exit 2; }
HERE="$HPJAVA_HOME/bench/mpi-api"
T="$HERE/target"
mkdir -p "$T"
"$HPJAVA_HOME/bin/setup-mpi.sh" --check >/dev/null || { echo "run.sh: MPI or its ABI tables are missing; run bin/setup-mpi.sh" >&2; exit 3; }
(cd "$HPJAVA_HOME" && ./mvnw -B -q -ntp install -pl mpjnative -am -DskipTests \
  && ./mvnw -B -q -ntp dependency:build-classpath -pl mpjnative -Dmdep.outputFile="$T/cp.txt" -Dmdep.includeScope=runtime) \
  || { echo "run.sh: building the mpi API failed" >&2; exit 1; }
API_CP="$HPJAVA_HOME/mpjnative/target/classes:$(tr ':' '\n' <"$T/cp.txt" | grep -v -e junit -e opentest4j -e apiguardian -e jspecify -e test-support | paste -sd:)"
source "$HPJAVA_HOME/bench/mpi/mpi-env.sh"   # BINDINGS (Open MPI's mpi.jar), JNI_DIR
JAVAC="$JAVA_HOME/bin/javac"
rm -rf "$T/native" "$T/jni"
"$JAVAC" -d "$T/native" -cp "$API_CP" "$HERE"/src/java/mpiapibench/*.java "$HERE"/src/java-native/mpiapibench/*.java
HAVE_JNI=false
if [ -f "$BINDINGS" ]; then
  "$JAVAC" -d "$T/jni" -cp "$BINDINGS" "$HERE"/src/java/mpiapibench/*.java "$HERE"/src/java-jni/mpiapibench/*.java && HAVE_JNI=true
fi
mpicc.openmpi -O2 -o "$T/osu-openmpi" "$HERE/src/c/osu_loops.c"
mpicc.mpich -O2 -o "$T/osu-mpich" "$HERE/src/c/osu_loops.c"
ROOT=(); [ "$(id -u)" = 0 ] && ROOT=(--allow-run-as-root)
OMPI=(mpirun.openmpi "${ROOT[@]}" --oversubscribe --bind-to none -np "$NP")
MPICH=(mpiexec.mpich -n "$NP")
JAVA=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED)
PT2PT="lat 8 20000 5 lat 65536 2000 5 lat 1048576 200 5 bw 65536 40 5 bw 1048576 8 5 bibw 1048576 8 5"
COLL="allreduce 8 20000 5 bcast 8 20000 5 alltoall 8 20000 5"
TESTS_C="$PT2PT $COLL"
launch() { # impl mode: the native path through the mpi backend's launcher
  "${JAVA[@]}" -cp "$API_CP:$T/native" hpjava.mpjdev.Launcher --backend mpi --np "$NP" --option impl="$1" \
    mpiapibench.OsuLoops "native-$1" "$2" $TESTS_C
}
side() {
  case "$1" in
    c-openmpi) "${OMPI[@]}" "$T/osu-openmpi" $TESTS_C | sed 's/^c /c-openmpi /' ;;
    c-mpich) "${MPICH[@]}" "$T/osu-mpich" $TESTS_C | sed 's/^c /c-mpich /' ;;
    native-openmpi-arr) launch openmpi arr ;;
    native-openmpi-dir) launch openmpi dir ;;
    native-mpich-arr) launch mpich arr ;;
    native-mpich-dir) launch mpich dir ;;
    jni-arr) "${OMPI[@]}" "${JAVA[@]}" "-Djava.library.path=$JNI_DIR" -cp "$BINDINGS:$T/jni" mpiapibench.OsuLoops jni arr \
               lat 8 20000 5 lat 65536 2000 5 lat 1048576 200 5 $COLL ;;
    jni-dir) "${OMPI[@]}" "${JAVA[@]}" "-Djava.library.path=$JNI_DIR" -cp "$BINDINGS:$T/jni" mpiapibench.OsuLoops jni dir $TESTS_C ;;
  esac
}
SIDES=(c-openmpi native-openmpi-arr native-openmpi-dir c-mpich native-mpich-arr native-mpich-dir)
$HAVE_JNI && SIDES+=(jni-arr jni-dir)
OUT="$T/results.txt"
: > "$OUT"
n=${#SIDES[@]}
for ((r = 1; r <= ROUNDS; r++)); do
  for ((k = 0; k < n; k++)); do
    s=${SIDES[$(( (r + k) % n ))]}
    side "$s" | grep -E '^[a-z-]+ [a-z]+ [0-9]+ [0-9.]+$' | sed "s/^/$r /" >> "$OUT" || echo "run.sh: side $s failed in round $r" >&2
  done
  echo "run.sh: round $r of $ROUNDS done (load $(uptime | sed 's/.*load average: //'))" >&2
done
awk -f "$HERE/table.awk" -v np="$NP" "$OUT"
