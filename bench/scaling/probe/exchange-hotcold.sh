#!/usr/bin/env bash
# bench/scaling/probe: the exchange of one writeHalo on the mpi backend against the same exchange in C MPI
# (exchange_hotcold.c: MPI_Irecv, MPI_Isend, MPI_Waitall), each back to back with warm caches (FLUSH_MB 0) and after
# another FLUSH_MB MB were touched (as an iteration's sweep and copy do), with Open MPI's default shared-memory eager
# limit (4 KB: a 16 KB row goes by CMA rendezvous) and with it raised to 32 KB (eager). Interleaved rounds, the order
# rotating; one PROBE line per rank and run. Shows where the exchange's time goes inside an iteration
# (docs/benchmarks/HISTORY.md, "mpi exchange against C MPI (branch mpiexch)").
#
#   bench/scaling/probe/exchange-hotcold.sh [N=2048] [ROUNDS=3] [FLUSHES="0 40"] [NP=2] [ITERS=2000]
#
# Run it with the machine to itself (/work/tools/machine-excl here).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../../.." && pwd)"
source "$top/bin/hpjava-env.sh"
n=${1:-2048} rounds=${2:-3} flushes=${3:-"0 40"} np=${4:-2} iters=${5:-2000}
[[ "$n" =~ ^[0-9]+$ && "$n" -ge 8 ]] || { echo "exchange-hotcold.sh: N must be a number >= 8" >&2; exit 2; }
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "exchange-hotcold.sh: ROUNDS must be a positive integer" >&2; exit 2; }
[[ "$np" =~ ^[1-9][0-9]*$ ]] || { echo "exchange-hotcold.sh: NP must be a positive integer" >&2; exit 2; }
[[ "$iters" =~ ^[0-9]+$ && "$iters" -ge 2 ]] || { echo "exchange-hotcold.sh: ITERS must be >= 2" >&2; exit 2; }
for f in $flushes; do [[ "$f" =~ ^[0-9]+$ ]] || { echo "exchange-hotcold.sh: FLUSHES are MB counts, not '$f'" >&2; exit 2; }; done
command -v mpicc >/dev/null && command -v mpirun >/dev/null \
  || { echo "exchange-hotcold.sh: needs mpicc and mpirun (bin/setup-mpi.sh)" >&2; exit 2; }

out="$here/../target/probe"; mkdir -p "$out/hpj"
mpicc -O3 -march=native -Wall -o "$out/exchange-hotcold" "$here/exchange_hotcold.c"
"$top/bin/hpjavac" -d "$out/hpj" "$here/ExchangeHotCold.hpj"
mpirun_cmd=(mpirun --oversubscribe --bind-to none)
[ "$(id -u)" = 0 ] && mpirun_cmd+=(--allow-run-as-root)

echo "# exchange-hotcold N=$n np=$np iters=$iters rounds=$rounds $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
for ((r = 1; r <= rounds; r++)); do
  runs=()
  for f in $flushes; do for proto in default eager32k; do runs+=("hpjava $f $proto" "c-mpi $f $proto"); done; done
  count=${#runs[@]}
  for ((v = 0; v < count; v++)); do
    read -r impl f proto <<<"${runs[$(( (v + r) % count ))]}"
    env=()
    [ "$proto" = eager32k ] && env=(OMPI_MCA_btl_vader_eager_limit=32768)
    if [ "$impl" = hpjava ]; then
      cmd=(env "${env[@]}" "$top/bin/hpjava" run --np "$np" --backend mpi -cp "$out/hpj" ExchangeHotCold "$n" "$iters" "$f")
    else
      cmd=(env "${env[@]}" "${mpirun_cmd[@]}" -np "$np" "$out/exchange-hotcold" "$n" "$iters" "$f")
    fi
    "${cmd[@]}" 2>"$out/last-stderr.txt" | grep '^PROBE' | sed "s/^PROBE /PROBE round=$r protocol=$proto /" \
      || { echo "exchange-hotcold.sh: FAILED: $impl flush=$f $proto: $(tail -3 "$out/last-stderr.txt" | tr '\n' ' ')" >&2; exit 1; }
  done
done
echo "# end $(date -u +%FT%TZ) load $(cut -d' ' -f1-3 /proc/loadavg)"
