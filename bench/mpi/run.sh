#!/usr/bin/env bash
# The mpi backend against raw Open MPI in one run: C (mpicc), the raw Java binding on direct buffers, and mpjdev's
# mpi backend, with one protocol (pingpong.c / RawJavaPingPong / MpjdevPingPong), interleaved A/B/C per round;
# a round's value is the median of REPS repetitions, the reported value the median over rounds.
#
# usage: bench/mpi/run.sh [ROUNDS]      (default 5; needs bin/setup-mpi.sh done; builds what it needs)
# Prints a markdown table (for docs/BENCHMARKS.md) and keeps the raw lines in bench/mpi/target/results.txt.
set -euo pipefail
source "$(dirname "$0")/../../bin/hpjava-env.sh"
ROUNDS=${1:-5}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/mpi/run.sh [ROUNDS]   (ROUNDS a positive integer, not '$ROUNDS')" >&2; exit 2; }
HERE="$HPJAVA_HOME/bench/mpi"
T="$HERE/target"
"$HPJAVA_HOME/bin/setup-mpi.sh" --check >/dev/null || { echo "run.sh: Open MPI or its Java bindings are missing; run bin/setup-mpi.sh" >&2; exit 3; }
(cd "$HPJAVA_HOME" && ./mvnw -B -q -o -f bench/mpi/pom.xml package -DskipTests) || { echo "run.sh: building bench/mpi failed" >&2; exit 1; }
mkdir -p "$T"
mpicc -O2 -o "$T/pingpong" "$HERE/src/main/c/pingpong.c"
CP="$T/classes:$(cat "$T/classpath.txt")"
JNI_DIR=$(dirname "$(unzip -p "$HOME/.m2/repository/org/open-mpi/mpi/installed/mpi-installed.jar" META-INF/MANIFEST.MF | tr -d '\r' | sed -n 's/^HPJava-JNI-Library: //p')")
MPIRUN=(mpirun --oversubscribe -np 2)
[ "$(id -u)" = 0 ] && MPIRUN=(mpirun --allow-run-as-root --oversubscribe -np 2)
JAVA=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED "-Djava.library.path=$JNI_DIR" -cp "$CP")

# test = mode size iters reps
TESTS=("lat 8 20000 7" "lat 1048576 200 5" "bw 1048576 8 5")
OUT="$T/results.txt"
: > "$OUT"
for ((r = 1; r <= ROUNDS; r++)); do
  for t in "${TESTS[@]}"; do
    read -r mode size iters reps <<<"$t"
    "${MPIRUN[@]}" "$T/pingpong" "$mode" "$size" "$iters" "$reps" | sed "s/^/$r /" >> "$OUT"
    "${MPIRUN[@]}" "${JAVA[@]}" hpjava.bench.mpi.RawJavaPingPong "$mode" "$size" "$iters" "$reps" | sed "s/^/$r /" >> "$OUT"
    "${JAVA[@]}" hpjava.mpjdev.Launcher --backend mpi --np 2 hpjava.bench.mpi.MpjdevPingPong "$mode" "$size" "$iters" "$reps" \
      | grep '^mpjdev-mpi ' | sed "s/^/$r /" >> "$OUT"
  done
  echo "run.sh: round $r of $ROUNDS done" >&2
done

# Lines: round impl mode size value. Median per (round, impl, mode, size), then median over rounds.
awk '
  function median(arr, n,   i, j, t) { for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j + 1] = arr[j]; arr[j + 1] = t }
                                       return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
  { k = $2 SUBSEP $3 SUBSEP $4; rk = $1 SUBSEP k; n[rk]++; v[rk, n[rk]] = $5; keys[k] = 1; rounds[$1] = 1 }
  END {
    for (rk in n) { split(rk, p, SUBSEP); for (i = 1; i <= n[rk]; i++) a[i] = v[rk, i]; m = median(a, n[rk])
                    k = p[2] SUBSEP p[3] SUBSEP p[4]; rn[k]++; rv[k, rn[k]] = m }
    for (k in keys) { for (i = 1; i <= rn[k]; i++) a[i] = rv[k, i]; med[k] = median(a, rn[k]) }
    print "| test | C (mpicc) | raw Java binding | mpjdev mpi | mpjdev / raw Java | mpjdev / C |"
    print "|---|---|---|---|---|---|"
    split("lat 8|lat 1048576|bw 1048576", order, "|")
    for (o = 1; o <= 3; o++) { split(order[o], q, " "); mode = q[1]; size = q[2]
      c = med["c", mode, size]; j = med["java-raw", mode, size]; m = med["mpjdev-mpi", mode, size]
      unit = mode == "lat" ? " us" : " MB/s"
      name = mode == "lat" ? size " B ping-pong, half round trip" : size " B streaming, window 64"
      printf "| %s | %.3f%s | %.3f%s | %.3f%s | %.3f | %.3f |\n", name, c, unit, j, unit, m, unit, (j ? m / j : 0), (c ? m / c : 0) }
  }' "$OUT"
