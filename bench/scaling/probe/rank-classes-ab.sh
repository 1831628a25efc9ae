#!/usr/bin/env bash
# bench/scaling/probe: mt ranks sharing one copy of the program's classes (--option rank-classes=shared) against a
# class loader per rank (rank-classes=per-rank), the same jar, interleaved (the order alternates every round), each
# round under its own exclusive hold (docs/benchmarks/HISTORY.md, "mt ranks sharing the program's classes").
#
#   bench/scaling/probe/rank-classes-ab.sh [ROUNDS=3] [SIZES="1024 2048"] [NPS="2 4"] [LOCK=/work/tools/machine-excl]
#
# One line per run: AB round= kernel= n= np= classes= iter_ms= (bench/scaling's ScalingJacobi/ScalingRedBlack, ITERS =
# 1e9 / N^2 after ITERS / 2 warm-up iterations, as run.sh) jit_s= (the JVM's total compilation time, -XX:+CITime)
# c2_s= (C2's part) wall_s=; then, N = 1024 np 2 from a cold start (warm/Warm*.hpj, 3000 iterations, no warm-up), WARM
# lines: rank 0's iteration times in blocks of 100 and when the blocks settle within 15 % of the steady median.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../../.." && pwd)"
source "$top/bin/hpjava-env.sh"
rounds=${1:-3} sizes=${2:-"1024 2048"} nps=${3:-"2 4"} lock=${4:-}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "rank-classes-ab.sh: ROUNDS must be a positive integer" >&2; exit 2; }
out="$here/../target/rank-classes"; mkdir -p "$out/hpj"
"$JAVA_HOME/bin/javac" -d "$out/hpj" "$here/warm/Warm.java"
"$top/bin/hpjavac" -cp "$out/hpj" -d "$out/hpj" "$here/../hpj/ScalingJacobi.hpj" "$here/../hpj/ScalingRedBlack.hpj" \
  "$here/warm/WarmJacobi.hpj" "$here/warm/WarmRedBlack.hpj"
export HPJAVA_NO_REBUILD=1   # built just now by hpjavac: never rebuild inside a timed round

one() {  # round kernel-class kernel n np classes warm iters
  local t0 t1 log="$out/last.txt"
  t0=$(date +%s.%N)
  HPJAVA_JAVA_OPTS="-XX:+CITime" "$top/bin/hpjava" run --np "$5" --backend mt --option "rank-classes=$6" -cp "$out/hpj" \
    "$2" "$4" "$7" "$8" >"$log" 2>&1 || { echo "rank-classes-ab.sh: FAILED: $*: $(tail -3 "$log" | tr '\n' ' ')" >&2; exit 1; }
  t1=$(date +%s.%N)
  local iter jit c2
  iter=$(grep -o 'iter_ms=[0-9.]*' "$log" | cut -d= -f2)
  jit=$(grep 'Total compilation time' "$log" | awk '{print $5}')
  c2=$(grep '^  C2 {' "$log" | sed 's/.*standard: *\([0-9.]*\) s.*osr: *\([0-9.]*\) s.*/\1 \2/' | awk '{print $1 + $2}')
  echo "AB round=$1 kernel=$3 n=$4 np=$5 classes=$6 iter_ms=$iter jit_s=$jit c2_s=$c2 wall_s=$(echo "$t1 - $t0" | bc)"
  grep '^WARM' "$log" | sed "s/^WARM/WARM round=$1 kernel=$3 np=$5 classes=$6/" || true
}

echo "# rank-classes-ab rounds=$rounds sizes=$sizes nps=$nps $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; r++)); do
  if [ $((r % 2)) = 1 ]; then order="per-rank shared"; else order="shared per-rank"; fi
  round() {
    for n in $sizes; do
      iters=$(( 1000000000 / (n * n) )); [ "$iters" -lt 40 ] && iters=40
      for p in $nps; do
        for k in jacobi:ScalingJacobi redblack:ScalingRedBlack; do
          for c in $order; do one "$r" "${k#*:}" "${k%%:*}" "$n" "$p" "$c" $((iters / 2)) "$iters"; done
        done
      done
    done
    for k in jacobi:WarmJacobi redblack:WarmRedBlack; do
      for c in $order; do one "$r" "${k#*:}" "warm-${k%%:*}" 1024 2 "$c" 0 3000; done
    done
  }
  if [ -n "$lock" ]; then export -f round one; export r order sizes nps out top; "$lock" bash -c round; else round; fi
done
echo "# end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
