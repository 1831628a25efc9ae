#!/usr/bin/env bash
# Where the FFM binding's 8-byte floor comes from (docs/benchmarks/HISTORY.md, "FFM binding after the watchdog, and the floor
# explained"). Per MPI implementation, interleaved, order rotated every round:
#   c         the C ping-pong program (pingpong.c lat and lattest) started by the implementation's own launcher;
#   floor     FfmFloor: one Java job whose ranks time C's loops (libpingpong, the same pingpong.c) and the same loops in
#             Java over java.lang.foreign (the binding's handles; static final handles), repetition by repetition;
#   quiet     FfmFloor with the JVM's own threads cut down: -XX:+UseSerialGC -XX:CICompilerCount=2 -Xshare:off
#             -XX:-UsePerfData -XX:+AlwaysPreTouch (no GC or JIT thread to wake, no shared archive, no perf memory);
#   device    DeviceFloor: a job of the mpi backend (hpjava.mpjdev.Launcher) whose ranks alternate the device's
#             ping-pong, the binding alone and C's loops (libpingpong) in the same processes;
#   placed    FfmFloor with the rank placement flipped: Open MPI binds each rank to a core by default, so here
#             --bind-to none; MPICH does not bind by default, so here -bind-to core (and c-placed: C so placed).
# and once per round per implementation FfmCallCost against callcost.c (one rank: the price of one call per shape).
# usage: bench/mpi/floor.sh [ROUNDS]   (default 5; run it under bench/lock/machine-excl on shared machines)
# Raw lines ("round side value-kind size value") stay in bench/mpi/target/floor-results.txt; prints medians of the
# round medians and each side's best round (the machine's fast state).
set -euo pipefail
source "$(dirname "$0")/../../bin/hpjava-env.sh"
ROUNDS=${1:-5}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/mpi/floor.sh [ROUNDS]   (ROUNDS a positive integer, not '$ROUNDS')" >&2; exit 2; }
HERE="$HPJAVA_HOME/bench/mpi"
T="$HERE/target"
"$HPJAVA_HOME/bin/setup-mpi.sh" --check >/dev/null || { echo "floor.sh: MPI is not set up; run bin/setup-mpi.sh" >&2; exit 3; }
(cd "$HPJAVA_HOME" && ./mvnw -B -q -o -f bench/mpi/pom.xml package -DskipTests) || { echo "floor.sh: building bench/mpi failed" >&2; exit 1; }
for impl in openmpi mpich; do
  mpicc.$impl -O2 -o "$T/pingpong-$impl" "$HERE/src/main/c/pingpong.c" 2>/dev/null
  mpicc.$impl -O2 -DPINGPONG_LIB -shared -fPIC -o "$T/libpingpong-$impl.so" "$HERE/src/main/c/pingpong.c" 2>/dev/null
  mpicc.$impl -O2 -o "$T/callcost-$impl" "$HERE/src/main/c/callcost.c"
done
CP="$T/classes:$(cat "$T/classpath.txt")"
source "$HERE/mpi-env.sh"
ABI_DIR="${HPJAVA_MPI_ABI_DIR:-$HOME/.hpjava/mpi-abi}"
MPIRUN1=("${MPIRUN[@]:0:${#MPIRUN[@]}-1}" 1) # MPIRUN ends with "-np 2"
QUIET=(-XX:+UseSerialGC -XX:CICompilerCount=2 -Xshare:off -XX:-UsePerfData -XX:+AlwaysPreTouch)
java_for() { # java_for IMPL [JVM options...]: the rank command
  local impl=$1; shift
  echo "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED "-Dhpjava.mpi.abi=$ABI_DIR/$impl.properties" \
    "-Dhpjava.bench.pingpong-lib=$T/libpingpong-$impl.so" "$@" -cp "$CP"
}
launch() { # launch IMPL PLACED(0|1) CMD...
  local impl=$1 placed=$2; shift 2
  if [ "$impl" = openmpi ]; then
    if [ "$placed" = 1 ]; then "${MPIRUN[@]}" --bind-to none "$@"; else "${MPIRUN[@]}" "$@"; fi
  else
    if [ "$placed" = 1 ]; then mpiexec.mpich -n 2 -bind-to core "$@"; else mpiexec.mpich -n 2 "$@"; fi
  fi
}
side() { # side NAME IMPL: prints "NAME-IMPL inner size value" lines
  local name=$1 impl=$2
  case "$name" in
    c) launch "$impl" 0 "$T/pingpong-$impl" lat 8 20000 7; launch "$impl" 0 "$T/pingpong-$impl" lattest 8 20000 7 ;;
    c-placed) launch "$impl" 1 "$T/pingpong-$impl" lat 8 20000 7; launch "$impl" 1 "$T/pingpong-$impl" lattest 8 20000 7 ;;
    floor) launch "$impl" 0 $(java_for "$impl") hpjava.mpjdev.mpi.FfmFloor 8 20000 7 ;;
    quiet) launch "$impl" 0 $(java_for "$impl" "${QUIET[@]}") hpjava.mpjdev.mpi.FfmFloor 8 20000 7 ;;
    placed) launch "$impl" 1 $(java_for "$impl") hpjava.mpjdev.mpi.FfmFloor 8 20000 7 ;;
    device) "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" hpjava.mpjdev.Launcher --backend mpi --np 2 \
              --option impl="$impl" --option jvm-args="-Dhpjava.bench.pingpong-lib=$T/libpingpong-$impl.so" \
              hpjava.mpjdev.mpi.DeviceFloor 20000 7 ;;
    calls) if [ "$impl" = openmpi ]; then "${MPIRUN1[@]}" "$T/callcost-$impl" 5000000 3
             "${MPIRUN1[@]}" $(java_for "$impl") hpjava.mpjdev.mpi.FfmCallCost 5000000 3
           else mpiexec.mpich -n 1 "$T/callcost-$impl" 5000000 3
             mpiexec.mpich -n 1 $(java_for "$impl") hpjava.mpjdev.mpi.FfmCallCost 5000000 3; fi ;;
  esac | awk -v n="$name-$impl" 'NF == 4 && $1 ~ /^(c|floor|ffm|devfloor)$/ { print n, $1 "-" $2, $3, $4 }'
}
SIDES=(c floor quiet placed c-placed calls device)
OUT="$T/floor-results.txt"
: > "$OUT"
for ((r = 1; r <= ROUNDS; r++)); do
  for impl in openmpi mpich; do
    for ((k = 0; k < ${#SIDES[@]}; k++)); do
      side "${SIDES[$(( (r + k) % ${#SIDES[@]} ))]}" "$impl" | sed "s/^/$r /" >> "$OUT"
    done
  done
  echo "floor.sh: round $r of $ROUNDS done (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
awk '
  function median(arr, n,   i, j, t) { for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j + 1] = arr[j]; arr[j + 1] = t }
                                       return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
  { k = $2 " " $3; rk = $1 SUBSEP k; n[rk]++; v[rk, n[rk]] = $5 }
  END {
    for (rk in n) { split(rk, p, SUBSEP); for (i = 1; i <= n[rk]; i++) a[i] = v[rk, i]; rn[p[2]]++; rv[p[2], rn[p[2]]] = median(a, n[rk]) }
    for (k in rn) { line = sprintf("%-24s %-36s", substr(k, 1, index(k, " ") - 1), substr(k, index(k, " ") + 1)); best = ""
                    for (i = 1; i <= rn[k]; i++) { a[i] = rv[k, i]; line = line sprintf(" %8.3f", rv[k, i]); if (best == "" || rv[k, i] < best) best = rv[k, i] }
                    print line sprintf("   median %.3f  best %.3f", median(a, rn[k]), best) | "sort" }
    close("sort")
    print "(values: half round trip in us for ping-pong sides, ns per call for the calls side; columns: round medians)"
  }' "$OUT"
