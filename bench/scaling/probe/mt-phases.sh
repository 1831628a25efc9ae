#!/usr/bin/env bash
# bench/scaling/probe: where the time of one mt iteration goes, HPJava on the mt backend (WhereTimeGoes.hpj) against
# C OpenMP (omp_phases.c: ../c/stencil.c's kernels with the same phases timed per thread), interleaved rounds, the
# order rotating; one PROBE line per rank (thread) and run (docs/benchmarks/HISTORY.md, "mt np 2 at N = 1024").
#
#   bench/scaling/probe/mt-phases.sh [SIZES="1024 2048"] [ROUNDS=3] [KERNELS="jacobi redblack"] [NPS="1 2"]
#
# ITERS = max(40, 1e9 / N^2), warm-up ITERS / 2 (bench/scaling/run.sh's before it became 3 x ITERS), or WARMUP=K iterations (HPJava and C alike:
# e.g. long enough for the JIT to have finished compiling before the timed iterations). HPJAVA_CP=DIR runs an already translated
# WhereTimeGoes from DIR (e.g. a hand-edited copy of the generated Java); HPJAVA_JVM_OPTS passes JVM options through
# JAVA_TOOL_OPTIONS. Run it with the machine to itself (/work/tools/machine-excl here).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../../.." && pwd)"
source "$top/bin/hpjava-env.sh"
sizes=${1:-"1024 2048"} rounds=${2:-3} kernels=${3:-"jacobi redblack"} nps=${4:-"1 2"}
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "mt-phases.sh: ROUNDS must be a positive integer" >&2; exit 2; }
for n in $sizes; do
  [[ "$n" =~ ^[0-9]+$ && "$n" -ge 8 ]] || { echo "mt-phases.sh: every size must be a number >= 8, got '$n'" >&2; exit 2; }
done

out="$here/../target/probe"; mkdir -p "$out/hpj"
gcc -O3 -march=native -ffp-contract=off -fopenmp -Wall -o "$out/omp_phases" "$here/omp_phases.c" -lm
cp="${HPJAVA_CP:-}"
if [ -z "$cp" ]; then "$top/bin/hpjavac" -d "$out/hpj" "$here/WhereTimeGoes.hpj"; cp="$out/hpj"; fi

[[ "${WARMUP:-0}" =~ ^[0-9]+$ ]] || { echo "mt-phases.sh: WARMUP must be a number of iterations" >&2; exit 2; }
echo "# mt-phases sizes=$sizes rounds=$rounds warm-up=${WARMUP:-ITERS/2} cp=$cp $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; r++)); do
  runs=()
  for n in $sizes; do
    for k in $kernels; do
      for p in $nps; do
        runs+=("c-omp $n $k $p 0")
        for sync in 0 1; do
          [ "$p" = 1 ] && [ "$sync" = 1 ] && continue   # one rank: nothing to wait for
          runs+=("hpjava $n $k $p $sync")
        done
      done
    done
  done
  count=${#runs[@]}
  for ((v = 0; v < count; v++)); do
    read -r impl n k p sync <<<"${runs[$(( (v + r) % count ))]}"
    iters=$(( 1000000000 / (n * n) )); [ "$iters" -lt 40 ] && iters=40
    warm=${WARMUP:-$(( iters / 2 ))}
    if [ "$impl" = hpjava ]; then
      cmd=(env JAVA_TOOL_OPTIONS="${HPJAVA_JVM_OPTS:-}" "$top/bin/hpjava" run --np "$p" --backend mt -cp "$cp"
           WhereTimeGoes "$k" "$n" "$warm" "$iters" "$sync")
    else
      cmd=(env OMP_NUM_THREADS="$p" "$out/omp_phases" "$k" "$n" "$warm" "$iters")
    fi
    "${cmd[@]}" 2>"$out/last-stderr.txt" | grep '^PROBE' | sed "s/^PROBE \(impl=[^ ]* \)\?/PROBE round=$r impl=$impl /" \
      || { echo "mt-phases.sh: FAILED: $impl $k n=$n np=$p sync=$sync: $(tail -3 "$out/last-stderr.txt" | tr '\n' ' ')" >&2; exit 1; }
  done
done
echo "# end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
