#!/usr/bin/env bash
# Makes sure the UCX packages the `ucx` backend needs are installed: libucx0 (libucp.so.0, run time), libucx-dev
# (headers, for the struct-layout test) and ucx-utils (ucx_perftest, the benchmark's baseline).
# Idempotent: when all three are installed it only checks and returns (a few milliseconds, no network).
# Otherwise, as root on a Debian-like system, it runs apt-get update and installs the missing ones.
# Exit status: 0 when the packages are present afterwards; 1 when they are missing and cannot be installed here.
set -euo pipefail

packages=(libucx0 libucx-dev ucx-utils)

is_installed() { # dpkg status of package $1 is "install ok installed"
  [ "$(dpkg-query -W -f='${Status}' "$1" 2>/dev/null || true)" = "install ok installed" ]
}

if ! command -v dpkg-query >/dev/null 2>&1; then
  echo "setup-ucx: not a Debian-like system (no dpkg-query); install UCX 1.13 (libucp.so.0, ucx_perftest) yourself." >&2
  exit 1
fi

missing=()
for p in "${packages[@]}"; do
  is_installed "$p" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -ne 0 ]; then
  echo "setup-ucx: missing ${missing[*]}; run as root, or: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi

echo "setup-ucx: installing ${missing[*]}" >&2
# Other scripts (for example the Open MPI setup) may hold the dpkg lock at the same time: wait for it.
export DEBIAN_FRONTEND=noninteractive
apt-get -o DPkg::Lock::Timeout=600 -qq update
apt-get -o DPkg::Lock::Timeout=600 -qq install -y --no-install-recommends "${missing[@]}" >/dev/null

for p in "${packages[@]}"; do
  if ! is_installed "$p"; then
    echo "setup-ucx: $p is still not installed after apt-get install" >&2
    exit 1
  fi
done
echo "setup-ucx: installed ${missing[*]}" >&2
