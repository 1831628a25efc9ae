#!/usr/bin/env bash
# The mpi backend's FFM binding against C and against Open MPI's Java binding, on Open MPI and on MPICH, in one run:
# per implementation, the C ping-pong (pingpong.c, compiled with that implementation's mpicc and started by its own
# launcher) and mpjdev's mpi backend over the FFM binding (MpjdevPingPong, --option impl=IMPL); on Open MPI also
# the backend over Open MPI's Java binding (--option binding=jni) and the raw Java binding (RawJavaPingPong); at
# 8 B also, on both, C with the device's call pattern (pingpong.c lattest: MPI_Isend/MPI_Irecv + an MPI_Test loop).
# The sides are interleaved, their order rotated from round to round; a round's value is the median of REPS
# repetitions, the reported value the median of the round medians.
#
# usage: bench/mpi/ffm.sh [ROUNDS [TESTS]]   (default 5 rounds; TESTS a comma list of lat8,bw1m,bw64k, default
#        lat8,bw1m; bw64k: 65000 B, the largest message the device sends as one MPI message;
#        needs bin/setup-mpi.sh done; builds what it needs). Run it under bench/lock/machine-excl on shared machines.
# Prints a markdown table; raw lines ("round side mode size value") stay in bench/mpi/target/ffm-results.txt.
set -euo pipefail
source "$(dirname "$0")/../../bin/hpjava-env.sh"
ROUNDS=${1:-5}
WHICH=${2:-lat8,bw1m}
[[ "$ROUNDS" =~ ^[1-9][0-9]*$ ]] || { echo "usage: bench/mpi/ffm.sh [ROUNDS [lat8,bw1m]]   (ROUNDS a positive integer, not '$ROUNDS')" >&2; exit 2; }
HERE="$HPJAVA_HOME/bench/mpi"
T="$HERE/target"
"$HPJAVA_HOME/bin/setup-mpi.sh" --check >/dev/null || { echo "ffm.sh: MPI is not set up; run bin/setup-mpi.sh" >&2; exit 3; }
(cd "$HPJAVA_HOME" && ./mvnw -B -q -o -f bench/mpi/pom.xml package -DskipTests) || { echo "ffm.sh: building bench/mpi failed" >&2; exit 1; }
mkdir -p "$T"
mpicc.openmpi -O2 -o "$T/pingpong-openmpi" "$HERE/src/main/c/pingpong.c"
mpicc.mpich -O2 -o "$T/pingpong-mpich" "$HERE/src/main/c/pingpong.c"
CP="$T/classes:$(cat "$T/classpath.txt")"
source "$HERE/mpi-env.sh"
JAVA=("$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED "-Djava.library.path=$JNI_DIR" -cp "$CP")
LAUNCH=("${JAVA[@]}" hpjava.mpjdev.Launcher --backend mpi --np 2)

TESTS=()
for w in ${WHICH//,/ }; do
  case "$w" in
    lat8) TESTS+=("lat 8 20000 7") ;;
    bw1m) TESTS+=("bw 1048576 8 5") ;;
    bw64k) TESTS+=("bw 65000 64 5") ;; # the largest size sent as one MPI message (with mpjdev's header)
    *) echo "ffm.sh: unknown test '$w' (known: lat8, bw1m, bw64k)" >&2; exit 2 ;;
  esac
done
SIDES=(c-openmpi ffm-openmpi jni-openmpi raw-java-openmpi c-mpich ffm-mpich c-test-openmpi c-test-mpich)
side() { # side NAME mode size iters reps: prints "NAME mode size value" lines
  local name=$1; shift
  case "$name" in
    c-openmpi) "${MPIRUN[@]}" "$T/pingpong-openmpi" "$@" ;;
    c-mpich) mpiexec.mpich -n 2 "$T/pingpong-mpich" "$@" ;;
    raw-java-openmpi) "${MPIRUN[@]}" "${JAVA[@]}" hpjava.bench.mpi.RawJavaPingPong "$@" ;;
    ffm-openmpi) "${LAUNCH[@]}" --option impl=openmpi hpjava.bench.mpi.MpjdevPingPong "$@" ;;
    jni-openmpi) "${LAUNCH[@]}" --option impl=openmpi --option binding=jni hpjava.bench.mpi.MpjdevPingPong "$@" ;;
    ffm-mpich) "${LAUNCH[@]}" --option impl=mpich hpjava.bench.mpi.MpjdevPingPong "$@" ;;
    c-test-openmpi) if [ "$1" = lat ]; then shift; "${MPIRUN[@]}" "$T/pingpong-openmpi" lattest "$@"; fi ;;
    c-test-mpich) if [ "$1" = lat ]; then shift; mpiexec.mpich -n 2 "$T/pingpong-mpich" lattest "$@"; fi ;;
  esac | awk -v n="$name" 'NF == 4 && $1 ~ /^(c|java-raw|mpjdev-mpi)$/ { print n, $2, $3, $4 }'
}
OUT="$T/ffm-results.txt"
: > "$OUT"
LOADS=""
for ((r = 1; r <= ROUNDS; r++)); do
  LOADS="$LOADS $(uptime | sed 's/.*load average: //; s/,.*//')"
  for t in "${TESTS[@]}"; do
    read -r mode size iters reps <<<"$t"
    for ((k = 0; k < ${#SIDES[@]}; k++)); do
      side "${SIDES[$(( (r + k) % ${#SIDES[@]} ))]}" "$mode" "$size" "$iters" "$reps" | sed "s/^/$r /" >> "$OUT"
    done
  done
  echo "ffm.sh: round $r of $ROUNDS done (load $(uptime | sed 's/.*load average: //'))" >&2
done

awk -v loads="$LOADS" '
  function median(arr, n,   i, j, t) { for (i = 2; i <= n; i++) { t = arr[i]; for (j = i - 1; j >= 1 && arr[j] > t; j--) arr[j + 1] = arr[j]; arr[j + 1] = t }
                                       return n % 2 ? arr[(n + 1) / 2] : (arr[n / 2] + arr[n / 2 + 1]) / 2 }
  { k = $2 SUBSEP $3 SUBSEP $4; rk = $1 SUBSEP k; n[rk]++; v[rk, n[rk]] = $5 }
  END {
    for (rk in n) { split(rk, p, SUBSEP); for (i = 1; i <= n[rk]; i++) a[i] = v[rk, i]
                    k = p[2] SUBSEP p[3] SUBSEP p[4]; rn[k]++; rv[k, rn[k]] = median(a, n[rk]) }
    for (k in rn) { for (i = 1; i <= rn[k]; i++) a[i] = rv[k, i]; med[k] = median(a, rn[k]) }
    print "| test | impl | C (mpicc) | mpjdev, FFM binding | FFM / C | mpjdev, Open MPI Java binding | raw Java binding | FFM / Java binding (mpjdev) | C, MPI_Test loop |"
    print "|---|---|---|---|---|---|---|---|---|"
    split("lat 8|bw 1048576|bw 65000", order, "|"); split("openmpi mpich", impls, " ")
    for (o = 1; o <= 3; o++) { split(order[o], q, " "); mode = q[1]; size = q[2]
      unit = mode == "lat" ? " us" : " MB/s"
      name = mode == "lat" ? "8 B half round trip" : size == 65000 ? "65000 B streaming, window 64" : "1 MiB streaming, window 64"
      for (m = 1; m <= 2; m++) { im = impls[m]
        c = med["c-" im, mode, size]; f = med["ffm-" im, mode, size]; j = med["jni-" im, mode, size]; rj = med["raw-java-" im, mode, size]
        ct = med["c-test-" im, "lattest", size]
        if (c == "" && f == "") continue
        printf "| %s | %s | %.3f%s | %.3f%s | %.3f | %s | %s | %s | %s |\n", name, im, c, unit, f, unit, (c ? f / c : 0),
               (j == "" ? "-" : sprintf("%.3f%s", j, unit)), (rj == "" ? "-" : sprintf("%.3f%s", rj, unit)), (j == "" ? "-" : sprintf("%.3f", f / j)),
               (ct == "" ? "-" : sprintf("%.3f%s", ct, unit)) } }
    print ""
    print "Load average (1 min) at the start of each round:" loads
    print ""
    print "Round medians per side (the machine has fast and slow states that last a whole launch; the best round is"
    print "the side in the fast state):"
    for (k in rn) { split(k, p, SUBSEP); line = sprintf("  %-20s %-8s %8s:", p[1], p[2], p[3]); best = ""
                    for (i = 1; i <= rn[k]; i++) { line = line sprintf(" %.3f", rv[k, i]); if (best == "" || (p[2] == "bw" ? rv[k, i] > best : rv[k, i] < best)) best = rv[k, i] }
                    print line sprintf("   best %.3f", best) | "sort" }
    close("sort")
  }' "$OUT"
