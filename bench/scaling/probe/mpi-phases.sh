#!/usr/bin/env bash
# bench/scaling/probe: where the time of one mpi iteration goes, HPJava on the mpi backend (WhereTimeGoes.hpj) against
# C MPI (../c/stencil_mpi.c with STENCIL_PROBE), the same phases on every rank: barrier (SYNC=1 only: the imbalance),
# writeHalo / MPI_Sendrecv, sweep, copy. Interleaved rounds, the order rotating; one PROBE line per rank and run.
#
#   bench/scaling/probe/mpi-phases.sh [N=2048] [ROUNDS=3] [KERNELS="jacobi redblack"] [NPS="1 2"]
#
# ITERS = max(40, 1e9 / N^2), warm-up ITERS / 2, as the mt probe (docs/benchmarks/HISTORY.md, "mt np 2: where the time goes");
# the environment overrides them: ITERS=K timed iterations, WARMUP=K untimed ones before them (e.g. WARMUP=10000 for a
# window that starts after the JIT). HPJ_VARIANTS='NAME=hpjava run options;NAME2=...' runs HPJava once per variant
# and round, interleaved with the rest (default one variant, "hpjava", with no extra options), e.g.
#   HPJ_VARIANTS="hpjava=;unbound=--option 'mpirun-args=--bind-to none'" (the options are shell words, quotes kept).
# A variant with its own --backend (e.g. "mt=--backend mt") runs on that backend instead of mpi.
# Each PROBE line also carries the JIT's CPU time before and during the window, the rank's CPU placement and
# migrations and a curve of the iteration time (WhereTimeGoes.hpj).
# Run it with the machine to itself (/work/tools/machine-excl here).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../../.." && pwd)"
source "$top/bin/hpjava-env.sh"
n=${1:-2048} rounds=${2:-3} kernels=${3:-"jacobi redblack"} nps=${4:-"1 2"}
[[ "$n" =~ ^[0-9]+$ && "$n" -ge 8 ]] || { echo "mpi-phases.sh: N must be a number >= 8" >&2; exit 2; }
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "mpi-phases.sh: ROUNDS must be a positive integer" >&2; exit 2; }
command -v mpicc >/dev/null && command -v mpirun >/dev/null \
  || { echo "mpi-phases.sh: needs mpicc and mpirun (bin/setup-mpi.sh)" >&2; exit 2; }

out="$here/../target/probe"; mkdir -p "$out/hpj"
mpicc -O3 -march=native -ffp-contract=off -Wall -o "$out/c-mpi" "$here/../c/stencil_mpi.c" -lm
"$top/bin/hpjavac" -d "$out/hpj" "$here/WhereTimeGoes.hpj"
mpirun_cmd=(mpirun --oversubscribe --bind-to none)
[ "$(id -u)" = 0 ] && mpirun_cmd+=(--allow-run-as-root)
iters=$(( 1000000000 / (n * n) )); [ "$iters" -lt 40 ] && iters=40
warm=$(( iters / 2 ))
iters=${ITERS:-$iters} warm=${WARMUP:-$warm}
[[ "$iters" =~ ^[1-9][0-9]*$ ]] || { echo "mpi-phases.sh: ITERS must be a positive integer, not '$iters'" >&2; exit 2; }
[[ "$warm" =~ ^[0-9]+$ ]] || { echo "mpi-phases.sh: WARMUP must be a number >= 0, not '$warm'" >&2; exit 2; }
declare -A hpj_opts=()
hpj_names=()
IFS=';' read -r -a hpj_specs <<<"${HPJ_VARIANTS:-hpjava=}"
for spec in "${hpj_specs[@]}"; do
  [[ "$spec" =~ ^([A-Za-z0-9_.-]+)=(.*)$ ]] \
    || { echo "mpi-phases.sh: HPJ_VARIANTS: '$spec' is not NAME=OPTIONS" >&2; exit 2; }
  hpj_names+=("${BASH_REMATCH[1]}"); hpj_opts[${BASH_REMATCH[1]}]="${BASH_REMATCH[2]}"
done

echo "# mpi-phases N=$n rounds=$rounds iters=$iters warm-up=$warm variants=${HPJ_VARIANTS:-hpjava=} $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; r++)); do
  runs=()
  for k in $kernels; do
    for p in $nps; do
      for sync in 0 1; do
        [ "$p" = 1 ] && [ "$sync" = 1 ] && continue   # one rank: nothing to wait for
        for h in "${hpj_names[@]}"; do runs+=("$h $k $p $sync"); done
        runs+=("c-mpi $k $p $sync")
      done
    done
  done
  count=${#runs[@]}
  for ((v = 0; v < count; v++)); do
    read -r impl k p sync <<<"${runs[$(( (v + r) % count ))]}"
    if [ "$impl" != c-mpi ]; then
      eval "extra=(${hpj_opts[$impl]})"
      backend=(--backend mpi)   # a variant may name its own (--backend mt: the same program as threads of one JVM)
      [[ " ${extra[*]} " == *" --backend "* ]] && backend=()
      cmd=("$top/bin/hpjava" run --np "$p" "${backend[@]}" "${extra[@]}" -cp "$out/hpj" WhereTimeGoes "$k" "$n" "$warm" "$iters" "$sync")
    else
      cmd=(env STENCIL_PROBE="$sync" "${mpirun_cmd[@]}" -np "$p" "$out/c-mpi" "$k" "$n" "$warm" "$iters")
    fi
    "${cmd[@]}" 2>"$out/last-stderr.txt" | grep '^PROBE' | sed "s/^PROBE \(impl=[^ ]* \)\?/PROBE round=$r impl=$impl /" \
      || { echo "mpi-phases.sh: FAILED: $impl $k np=$p sync=$sync: $(tail -3 "$out/last-stderr.txt" | tr '\n' ' ')" >&2; exit 1; }
  done
done
echo "# end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
