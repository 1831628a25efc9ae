#!/usr/bin/env bash
# bench/latency: what overlap costs when there is no latency to hide. bench/scaling's Jacobi and red-black
# (hpj/ScalingJacobi.hpj, ScalingRedBlack.hpj) compiled by hpjavac with --overlap and with --no-overlap (the default), run alternately
# (A/B/B/A... per round) with bin/hpjava on one machine; prints per backend, kernel, N and np the median iteration
# time of each and their ratio. Run it with the machine to itself (bench/lock/machine-excl).
#
#   bench/latency/overhead.sh [--backends mt,mpi] [--sizes 1024,2048] [--np 2] [--kernels jacobi,redblack]
#                             [--rounds 5] [--iters 300] [--warmup 150]
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
BACKENDS=mt,mpi SIZES=1024,2048 NPS=2 KERNELS=jacobi,redblack ROUNDS=5 ITERS=300 WARMUP=150
while [ $# -gt 0 ]; do
  case "$1" in
    --backends) BACKENDS=$2; shift 2 ;; --sizes) SIZES=$2; shift 2 ;; --np) NPS=$2; shift 2 ;;
    --kernels) KERNELS=$2; shift 2 ;; --rounds) ROUNDS=$2; shift 2 ;; --iters) ITERS=$2; shift 2 ;;
    --warmup) WARMUP=$2; shift 2 ;;
    *) sed -n '2,8p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2 ;;
  esac
done
WORK=$ROOT/bench/latency/target
mkdir -p "$WORK"
for mode in overlap no-overlap; do
  rm -rf "$WORK/hpj-$mode"
  "$ROOT/bin/hpjavac" -d "$WORK/hpj-$mode" --$mode \
    "$ROOT/bench/scaling/hpj/ScalingJacobi.hpj" "$ROOT/bench/scaling/hpj/ScalingRedBlack.hpj"
done
OUT=$WORK/overhead-$(date -u +%Y%m%dT%H%M%SZ).txt
: > "$OUT"
IFS=, read -ra backends <<< "$BACKENDS"; IFS=, read -ra sizes <<< "$SIZES"; IFS=, read -ra nps <<< "$NPS"
IFS=, read -ra kernels <<< "$KERNELS"
for ((r = 0; r < ROUNDS; r++)); do
  for b in "${backends[@]}"; do for kernel in "${kernels[@]}"; do for n in "${sizes[@]}"; do for np in "${nps[@]}"; do
    main=ScalingJacobi; [ "$kernel" = redblack ] && main=ScalingRedBlack
    order=(overlap no-overlap); [ $((r % 2)) = 1 ] && order=(no-overlap overlap)
    for mode in "${order[@]}"; do
      line=$(HPJAVA_NO_REBUILD=1 "$ROOT/bin/hpjava" run --backend "$b" --np "$np" -cp "$WORK/hpj-$mode" "$main" "$n" "$WARMUP" "$ITERS" | grep '^RESULT')
      echo "backend=$b variant=$mode $line" | tee -a "$OUT"
    done
  done; done; done; done
done
# medians and ratios
awk '{ for (i = 1; i <= NF; i++) { split($i, kv, "="); f[kv[1]] = kv[2] }
       key = f["backend"] " " f["kernel"] " N=" f["n"] " np=" f["np"]; t[key, f["variant"]] = t[key, f["variant"]] " " f["iter_ms"];
       keys[key] = 1; if (sum[key] == "") sum[key] = f["checksum"]; else if (sum[key] != f["checksum"]) bad = bad "\n" key }
     function median(s,   a, n, i, j, x) { n = split(s, a, " "); for (i = 2; i <= n; i++) { x = a[i]; for (j = i - 1; j >= 1 && a[j] + 0 > x + 0; j--) a[j + 1] = a[j]; a[j + 1] = x }
                                          return n % 2 ? a[(n + 1) / 2] : (a[n / 2] + a[n / 2 + 1]) / 2 }
     END { for (k in keys) { o = median(t[k, "overlap"]); p = median(t[k, "no-overlap"]);
             printf "%-28s overlap %.4f ms  no-overlap %.4f ms  ratio %.4f\n", k, o, p, o / p }
           if (bad != "") { print "CHECKSUM MISMATCH:" bad; exit 1 } }' "$OUT" | sort
