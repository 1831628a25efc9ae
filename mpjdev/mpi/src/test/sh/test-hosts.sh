#!/usr/bin/env bash
# Test hosts for the mpi backend's multi-host test, made on this machine (as root) from Linux namespaces:
#
#   test-hosts.sh up DIR N     makes hosts hpjh1..hpjhN: each a network namespace "hpjhK" holding a veth link to a
#                              bridge in namespace "hpjhbr", with address 10.231.0.K/24, which exists only inside
#                              those namespaces; /etc/netns/hpjhK/hosts names every host (ip netns exec mounts it
#                              over /etc/hosts). Writes into DIR:
#                                in-host HOST CMD...   run CMD on HOST: in its network namespace and in a new UTS
#                                                      namespace whose hostname is HOST (so MPI sees distinct hosts
#                                                      and connects them over TCP, not shared memory)
#                                agent HOST CMD...     the launcher agent used instead of ssh (Open MPI's
#                                                      plm_rsh_agent, MPICH's -launcher-exec): in-host HOST sh -c CMD
#                                hosts.openmpi, hosts.mpich   hostfiles with 2 slots a host
#   test-hosts.sh down         removes the namespaces and /etc/netns entries (also what an interrupted "up" left).
#
# Nothing is added to the machine's own network: the bridge and every address live in the test namespaces only.
set -euo pipefail
PREFIX=hpjh
BRIDGE_NS=${PREFIX}br

down() {
  local ns
  for ns in $(ip netns list 2>/dev/null | awk '{print $1}' | grep -E "^${PREFIX}([0-9]+|br)$" || true); do
    ip netns pids "$ns" 2>/dev/null | xargs -r kill -9 2>/dev/null || true
    ip netns delete "$ns" 2>/dev/null || true
    rm -rf "/etc/netns/$ns"
  done
}

up() {
  local dir=$1 n=$2 k
  [ "$(id -u)" = 0 ] || { echo "test-hosts.sh: needs root (network namespaces)" >&2; exit 3; }
  command -v ip >/dev/null && command -v unshare >/dev/null || { echo "test-hosts.sh: needs ip (iproute2) and unshare (util-linux)" >&2; exit 3; }
  down
  mkdir -p "$dir"
  ip netns add "$BRIDGE_NS"
  ip -n "$BRIDGE_NS" link add br0 type bridge
  ip -n "$BRIDGE_NS" link set br0 up
  local hosts=""
  for ((k = 1; k <= n; k++)); do hosts+="10.231.0.$k ${PREFIX}$k"$'\n'; done
  : > "$dir/hosts.openmpi"
  : > "$dir/hosts.mpich"
  for ((k = 1; k <= n; k++)); do
    local ns=${PREFIX}$k
    ip netns add "$ns"
    ip link add "veth$k" netns "$ns" type veth peer name "port$k" netns "$BRIDGE_NS"
    ip -n "$BRIDGE_NS" link set "port$k" master br0 up
    ip -n "$ns" link set lo up
    ip -n "$ns" addr add "10.231.0.$k/24" dev "veth$k"
    ip -n "$ns" link set "veth$k" up
    mkdir -p "/etc/netns/$ns"
    printf '127.0.0.1 localhost\n%s' "$hosts" > "/etc/netns/$ns/hosts"
    echo "$ns slots=2" >> "$dir/hosts.openmpi"
    echo "$ns:2" >> "$dir/hosts.mpich"
  done
  cat > "$dir/in-host" <<'IN'
#!/bin/sh
# in-host HOST CMD...: run CMD in HOST's network namespace with HOST as its host name (own UTS namespace).
host=$1; shift
exec ip netns exec "$host" unshare --uts sh -c 'hostname "$0" && exec "$@"' "$host" "$@"
IN
  cat > "$dir/agent" <<AG
#!/bin/sh
# A launcher agent in place of ssh: agent [ssh options] HOST COMMAND-WORDS...: runs the command line on HOST.
while [ \$# -gt 0 ]; do case "\$1" in -x|-q|-T|-n) shift ;; -o|-l|-p) shift 2 ;; *) break ;; esac; done
host=\$1; shift
exec "$dir/in-host" "\$host" sh -c "\$*"
AG
  chmod +x "$dir/in-host" "$dir/agent"
  # Reachability check: host 1 reaches the last host through the bridge.
  ip netns exec "${PREFIX}1" bash -c "exec 3<>/dev/tcp/10.231.0.$n/1" 2>/dev/null || true
}

case "${1:-}" in
  up) [ $# -eq 3 ] || { echo "usage: test-hosts.sh up DIR N | down" >&2; exit 2; }; up "$2" "$3" ;;
  down) down ;;
  *) echo "usage: test-hosts.sh up DIR N | down" >&2; exit 2 ;;
esac
