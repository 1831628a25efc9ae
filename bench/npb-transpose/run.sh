#!/usr/bin/env bash
# FT's transpose: Adlib.remap of a complex field from planes to columns (Transpose.hpj) against MPI_Alltoall in C
# (alltoall.c: the exchange alone, and with the packing a transpose of this layout needs), at np 2, in interleaved
# rounds under bench/lock/machine-excl. Each program prints its median over REPS transposes; this prints every round.
#
#   bench/npb-transpose/run.sh [--rounds 3] [NX NY NZ REPS]          (default class A's 256 256 128, 10 repetitions)
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
rounds=3
if [ "${1:-}" = --rounds ]; then rounds=$2; shift 2; fi
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --rounds must be a positive integer, not '$rounds'" >&2; exit 2; }
size=("${@:-256 256 128 10}")
read -r -a size <<<"${size[*]}"
command -v mpicc >/dev/null || { echo "run.sh: mpicc is missing (apt-get install libopenmpi-dev)" >&2; exit 3; }
work=$(mktemp -d /tmp/npb-transpose.XXXXXX); trap 'rm -rf "$work"' EXIT
mpicc -O3 -march=native -o "$work/alltoall" "$here/bench/npb-transpose/alltoall.c"
(cd "$here" && bin/hpjava run --np 2 bench/npb-transpose/Transpose.hpj 16 16 16 1 >/dev/null)   # compile once
"$here/bench/lock/machine-excl" bash -c '
  for r in $(seq 1 '"$rounds"'); do
    echo "round $r"
    mpirun --allow-run-as-root --oversubscribe -np 2 '"$work"'/alltoall '"${size[*]}"'
    (cd '"$here"' && bin/hpjava run --np 2 bench/npb-transpose/Transpose.hpj '"${size[*]}"' | sed "s/^/mt  /")
    (cd '"$here"' && bin/hpjava run --np 2 --backend mpi bench/npb-transpose/Transpose.hpj '"${size[*]}"' | sed "s/^/mpi /")
  done'
