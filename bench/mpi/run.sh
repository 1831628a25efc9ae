#!/usr/bin/env bash
# The mpi backend against raw Open MPI in one run: C (mpicc), the raw Java binding on direct buffers (initialised with
# MPI_Init, and with MPI_THREAD_MULTIPLE as the backend initialised it before 2026-11-23: "java-raw-mt"), and mpjdev's mpi backend, with
# one protocol (pingpong.c / RawJavaPingPong / MpjdevPingPong), interleaved per round with the order of the sides
# rotated from round to round; a round's value is the median of REPS repetitions, the reported value the median over
# rounds (with the lowest round median beside it: on a shared machine it is the least disturbed figure).
#
# usage: bench/mpi/run.sh [ROUNDS [TESTS]]   (default 5 rounds; TESTS a comma list of lat8,lat1m,bw1m, default all;
#        needs bin/setup-mpi.sh done; builds what it needs)
# Prints a markdown table (for docs/BENCHMARKS.md) with the load average of each round; the raw lines
# ("round impl mode size value") stay in bench/mpi/target/results.txt, the loads in target/load.txt.
set -euo pipefail
source "$(dirname "$0")/../../bin/hpjava-env.sh"
ROUNDS=${1:-5}
WHICH=${2:-lat8,lat1m,bw1m}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/mpi/run.sh [ROUNDS [lat8,lat1m,bw1m]]   (ROUNDS a positive integer, not '$ROUNDS')" >&2; exit 2; }
HERE="$HPJAVA_HOME/bench/mpi"
T="$HERE/target"
"$HPJAVA_HOME/bin/setup-mpi.sh" --check >/dev/null || { echo "run.sh: Open MPI or its Java bindings are missing; run bin/setup-mpi.sh" >&2; exit 3; }
(cd "$HPJAVA_HOME" && ./mvnw -B -q -o -f bench/mpi/pom.xml package -DskipTests) || { echo "run.sh: building bench/mpi failed" >&2; exit 1; }
mkdir -p "$T"
mpicc -O2 -o "$T/pingpong" "$HERE/src/main/c/pingpong.c"
CP="$T/classes:$(cat "$T/classpath.txt")"
source "$HERE/mpi-env.sh"
JAVA=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED "-Djava.library.path=$JNI_DIR" -cp "$CP")

# test = mode size iters reps
TESTS=()
for w in ${WHICH//,/ }; do
  case "$w" in
    lat8) TESTS+=("lat 8 20000 7") ;;
    lat1m) TESTS+=("lat 1048576 200 5") ;;
    bw1m) TESTS+=("bw 1048576 8 5") ;;
    *) echo "run.sh: unknown test '$w' (known: lat8, lat1m, bw1m)" >&2; exit 2 ;;
  esac
done
OUT="$T/results.txt"
LOAD="$T/load.txt"
: > "$OUT"
: > "$LOAD"
side() { # side INDEX mode size iters reps
  case "$1" in
    0) "${MPIRUN[@]}" "$T/pingpong" "$2" "$3" "$4" "$5" ;;
    1) "${MPIRUN[@]}" "${JAVA[@]}" hpjava.bench.mpi.RawJavaPingPong "$2" "$3" "$4" "$5" ;;
    2) "${MPIRUN[@]}" "${JAVA[@]}" -Dhpjava.bench.threadMultiple=true hpjava.bench.mpi.RawJavaPingPong "$2" "$3" "$4" "$5" ;;
    3) "${JAVA[@]}" hpjava.mpjdev.Launcher --backend mpi --np 2 hpjava.bench.mpi.MpjdevPingPong "$2" "$3" "$4" "$5" \
         | grep '^mpjdev-mpi ' ;;
    4) "${JAVA[@]}" hpjava.mpjdev.Launcher --backend mpi --np 2 hpjava.bench.mpi.MpjdevPingPong "$2" "$3" "$4" "$5" paired \
         | grep '^pair-' ;;
  esac
}
for ((r = 1; r <= ROUNDS; r++)); do
  echo "$r $(uptime | sed 's/.*load average: //; s/,//g')" >> "$LOAD"
  for t in "${TESTS[@]}"; do
    read -r mode size iters reps <<<"$t"
    for ((k = 0; k < 5; k++)); do side $(( (r + k) % 5 )) "$mode" "$size" "$iters" "$reps" | sed "s/^/$r /" >> "$OUT"; done
  done
  echo "run.sh: round $r of $ROUNDS done (load $(uptime | sed 's/.*load average: //'))" >&2
done
echo "$((ROUNDS + 1)) $(uptime | sed 's/.*load average: //; s/,//g')" >> "$LOAD"

# Lines: round impl mode size value. Median per (round, impl, mode, size), then median (and minimum/maximum for
# latency, maximum/minimum for bandwidth) over rounds.
awk -v loadfile="$LOAD" '
  function median(arr, n,   i, j, t) { for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j + 1] = arr[j]; arr[j + 1] = t }
                                       return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
  BEGIN { while ((getline line < loadfile) > 0) { split(line, f, " "); loads = loads (loads ? ", " : "") f[2] } }
  { k = $2 SUBSEP $3 SUBSEP $4; rk = $1 SUBSEP k; n[rk]++; v[rk, n[rk]] = $5; keys[k] = 1; rounds[$1] = 1 }
  END {
    for (rk in n) { split(rk, p, SUBSEP); for (i = 1; i <= n[rk]; i++) a[i] = v[rk, i]; m = median(a, n[rk])
                    k = p[2] SUBSEP p[3] SUBSEP p[4]; rn[k]++; rv[k, rn[k]] = m; rm[p[1], k] = m; if (p[1] + 0 > maxr) maxr = p[1] + 0
                    if (!(k in best) || (p[3] == "lat" ? m < best[k] : m > best[k])) best[k] = m }
    for (k in keys) { for (i = 1; i <= rn[k]; i++) a[i] = rv[k, i]; med[k] = median(a, rn[k])
                      for (r = 1; r <= maxr; r++) if ((r SUBSEP k) in rm) per[k] = per[k] (per[k] ? "/" : "") sprintf("%.3g", rm[r, k]) }
    print "| test | C (mpicc) | raw Java binding | raw Java, THREAD_MULTIPLE | mpjdev mpi | mpjdev / raw Java | mpjdev / raw Java MT | mpjdev / C |"
    print "|---|---|---|---|---|---|---|---|"
    split("lat 8|lat 1048576|bw 1048576", order, "|")
    for (o = 1; o <= 3; o++) { split(order[o], q, " "); mode = q[1]; size = q[2]
      if (!(("c" SUBSEP mode SUBSEP size) in keys)) continue
      c = med["c", mode, size]; j = med["java-raw", mode, size]; jm = med["java-raw-mt", mode, size]; m = med["mpjdev-mpi", mode, size]
      unit = mode == "lat" ? " us" : " MB/s"
      name = mode == "lat" ? size " B ping-pong, half round trip" : size " B streaming, window 64"
      printf "| %s, median of round medians | %.3f%s | %.3f%s | %.3f%s | %.3f%s | %.3f | %.3f | %.3f |\n", name, c, unit, j, unit, jm, unit, m, unit, (j ? m / j : 0), (jm ? m / jm : 0), (c ? m / c : 0)
      c = best["c", mode, size]; j = best["java-raw", mode, size]; jm = best["java-raw-mt", mode, size]; m = best["mpjdev-mpi", mode, size]
      printf "| %s, best round | %.3f%s | %.3f%s | %.3f%s | %.3f%s | %.3f | %.3f | %.3f |\n", name, c, unit, j, unit, jm, unit, m, unit, (j ? m / j : 0), (jm ? m / jm : 0), (c ? m / c : 0) }
    print ""
    print "Round medians (C / raw Java / raw Java MT / mpjdev, in round order):"
    for (o = 1; o <= 3; o++) { split(order[o], q, " "); mode = q[1]; size = q[2]
      if (!(("c" SUBSEP mode SUBSEP size) in keys)) continue
      printf "- %s %s: %s | %s | %s | %s\n", mode, size, per["c", mode, size], per["java-raw", mode, size], per["java-raw-mt", mode, size], per["mpjdev-mpi", mode, size] }
    print ""
    print "Same job, alternating repetitions (raw binding on a dup of MPI_COMM_WORLD at the backend'"'"'s thread level, and mpjdev):"
    print ""
    print "| test | raw Java binding, same job | mpjdev mpi, same job | mpjdev / raw, median of round medians | median of per-round ratios |"
    print "|---|---|---|---|---|"
    for (o = 1; o <= 3; o++) { split(order[o], q, " "); mode = q[1]; size = q[2]
      if (!(("pair-raw" SUBSEP mode SUBSEP size) in keys)) continue
      j = med["pair-raw", mode, size]; m = med["pair-mpjdev", mode, size]; nr = 0
      for (r = 1; r <= maxr; r++) if (((r SUBSEP "pair-raw" SUBSEP mode SUBSEP size) in rm) && rm[r, "pair-raw", mode, size] > 0) a[++nr] = rm[r, "pair-mpjdev", mode, size] / rm[r, "pair-raw", mode, size]
      unit = mode == "lat" ? " us" : " MB/s"
      name = mode == "lat" ? size " B ping-pong, half round trip" : size " B streaming, window 64"
      printf "| %s | %.3f%s | %.3f%s | %.3f | %.3f |\n", name, j, unit, m, unit, (j ? m / j : 0), median(a, nr)
      printf "- per round (raw / mpjdev): %s | %s\n", per["pair-raw", mode, size], per["pair-mpjdev", mode, size] }
    print ""
    print "Load average (1 min) at the start of each round and at the end: " loads
  }' "$OUT"
