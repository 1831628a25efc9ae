#!/usr/bin/env bash
# bench/scaling: Jacobi ([HPJava-RT] Figure 2, the nest in main), red-black SOR, Jacobi with its convergence measure as a
# reduction into a local (residual) and the 3-D 7-point Jacobi (jacobi3d), HPJava on mt/mpi/ucx against plain
# sequential Java, Java parallel streams, C -O3 -march=native sequential, C OpenMP and C MPI, in interleaved rounds
# (the order of the variants rotates every round), every side checking the same checksum. Builds what it needs (gcc,
# mpicc, javac, bin/hpjavac) into bench/scaling/target, then prints the tables of docs/BENCHMARKS.md "Stencils".
#
#   bench/scaling/run.sh [--sizes 1024,2048,4096] [--np 1,2,4] [--kernels jacobi,redblack,residual,jacobi3d]
#                        [--rounds 3] [--backends mt,mpi,ucx] [--iters-scale 1.0] [--warmup-factor 3] [--no-huge-pages]
#
# Iterations per run: ITERS = max(4, 1e9 / N^2 * scale) timed after WARMUP = max(2, ITERS * factor) untimed ones,
# the same for every implementation (so the checksums agree). The factor 3 lets every JVM side finish its JIT
# compilation before the timed iterations (README.md, "Warm-up"; 0.5 was the warm-up before). Every side gets huge
# pages where the kernel hands them out on request (README.md, "Huge pages"); --no-huge-pages turns them off. A backend or compiler that is missing is skipped with a
# note (C MPI needs mpicc and mpirun, and has jacobi and redblack only; hpjava mpi/ucx need bin/setup-mpi.sh /
# bin/setup-ucx.sh). jacobi3d runs an M^3 grid, M = round(cbrt(N^2)): as many points as N^2. Exit status: 0, 1 if
# a run failed or the checksums of one kernel and size differ, 2 for bad options.
# With the warm-up of 3 x ITERS one size and kernel at np 1,2,4 on 3 backends takes 3-4.5 minutes for 2 rounds, so
# the whole matrix (3 sizes, 4 kernels, 3 rounds) about 1.2 hours; to hold the machine for less at a time, run it per
# size and kernel and report the results files together (the report ends every run):
#   java bench/scaling/java/ScalingReport.java bench/scaling/target/results-*.txt
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
source "$top/bin/hpjava-env.sh"

sizes=1024,2048,4096 nps=1,2,4 kernels=jacobi,redblack,residual,jacobi3d rounds=3 backends=mt,mpi,ucx scale=1.0
huge=1 warmup_factor=3
usage() { sed -n '8,9p' "$0" | sed 's/^# *//' >&2; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --sizes|--np|--kernels|--rounds|--backends|--iters-scale|--warmup-factor)
      [ $# -ge 2 ] || { echo "run.sh: $1 needs a value" >&2; usage; }
      case "$1" in
        --sizes) sizes=$2 ;; --np) nps=$2 ;; --kernels) kernels=$2 ;; --rounds) rounds=$2 ;;
        --backends) backends=$2 ;; --iters-scale) scale=$2 ;; --warmup-factor) warmup_factor=$2 ;;
      esac
      shift 2 ;;
    --no-huge-pages) huge=0; shift ;;
    -h|--help) usage ;;
    *) echo "run.sh: unknown option '$1'" >&2; usage ;;
  esac
done
[[ "$sizes" =~ ^[0-9]+(,[0-9]+)*$ ]] || { echo "run.sh: --sizes wants numbers like 1024,2048" >&2; exit 2; }
[[ "$nps" =~ ^[0-9]+(,[0-9]+)*$ ]] || { echo "run.sh: --np wants numbers like 1,2,4" >&2; exit 2; }
kpat='(jacobi|redblack|residual|jacobi3d)'
[[ "$kernels" =~ ^$kpat(,$kpat)*$ ]] || { echo "run.sh: --kernels: jacobi, redblack, residual, jacobi3d" >&2; exit 2; }
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --rounds wants a positive integer" >&2; exit 2; }
[[ "$backends" =~ ^(mt|mpi|ucx)(,(mt|mpi|ucx))*$ ]] || { echo "run.sh: --backends: mt, mpi, ucx" >&2; exit 2; }
[[ "$scale" =~ ^[0-9]*\.?[0-9]+$ ]] || { echo "run.sh: --iters-scale wants a positive number" >&2; exit 2; }
[[ "$warmup_factor" =~ ^[0-9]*\.?[0-9]+$ ]] || { echo "run.sh: --warmup-factor wants a number >= 0" >&2; exit 2; }
IFS=, read -r -a sizes <<<"$sizes"; IFS=, read -r -a nps <<<"$nps"
IFS=, read -r -a kernels <<<"$kernels"; IFS=, read -r -a backends <<<"$backends"
for n in "${sizes[@]}"; do [ "$n" -ge 8 ] || { echo "run.sh: sizes must be >= 8" >&2; exit 2; }; done
for p in "${nps[@]}"; do [ "$p" -ge 1 ] || { echo "run.sh: --np values must be >= 1" >&2; exit 2; }; done

out="$here/target"; mkdir -p "$out/java" "$out/hpj"
note() { echo "scaling: $*" >&2; }

# --- build --------------------------------------------------------------------------------------------------------
cflags=(-O3 -march=native -ffp-contract=off -Wall)   # no FMA contraction: Java does not contract either
gcc "${cflags[@]}" -Wno-unknown-pragmas -o "$out/c-seq" "$here/c/stencil.c" -lm
gcc "${cflags[@]}" -fopenmp -o "$out/c-omp" "$here/c/stencil.c" -lm
have_cmpi=0
if command -v mpicc >/dev/null && command -v mpirun >/dev/null; then
  mpicc "${cflags[@]}" -o "$out/c-mpi" "$here/c/stencil_mpi.c" -lm || { echo "run.sh: mpicc failed" >&2; exit 1; }
  have_cmpi=1
else
  note "no mpicc/mpirun: C MPI skipped (bin/setup-mpi.sh installs Open MPI)"
fi
"$JAVA_HOME/bin/javac" -d "$out/java" "$here/java/PlainStencil.java"
"$top/bin/hpjavac" -d "$out/hpj" "$here/hpj/ScalingJacobi.hpj" "$here/hpj/ScalingRedBlack.hpj" \
  "$here/hpj/ScalingResidual.hpj" "$here/hpj/Scaling3D.hpj"
mpirun_cmd=(mpirun --oversubscribe --bind-to none)
[ "$(id -u)" = 0 ] && mpirun_cmd+=(--allow-run-as-root)

# --- huge pages: every side or none (README.md, "Huge pages") ----------------------------------------------------
# Where the kernel gives transparent huge pages only on request ([madvise], Debian's default), each side asks as its
# users would: the JVMs with -XX:+UseTransparentHugePages (bin/hpjava's rule; hpjava run passes it to every rank
# JVM), glibc's malloc with GLIBC_TUNABLES=glibc.malloc.hugetlb=1 (madvise(MADV_HUGEPAGE) on its mmap'd chunks: the
# grids). --no-huge-pages turns it off on every side. In [always] mode every side gets them anyway, in [never] none.
java_thp=() c_env=() mpi_env=() hpj_env=() hpj_rank_args=()
if grep -qF '[madvise]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null; then
  if [ "$huge" = 1 ]; then
    java_thp=(-XX:+UseTransparentHugePages) c_env=(GLIBC_TUNABLES=glibc.malloc.hugetlb=1)
    mpi_env=(-x GLIBC_TUNABLES=glibc.malloc.hugetlb=1)
  else
    hpj_env=(HPJAVA_JAVA_OPTS=-XX:-UseTransparentHugePages) hpj_rank_args=(--jvm-arg=-XX:-UseTransparentHugePages)
  fi
fi

# --- the variants -------------------------------------------------------------------------------------------------
# One line each: a label, then the command (words separated by spaces; K N W I are filled in at run time).
variants=()
variants+=("c-seq 1|env ${c_env[*]} $out/c-seq")
variants+=("java-seq 1|$JAVA_HOME/bin/java ${java_thp[*]} -cp $out/java PlainStencil seq")
for p in "${nps[@]}"; do
  variants+=("c-omp $p|env ${c_env[*]} OMP_NUM_THREADS=$p OMP_PROC_BIND=false $out/c-omp")
  [ "$p" -gt 1 ] && variants+=("java-streams $p|$JAVA_HOME/bin/java ${java_thp[*]} -Djava.util.concurrent.ForkJoinPool.common.parallelism=$((p - 1)) -cp $out/java PlainStencil streams")
  [ "$have_cmpi" = 1 ] && variants+=("c-mpi $p|${mpirun_cmd[*]} ${mpi_env[*]} -np $p $out/c-mpi")
  for b in "${backends[@]}"; do
    rank_args=(); [ "$b" = mt ] || rank_args=("${hpj_rank_args[@]}")
    variants+=("hpjava-$b $p|env ${hpj_env[*]} $top/bin/hpjava run --np $p --backend $b ${rank_args[*]} -cp $out/hpj")
  done
done

results="$out/results-$(date -u +%Y%m%dT%H%M%SZ).txt"
: >"$results"
note "results in $results; huge pages: $([ "$huge" = 1 ] && echo "every side (${java_thp[*]:-kernel default} ${c_env[*]})" || echo "off on every side"); load before: $(cut -d' ' -f1-3 /proc/loadavg)"
failed=0
for ((r = 1; r <= rounds; r++)); do
  for n in "${sizes[@]}"; do
    iters=$(awk -v n="$n" -v s="$scale" 'BEGIN { i = int(1e9 / (n * n) * s); print (i < 4 ? 4 : i) }')
    warm=$(awk -v i="$iters" -v f="$warmup_factor" 'BEGIN { w = int(i * f); print (w < 2 ? 2 : w) }')
    for k in "${kernels[@]}"; do
      count=${#variants[@]}
      for ((v = 0; v < count; v++)); do
        entry="${variants[$(( (v + r) % count ))]}"
        label="${entry%%|*}" cmd="${entry#*|}"
        impl="${label% *}" np="${label#* }"
        case "$impl" in
          c-mpi) [[ "$k" =~ ^(jacobi|redblack)$ ]] || continue; args=("$k" "$n" "$warm" "$iters") ;;
          c-*|java-*) args=("$k" "$n" "$warm" "$iters") ;;
          hpjava-*)
            case "$k" in
              jacobi) main=ScalingJacobi ;; redblack) main=ScalingRedBlack ;;
              residual) main=ScalingResidual ;; jacobi3d) main=Scaling3D ;;
            esac
            args=("$main" "$n" "$warm" "$iters") ;;
        esac
        # shellcheck disable=SC2086
        if line=$($cmd "${args[@]}" 2>"$out/last-stderr.txt" | grep '^RESULT '); then
          echo "round=$r label=$impl warmup=$warm iters=$iters ${line#RESULT }" >>"$results"
          printf '  round %d  %-14s np=%-2s %-8s n=%-5s %s\n' "$r" "$impl" "$np" "$k" "$n" \
            "$(sed 's/.*iter_ms=\([^ ]*\).*/\1 ms an iteration/' <<<"$line")" >&2
        else
          note "FAILED: $impl np=$np $k n=$n: $(tail -3 "$out/last-stderr.txt" | tr '\n' ' ')"
          failed=1
        fi
      done
    done
  done
done
note "load after: $(cut -d' ' -f1-3 /proc/loadavg)"
"$JAVA_HOME/bin/java" "$here/java/ScalingReport.java" "$results" || failed=1
exit $failed
