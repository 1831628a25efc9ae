#!/usr/bin/env bash
# The raw Java binding's 8-byte half round trip (RawJavaPingPong, each its own job) under plain MPI_Init and under
# MPI_Init_thread at SINGLE, FUNNELED, SERIALIZED and MULTIPLE, in an order rotated every round. Lines
# "round impl mode size value" (impl java-raw, java-raw-single, ..., java-raw-mt); summarise with
# `awk -f bench/mpi/ab-summary.awk`.
# usage: bench/mpi/levels.sh ROUNDS   (after bench/mpi is built)
set -euo pipefail
source "$(dirname "$0")/../../bin/hpjava-env.sh"
ROUNDS=${1:?usage: bench/mpi/levels.sh ROUNDS}
T="$HPJAVA_HOME/bench/mpi/target"
source "$(dirname "$0")/mpi-env.sh"
J=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED "-Djava.library.path=$JNI_DIR" -cp "$T/classes:$(cat "$T/classpath.txt")")
V=(-Dhpjava.bench.none=1 -Dhpjava.bench.threadLevel=single -Dhpjava.bench.threadLevel=funneled
   -Dhpjava.bench.threadLevel=serialized -Dhpjava.bench.threadMultiple=true)
for ((r = 1; r <= ROUNDS; r++)); do
  for ((k = 0; k < 5; k++)); do
    "${MPIRUN[@]}" "${J[@]}" "${V[$(( (r + k) % 5 ))]}" hpjava.bench.mpi.RawJavaPingPong lat 8 20000 7 | sed "s/^/$r /"
  done
  echo "# round $r load $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
