#!/usr/bin/env bash
# Adlib.writeHalo on the mpi backend against a hand-written raw Open MPI halo exchange (and one over mpjdev), same
# job, rotated per round; 2048x2048 float, ghost width 1, np 2 and 4 (see HaloMpiRank).
#
# usage: bench/mpi/halo.sh [ROUNDS [CALLS [N [NPS]]]]   (defaults 201 20 2048 "2 4"; needs bin/setup-mpi.sh done and
#        ./mvnw -B -q -pl bench/adlib,bench/mpi install -DskipTests after adlib and mpjdev-mpi are installed)
# Prints per-round lines and a Markdown row per process count; `uptime` before and after each job.
set -euo pipefail
source "$(dirname "$0")/../../bin/hpjava-env.sh"
ROUNDS=${1:-201}; CALLS=${2:-20}; N=${3:-2048}; NPS=${4:-"2 4"}
for v in "$ROUNDS" "$CALLS" "$N"; do
  [[ "$v" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/mpi/halo.sh [ROUNDS [CALLS [N [NPS]]]] (positive integers, not '$v')" >&2; exit 2; }
done
T="$HPJAVA_HOME/bench/mpi/target"
[ -f "$T/classpath.txt" ] && [ -f "$T/classes/hpjava/bench/mpi/HaloMpiRank.class" ] || {
  echo "halo.sh: bench/mpi is not built (./mvnw -B -q -pl bench/adlib,bench/mpi install -DskipTests)" >&2; exit 2; }
CP="$T/classes:$(cat "$T/classpath.txt")"
for np in $NPS; do
  echo "# np $np, $(date -u +%FT%TZ), load: $(uptime | sed 's/.*load average: //')"
  "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" hpjava.mpjdev.Launcher --backend mpi --np "$np" \
    hpjava.bench.mpi.HaloMpiRank "$N" "$ROUNDS" "$CALLS"
  echo "# np $np done, load: $(uptime | sed 's/.*load average: //')"
done
