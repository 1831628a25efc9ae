#!/usr/bin/env bash
# Where the mpi backend's streaming bandwidth goes (docs/benchmarks/HISTORY.md, "Bandwidth: where the 65000-byte loss goes"):
# per MPI implementation and message size, LAUNCHES jobs of BandwidthFloor, whose ranks alternate, repetition by
# repetition, the device's window loop, the FFM binding alone on the device's buffers, C's loop (libpingpong:
# pingpong.c built with -DPINGPONG_LIB) and C's loop on the device's buffers with the device's counts.
# usage: bench/mpi/bwfloor.sh [LAUNCHES [SIZES]]   (default 2 launches; SIZES a comma list, default 65000,1048576;
#        run it under bench/lock/machine-excl on shared machines)
# Raw lines ("launch impl side size value rep") stay in bench/mpi/target/bwfloor-results.txt; prints per side the
# median and range over all repetitions, and the median of its per-repetition ratios to C's loop of the same
# repetition (the sides of one repetition run within a fraction of a second, in the same machine state).
set -euo pipefail
source "$(dirname "$0")/../../bin/hpjava-env.sh"
LAUNCHES=${1:-2}
SIZES=${2:-65000,1048576}
[[ "$LAUNCHES" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/mpi/bwfloor.sh [LAUNCHES [SIZES]]" >&2; exit 2; }
HERE="$HPJAVA_HOME/bench/mpi"
T="$HERE/target"
"$HPJAVA_HOME/bin/setup-mpi.sh" --check >/dev/null || { echo "bwfloor.sh: MPI is not set up; run bin/setup-mpi.sh" >&2; exit 3; }
(cd "$HPJAVA_HOME" && ./mvnw -B -q -o -f bench/mpi/pom.xml package -DskipTests) || { echo "bwfloor.sh: building bench/mpi failed" >&2; exit 1; }
for impl in openmpi mpich; do
  mpicc.$impl -O2 -DPINGPONG_LIB -shared -fPIC -o "$T/libpingpong-$impl.so" "$HERE/src/main/c/pingpong.c"
done
CP="$T/classes:$(cat "$T/classpath.txt")"
OUT="$T/bwfloor-results.txt"
: > "$OUT"
for ((l = 1; l <= LAUNCHES; l++)); do
  for size in ${SIZES//,/ }; do
    iters=$(( size > 65536 ? 8 : 64 ))
    for impl in openmpi mpich; do
      "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$CP" hpjava.mpjdev.Launcher --backend mpi --np 2 \
        --option impl="$impl" --option jvm-args="-Dhpjava.bench.pingpong-lib=$T/libpingpong-$impl.so ${BWFLOOR_JVM_ARGS:-}" \
        hpjava.mpjdev.mpi.BandwidthFloor "$size" "$iters" 9 \
        | awk -v l="$l" -v i="$impl" '$1 == "bwfloor" { print l, i, $2, $3, $4, $5 }' >> "$OUT"
    done
  done
  echo "bwfloor.sh: launch $l of $LAUNCHES done (load $(cut -d' ' -f1-3 /proc/loadavg))" >&2
done
awk '
  function median(arr, n,   i, j, t) { for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j + 1] = arr[j]; arr[j + 1] = t }
                                       return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
  { k = $2 " " $4 " " $3; n[k]++; v[k, n[k]] = $5; rep[k, n[k]] = $1 " " $6; val[$1, $6, $2, $4, $3] = $5
    lo[k] = (n[k] == 1 || $5 < lo[k]) ? $5 : lo[k]; hi[k] = (n[k] == 1 || $5 > hi[k]) ? $5 : hi[k] }
  END {
    for (k in n) { split(k, p, " "); for (i = 1; i <= n[k]; i++) a[i] = v[k, i]; m = median(a, n[k]); nr = 0
                   for (i = 1; i <= n[k]; i++) { split(rep[k, i], q, " "); c = val[q[1], q[2], p[1], p[2], "c"]; if (c > 0) b[++nr] = v[k, i] / c }
                   printf "%-8s %8s %-10s median %8.1f MB/s  range %8.1f-%8.1f  per-rep ratio to C: median %.3f  (n=%d)\n", p[1], p[2], p[3], m, lo[k], hi[k], nr ? median(b, nr) : 0, n[k] | "sort" }
    close("sort")
  }' "$OUT"
