#!/usr/bin/env bash
# bench/scaling/probe: huge pages on every side, A/B, and where each side reaches its steady state (issue 13 item 3,
# docs/benchmarks/HISTORY.md "Fair baselines"). Every C and Java side of bench/scaling (C sequential, OpenMP, C MPI, plain
# Java, Java parallel streams, HPJava mt np 1 and 2, mpi and ucx np 2) runs with and without huge pages, each pair
# back to back, in interleaved rounds (the order of the sides rotates), with SCALING_TRACE=BLOCK: every program prints
# its mean iteration time of every BLOCK iterations from the first one, warm-up included. Then
# java probe/FairReport.java prints the A/B medians and, per side, the iteration from which its time stays level.
#
#   bench/scaling/probe/fair-ab.sh N WARMUP ITERS BLOCK [ROUNDS=2] [KERNELS="jacobi redblack"] [SIDES=all]
#
# "With huge pages" is what bench/scaling/run.sh gives every side by default where the kernel's mode is [madvise]:
# the JVMs -XX:+UseTransparentHugePages, glibc's malloc GLIBC_TUNABLES=glibc.malloc.hugetlb=1; "without" turns them
# off (HPJAVA_JAVA_OPTS and --jvm-arg with -XX:-UseTransparentHugePages for HPJava, whose launcher asks by default).
# During each C run with huge pages the probe also records AnonHugePages of /proc/PID/smaps_rollup (rank 0's process),
# the proof that the grids got them. Needs bench/scaling/run.sh to have built bench/scaling/target once. Run it with
# the machine to itself (/work/tools/machine-excl here); the results go to bench/scaling/target/fair-N-TIME.txt.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../../.." && pwd)"; out="$top/bench/scaling/target"
source "$top/bin/hpjava-env.sh" >/dev/null
[ $# -ge 4 ] || { sed -n '9p' "$0" | sed 's/^# *//' >&2; exit 2; }
n=$1 warm=$2 iters=$3 block=$4 rounds=${5:-2} kernels=${6:-"jacobi redblack"} sides=${7:-all}
for v in "$n" "$warm" "$iters" "$block" "$rounds"; do
  [[ "$v" =~ ^[0-9]+$ ]] || { echo "fair-ab.sh: N, WARMUP, ITERS, BLOCK and ROUNDS are numbers, got '$v'" >&2; exit 2; }
done
for f in c-seq c-omp c-mpi java/PlainStencil.class hpj/ScalingJacobi.class; do
  [ -e "$out/$f" ] || { echo "fair-ab.sh: $out/$f missing: run bench/scaling/run.sh once to build" >&2; exit 2; }
done
grep -qF '[madvise]' /sys/kernel/mm/transparent_hugepage/enabled ||
  echo "fair-ab.sh: warning: the kernel's THP mode is not madvise; on and off differ only where a side asks" >&2

J="$JAVA_HOME/bin/java" H="$top/bin/hpjava" OFF=-XX:-UseTransparentHugePages ON=-XX:+UseTransparentHugePages
MR=(mpirun --oversubscribe --bind-to none); [ "$(id -u)" = 0 ] && MR+=(--allow-run-as-root)
GT=GLIBC_TUNABLES=glibc.malloc.hugetlb=1
# side|command with huge pages|command without (KERNEL N WARMUP ITERS, or the HPJava main class, appended)
all=(
  "c-seq|env $GT $out/c-seq|$out/c-seq"
  "c-omp2|env $GT OMP_NUM_THREADS=2 OMP_PROC_BIND=false $out/c-omp|env OMP_NUM_THREADS=2 OMP_PROC_BIND=false $out/c-omp"
  "c-mpi2|${MR[*]} -x $GT -np 2 $out/c-mpi|${MR[*]} -np 2 $out/c-mpi"
  "java-seq|$J $ON -cp $out/java PlainStencil seq|$J $OFF -cp $out/java PlainStencil seq"
  "java-streams2|$J $ON -Djava.util.concurrent.ForkJoinPool.common.parallelism=1 -cp $out/java PlainStencil streams|$J $OFF -Djava.util.concurrent.ForkJoinPool.common.parallelism=1 -cp $out/java PlainStencil streams"
  "hpjava-mt1|$H run --np 1 --backend mt -cp $out/hpj|env HPJAVA_JAVA_OPTS=$OFF $H run --np 1 --backend mt -cp $out/hpj"
  "hpjava-mt2|$H run --np 2 --backend mt -cp $out/hpj|env HPJAVA_JAVA_OPTS=$OFF $H run --np 2 --backend mt -cp $out/hpj"
  "hpjava-mpi2|$H run --np 2 --backend mpi -cp $out/hpj|$H run --np 2 --backend mpi --jvm-arg=$OFF -cp $out/hpj"
  "hpjava-ucx2|$H run --np 2 --backend ucx -cp $out/hpj|$H run --np 2 --backend ucx --jvm-arg=$OFF -cp $out/hpj"
)
chosen=()
for s in "${all[@]}"; do
  if [ "$sides" = all ] || [[ ",$sides," == *",${s%%|*},"* ]]; then chosen+=("$s"); fi
done
[ ${#chosen[@]} -gt 0 ] || { echo "fair-ab.sh: SIDES: a comma list of c-seq, c-omp2, c-mpi2, java-seq, java-streams2, hpjava-mt1, hpjava-mt2, hpjava-mpi2, hpjava-ucx2" >&2; exit 2; }

results="$out/fair-$n-$(date -u +%Y%m%dT%H%M%SZ).txt"
echo "# fair-ab n=$n warmup=$warm iters=$iters block=$block rounds=$rounds $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)" | tee "$results"
# hugepages SIDE: the largest AnonHugePages (kB) seen in the side's newest C process while it runs
watch_huge() {
  local exe=$1 max=0 pid kb
  while sleep 0.2; do
    pid=$(pgrep -n -x "$exe" 2>/dev/null) || continue
    kb=$(awk '/^AnonHugePages/ {print $2}' "/proc/$pid/smaps_rollup" 2>/dev/null) || continue
    [ -n "$kb" ] && [ "$kb" -gt "$max" ] && { max=$kb; echo "$max" >"$out/fair-huge.kb"; }
  done
}
count=${#chosen[@]}
for ((r = 1; r <= rounds; r++)); do
  for k in $kernels; do
    main=ScalingJacobi; [ "$k" = redblack ] && main=ScalingRedBlack
    for ((v = 0; v < count; v++)); do
      entry="${chosen[$(( (v + r) % count ))]}"
      side=${entry%%|*} rest=${entry#*|}; with=${rest%%|*} without=${rest#*|}
      for thp in on off; do
        cmd=$with; [ "$thp" = off ] && cmd=$without
        args=("$k" "$n" "$warm" "$iters"); [[ "$side" == hpjava-* ]] && args=("$main" "$n" "$warm" "$iters")
        watcher=
        if [[ "$side" == c-* ]]; then
          rm -f "$out/fair-huge.kb"; exe=${cmd##* }; watch_huge "$(basename "$exe")" & watcher=$!
        fi
        # shellcheck disable=SC2086
        SCALING_TRACE=$block $cmd "${args[@]}" >"$out/fair-last.out" 2>"$out/fair-last.err"
        [ -n "$watcher" ] && { kill "$watcher" 2>/dev/null; wait "$watcher" 2>/dev/null; }
        huge=; [ -n "$watcher" ] && huge=" anon_huge_kb=$(cat "$out/fair-huge.kb" 2>/dev/null || echo 0)"
        tag="side=$side thp=$thp kernel=$k round=$r"
        if line=$(grep '^RESULT ' "$out/fair-last.out"); then
          echo "$tag$huge ${line#RESULT }" | tee -a "$results"
          grep '^TRACE ' "$out/fair-last.err" | sed "s/^TRACE /$tag /" >>"$results"
        else
          echo "$tag FAILED: $(tail -3 "$out/fair-last.err" | tr '\n' ' ')" | tee -a "$results"
        fi
      done
    done
  done
done
echo "# load after $(cut -d' ' -f1-3 /proc/loadavg)" | tee -a "$results"
"$JAVA_HOME/bin/java" "$here/FairReport.java" "$results"
