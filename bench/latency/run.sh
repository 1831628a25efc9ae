#!/usr/bin/env bash
# bench/latency: what network latency does to a halo-exchanging program, and how much of it overlap hides.
#
#   bench/latency/run.sh [--delays 0,50,200] [--sizes 1024,2048] [--np 2,4] [--kernels jacobi,redblack]
#                        [--impls openmpi,mpich] [--rounds 3] [--iters 200] [--warmup 100] [--rate 1000] [--out FILE]
#                        [--variants c-block,c-overlap,hpjava-overlap,hpjava-no-overlap]
#   bench/latency/run.sh --cleanup      removes what an interrupted run left (only this testbed's namespaces)
#
# Hosts: one network namespace per rank, hpjlat1..hpjlatP (each in its own UTS namespace when a command runs in it,
# so MPI sees distinct hosts and talks TCP), joined by the user-space wire c/delay_wire.c (this kernel has no netem):
# DELAY one-way microseconds, RATE megabits a second per host link, addresses 10.232.0.K that exist only inside the
# namespaces. Per delay, round and configuration, in rotating order: the C MPI program with a blocking exchange
# (c/halo_mpi.c block), the same with hand-written MPI_Isend/Irecv overlap (overlap), and bench/scaling's HPJava
# program (hpj/ScalingJacobi.hpj, ScalingRedBlack.hpj) on the mpi backend compiled by hpjavac as is and with
# --no-overlap. Every variant of a configuration must print the same checksum. Prints the medians (ms an iteration)
# and each variant at each delay over itself at delay 0. Needs root, iproute2, util-linux, gcc, Open MPI and/or
# MPICH (mpicc.openmpi/mpirun.openmpi, mpicc.mpich/mpiexec.mpich) and bin/hpjavac's build.
# It refuses to touch any namespace but its own (names hpjlat<digits>) and removes them on exit.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$HERE/../.." && pwd)
PREFIX=hpjlat
DELAYS=0,50,200 SIZES=1024,2048 NPS=2,4 KERNELS=jacobi,redblack IMPLS=openmpi,mpich ROUNDS=3 ITERS=200 WARMUP=100
RATE=1000 OUT="" VARIANTS=c-block,c-overlap,hpjava-overlap,hpjava-no-overlap
WORK=$ROOT/bench/latency/target
WIRE_PID=""

usage() { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

own_namespaces() { ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${PREFIX}[0-9]+$" || true; }

cleanup() {
  if [ -n "$WIRE_PID" ]; then kill "$WIRE_PID" 2>/dev/null || true; wait "$WIRE_PID" 2>/dev/null || true; WIRE_PID=""; fi
  local ns
  for ns in $(own_namespaces); do
    case "$ns" in ${PREFIX}[0-9]*) ;; *) continue ;; esac   # never anything but this testbed's names
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
    ip netns delete "$ns" 2>/dev/null || true
    rm -rf "/etc/netns/$ns"
  done
}

while [ $# -gt 0 ]; do
  case "$1" in
    --delays) DELAYS=$2; shift 2 ;; --sizes) SIZES=$2; shift 2 ;; --np) NPS=$2; shift 2 ;;
    --kernels) KERNELS=$2; shift 2 ;; --impls) IMPLS=$2; shift 2 ;; --rounds) ROUNDS=$2; shift 2 ;;
    --iters) ITERS=$2; shift 2 ;; --warmup) WARMUP=$2; shift 2 ;; --rate) RATE=$2; shift 2 ;; --out) OUT=$2; shift 2 ;;
    --variants) VARIANTS=$2; shift 2 ;;
    --cleanup) [ "$(id -u)" = 0 ] || { echo "run.sh: needs root" >&2; exit 3; }; cleanup; exit 0 ;;
    *) usage ;;
  esac
done

[ "$(id -u)" = 0 ] || { echo "run.sh: needs root (network namespaces, TUN devices)" >&2; exit 3; }
for t in ip unshare gcc; do command -v $t >/dev/null || { echo "run.sh: needs $t" >&2; exit 3; }; done
[ -e /dev/net/tun ] || { echo "run.sh: needs /dev/net/tun" >&2; exit 3; }
if [ -n "$(own_namespaces)" ]; then echo "run.sh: namespaces ${PREFIX}* exist (another run, or one interrupted: run.sh --cleanup)" >&2; exit 3; fi
trap cleanup EXIT INT TERM

mkdir -p "$WORK"
OUT=${OUT:-$WORK/results-$(date -u +%Y%m%dT%H%M%SZ).txt}
: > "$OUT"
gcc -O2 -Wall -o "$WORK/delay_wire" "$HERE/c/delay_wire.c"
IFS=, read -ra impls <<< "$IMPLS"
for impl in "${impls[@]}"; do
  command -v "mpicc.$impl" >/dev/null || { echo "run.sh: mpicc.$impl not found (install $impl or pass --impls)" >&2; exit 3; }
  "mpicc.$impl" -O3 -march=native -ffp-contract=off -o "$WORK/halo_mpi.$impl" "$HERE/c/halo_mpi.c" -lm
done
# The HPJava programs, compiled with --overlap and with --no-overlap (the default).
IFS=, read -ra variants <<< "$VARIANTS"
for mode in overlap no-overlap; do
  [[ ",$VARIANTS," == *",hpjava-$mode,"* ]] || continue
  rm -rf "$WORK/hpj-$mode"
  "$ROOT/bin/hpjavac" -d "$WORK/hpj-$mode" --$mode \
    "$ROOT/bench/scaling/hpj/ScalingJacobi.hpj" "$ROOT/bench/scaling/hpj/ScalingRedBlack.hpj"
done

IFS=, read -ra nps <<< "$NPS"
HOSTS=0
for p in "${nps[@]}"; do [ "$p" -gt "$HOSTS" ] && HOSTS=$p; done
names=""
for ((k = 1; k <= HOSTS; k++)); do names+="10.232.0.$k ${PREFIX}$k"$'\n'; done
for ((k = 1; k <= HOSTS; k++)); do
  ns=${PREFIX}$k
  ip netns add "$ns"
  ip -n "$ns" link set lo up
  mkdir -p "/etc/netns/$ns"
  printf '127.0.0.1 localhost\n%s' "$names" > "/etc/netns/$ns/hosts"
done
for p in "${nps[@]}"; do
  : > "$WORK/hosts.openmpi.$p"; : > "$WORK/hosts.mpich.$p"
  for ((k = 1; k <= p; k++)); do echo "${PREFIX}$k slots=1" >> "$WORK/hosts.openmpi.$p"; echo "${PREFIX}$k:1" >> "$WORK/hosts.mpich.$p"; done
done
cat > "$WORK/in-host" <<'IN'
#!/bin/sh
# in-host HOST CMD...: run CMD in HOST's network namespace with HOST as its host name (own UTS namespace).
host=$1; shift
exec ip netns exec "$host" unshare --uts sh -c 'hostname "$0" && exec "$@"' "$host" "$@"
IN
cat > "$WORK/agent" <<AG
#!/bin/sh
# A launcher agent in place of ssh: agent [ssh options] HOST COMMAND-WORDS...: runs the command line on HOST.
while [ \$# -gt 0 ]; do case "\$1" in -x|-q|-T|-n) shift ;; -o|-l|-p) shift 2 ;; *) break ;; esac; done
host=\$1; shift
exec "$WORK/in-host" "\$host" sh -c "\$*"
AG
chmod +x "$WORK/in-host" "$WORK/agent"

start_wire() {   # start_wire DELAY_US: the wire between every host, then their addresses
  local hosts=() k
  for ((k = 1; k <= HOSTS; k++)); do hosts+=("${PREFIX}$k"); done
  coproc WIRE { exec "$WORK/delay_wire" "$1" "$RATE" "${hosts[@]}"; }
  WIRE_PID=$WIRE_PID
  local ready; read -r ready <&"${WIRE[0]}"
  [ "$ready" = READY ] || { echo "run.sh: delay_wire did not start" >&2; exit 1; }
  for ((k = 1; k <= HOSTS; k++)); do
    ip -n "${PREFIX}$k" addr add "10.232.0.$k/24" dev lat0
    ip -n "${PREFIX}$k" link set lat0 up
  done
}

stop_wire() { kill "$WIRE_PID" 2>/dev/null || true; wait "$WIRE_PID" 2>/dev/null || true; WIRE_PID=""; }

mpi_args() {   # mpi_args IMPL: how a cluster user runs a job across the hosts (the hostfile apart)
  if [ "$1" = openmpi ]; then
    echo "--mca plm_rsh_agent $WORK/agent --mca btl tcp,self --mca btl_tcp_if_include 10.232.0.0/24" \
         "--mca oob_tcp_if_include 10.232.0.0/24"
  else
    echo "-launcher ssh -launcher-exec $WORK/agent"
  fi
}

hostfile_args() {   # hostfile_args IMPL NP: the C programs' hostfile option (hpjava run takes --option hostfile=)
  if [ "$1" = openmpi ]; then echo "--allow-run-as-root --hostfile $WORK/hosts.openmpi.$2"; else echo "-f $WORK/hosts.mpich.$2"; fi
}

run_variant() {   # run_variant DELAY IMPL KERNEL N NP VARIANT: appends "delay=.. impl=.. variant=.. <RESULT line>"
  local d=$1 impl=$2 kernel=$3 n=$4 np=$5 v=$6 line args
  args=$(mpi_args "$impl")
  case "$v" in
    c-block|c-overlap)
      local run=mpirun.openmpi; [ "$impl" = mpich ] && run=mpiexec.mpich
      # shellcheck disable=SC2086
      line=$("$WORK/in-host" ${PREFIX}1 $run $(hostfile_args "$impl" "$np") $args -n "$np" "$WORK/halo_mpi.$impl" "${v#c-}" "$kernel" "$n" "$WARMUP" "$ITERS" | grep '^RESULT') ;;
    hpjava-overlap|hpjava-no-overlap)
      local main=ScalingJacobi; [ "$kernel" = redblack ] && main=ScalingRedBlack
      line=$("$WORK/in-host" ${PREFIX}1 env HPJAVA_NO_REBUILD=1 "$ROOT/bin/hpjava" run --backend mpi --np "$np" --timeout 300 \
               --option impl="$impl" --option hostfile="$WORK/hosts.$impl.$np" --option mpirun-args="$args" \
               -cp "$WORK/hpj-${v#hpjava-}" "$main" "$n" "$WARMUP" "$ITERS" | grep '^RESULT') ;;
  esac
  echo "delay=$d impl=$impl variant=$v $line" | tee -a "$OUT"
}

IFS=, read -ra delays <<< "$DELAYS"; IFS=, read -ra sizes <<< "$SIZES"; IFS=, read -ra kernels <<< "$KERNELS"
for d in "${delays[@]}"; do
  start_wire "$d"
  for ((r = 0; r < ROUNDS; r++)); do
    for impl in "${impls[@]}"; do for kernel in "${kernels[@]}"; do for n in "${sizes[@]}"; do for np in "${nps[@]}"; do
      for ((k = 0; k < ${#variants[@]}; k++)); do   # the order rotates with the round
        run_variant "$d" "$impl" "$kernel" "$n" "$np" "${variants[$(((k + r) % ${#variants[@]}))]}"
      done
    done; done; done; done
  done
  stop_wire
done
echo "results: $OUT" >&2
"${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java" "$HERE/java/LatencyReport.java" "$OUT"
