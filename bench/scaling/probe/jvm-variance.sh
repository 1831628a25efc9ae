#!/usr/bin/env bash
# bench/scaling/probe: is HPJava's np 2 spread between rounds a property of each JVM (its JIT's outcome, its GC) or of
# the moment (the vCPUs)? Runs bench/scaling's programs as run.sh runs them (same commands, huge pages, warm-up and
# timed iterations), each side as REPS separate launches, the sides interleaved and their order rotating every rep,
# so every HPJava launch has a C launch beside it in time (docs/benchmarks/HISTORY.md, "np 2 variance at N = 1024 and
# red-black 2048"). Every HPJava JVM (the mt launcher, each mpi rank JVM) logs its JIT compilations, deoptimizations,
# safepoints and GCs with JVM uptimes to its own file (unified logging, asynchronous), and rank 0 prints its mean
# iteration per block of BLOCK iterations (SCALING_TRACE).
#
#   bench/scaling/probe/jvm-variance.sh [REPS=8] [KERNEL=jacobi] [N=1024] [SIDES="c-omp2 hpjava-mt2 c-mpi2 hpjava-mpi2"]
#                                       [BLOCK=ITERS/5]
#
# A side is c-omp, c-mpi, hpjava-mt or hpjava-mpi, then np, then optionally x or y: HPJava sides ending in x get the
# JVM options in HPJ_EXTRA, those ending in y the ones in HPJ_EXTRA_Y (A/Bs of JIT flags, e.g. SIDES="hpjava-mt2
# hpjava-mt2x" with HPJ_EXTRA=-XX:CompileThresholdScaling=0.2; bin/hpjava's default compile command is undone by
# HPJ_EXTRA="-XX:CompileCommand=CompileThresholdScaling,hpjava.*::*,1.0", the later command winning). WARMUP=K
# replaces run.sh's warm-up of 3 x ITERS on every side. One line per launch: VAR rep= side= iter_ms= sweep_ms=
# warm_ms= t= (UTC start) dir= (its output and JVM logs). Needs bench/scaling/run.sh to have built
# bench/scaling/target once. Run it with the machine to itself (/work/tools/machine-excl here).
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../../.." && pwd)"; out="$top/bench/scaling/target"
source "$top/bin/hpjava-env.sh" >/dev/null
reps=${1:-8} kernel=${2:-jacobi} n=${3:-1024} sides=${4:-"c-omp2 hpjava-mt2 c-mpi2 hpjava-mpi2"}
for v in "$reps" "$n"; do [[ "$v" =~ ^[0-9]+$ ]] || { echo "jvm-variance.sh: REPS and N are numbers" >&2; exit 2; }; done
case "$kernel" in jacobi) main=ScalingJacobi ;; redblack) main=ScalingRedBlack ;;
  *) echo "jvm-variance.sh: KERNEL is jacobi or redblack" >&2; exit 2 ;; esac
for f in c-omp c-mpi "hpj/$main.class"; do
  [ -e "$out/$f" ] || { echo "jvm-variance.sh: $out/$f missing: run bench/scaling/run.sh once to build" >&2; exit 2; }
done
iters=$(( 1000000000 / (n * n) )); [ "$iters" -lt 4 ] && iters=4
warm=${WARMUP:-$(( iters * 3 ))}; block=${5:-$(( iters / 5 ))}
[[ "$warm" =~ ^[0-9]+$ ]] || { echo "jvm-variance.sh: WARMUP must be a number of iterations" >&2; exit 2; }
export HPJAVA_NO_REBUILD=1 SCALING_TRACE=$block
logs="$out/variance-$kernel-$n-$(date -u +%Y%m%dT%H%M%SZ)"; mkdir -p "$logs"
GT=GLIBC_TUNABLES=glibc.malloc.hugetlb=1
MR=(mpirun --oversubscribe --bind-to none -x "$GT"); [ "$(id -u)" = 0 ] && MR+=(--allow-run-as-root)
# The JVM's own record, one file per process (%p), uptime-stamped: compilations (PrintCompilation's lines), deopts,
# safepoints, GCs. -Xlog:async keeps the writes off the logging threads.
xlog() { echo "-Xlog:async -Xlog:jit+compilation=debug,deoptimization=debug,safepoint=info,gc=info:file=$1/jvm-%p.log:uptime,tid"; }
rank_args() { local a; for a in $(xlog "$1") $2; do printf -- '--jvm-arg=%s\n' "$a"; done; }

run_side() {  # side dir: runs one launch of the side, its stdout+stderr in dir/out.txt
  local side=$1 d=$2 impl np x=""
  [[ "$side" =~ ^(c-omp|c-mpi|hpjava-mt|hpjava-mpi)([0-9]+)([xy]?)$ ]] || { echo "jvm-variance.sh: unknown side $side" >&2; return 2; }
  impl=${BASH_REMATCH[1]} np=${BASH_REMATCH[2]}
  case "${BASH_REMATCH[3]}" in x) x=${HPJ_EXTRA:-} ;; y) x=${HPJ_EXTRA_Y:-} ;; esac
  case "$impl" in
    c-omp) env "$GT" OMP_NUM_THREADS="$np" OMP_PROC_BIND=false "$out/c-omp" "$kernel" "$n" "$warm" "$iters" ;;
    c-mpi) "${MR[@]}" -np "$np" "$out/c-mpi" "$kernel" "$n" "$warm" "$iters" ;;
    hpjava-mt)
      HPJAVA_JAVA_OPTS="$(xlog "$d") $x" "$top/bin/hpjava" run --np "$np" --backend mt -cp "$out/hpj" "$main" "$n" "$warm" "$iters" ;;
    hpjava-mpi)
      # shellcheck disable=SC2046
      "$top/bin/hpjava" run --np "$np" --backend mpi $(rank_args "$d" "$x") -cp "$out/hpj" "$main" "$n" "$warm" "$iters" ;;
  esac >"$d/out.txt" 2>&1
}

read -r -a sidelist <<<"$sides"
count=${#sidelist[@]}
echo "# jvm-variance kernel=$kernel n=$n warmup=$warm iters=$iters block=$block reps=$reps sides=$sides $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg) logs=$logs"
for ((r = 1; r <= reps; r++)); do
  for ((v = 0; v < count; v++)); do
    side=${sidelist[$(( (v + r) % count ))]}
    d="$logs/$r-$side"; mkdir -p "$d"
    t=$(date -u +%T)
    if run_side "$side" "$d" && line=$(grep -m1 '^RESULT ' "$d/out.txt"); then
      echo "VAR rep=$r side=$side $(grep -o 'iter_ms=[^ ]* sweep_ms=[^ ]* warm_ms=[^ ]*' <<<"$line") t=$t dir=$d" |
        tee -a "$logs/var.txt"
    else
      echo "VAR rep=$r side=$side FAILED t=$t dir=$d: $(tail -3 "$d/out.txt" | tr '\n' ' ')"
    fi
  done
done
echo "# end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
# per side: the median (range) of the timed iteration and the median warm-up iteration, ms
stats() { sort -n | awk '{ v[NR] = $1 } END { if (NR) printf "%.4f %.4f %.4f", NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2, v[1], v[NR] }'; }
for side in "${sidelist[@]}"; do
  lines=$(grep " side=$side " "$logs/var.txt" 2>/dev/null) || continue
  read -r im imin imax <<<"$(grep -o 'iter_ms=[^ ]*' <<<"$lines" | cut -d= -f2 | stats)"
  read -r wm _ _ <<<"$(grep -o 'warm_ms=[^ ]*' <<<"$lines" | cut -d= -f2 | stats)"
  echo "SUMMARY side=$side runs=$(wc -l <<<"$lines") iter_ms=$im ($imin-$imax) warm_ms=$wm"
done
