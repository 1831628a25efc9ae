#!/usr/bin/env bash
# Sets up MPI for the `mpi` backend (mpjdev/mpi). Idempotent; quick when everything is in place.
#
#  1. On Debian as root: installs Open MPI (openmpi-bin libopenmpi-dev) and MPICH (mpich libmpich-dev) when missing,
#     with gcc for their mpicc, and iproute2 for the multi-host test (network namespaces).
#  2. The default (ffm) binding: for each implementation installed, compiles mpjdev/mpi/src/main/c/mpi-abi.c with
#     that implementation's mpicc and writes its ABI table (handles, constants, MPI_Status layout, library and
#     version, from its own mpi.h) to $HPJAVA_MPI_ABI_DIR (default ~/.hpjava/mpi-abi)/<openmpi|mpich>.properties.
#     Tables are remade every run (under a second), so a changed library is picked up.
#  3. The second (jni) binding: builds mpi.jar from Debian's own `openmpi` source package (the
#     ompi/mpi/java/java/*.java classes, compiled with JDK 25's javac), adding a deb-src entry with the same
#     Signed-By as the existing deb entry when apt has none, and installs it into the local Maven repository as
#     org.open-mpi:mpi:installed. The jar records the Debian version it was built for; it is rebuilt when
#     libopenmpi-dev changes. The default binding does not need it: outside CI a failure here is only reported.
#
# Without root or apt-get it installs nothing and says what is missing (an implementation already installed still
# gets its table). Under CI=true both implementations and mpi.jar must end up present.
#
# Usage: bin/setup-mpi.sh [--check]      --check: only report the state; exit 0 when ready, 1 when not.
set -euo pipefail
source "$(dirname "$0")/hpjava-env.sh"

say() { echo "setup-mpi: $*"; }
die() { echo "setup-mpi: error: $*" >&2; exit 1; }

CHECK_ONLY=false
case "${1:-}" in
  "") ;;
  --check) CHECK_ONLY=true ;;
  *) die "unknown argument '$1' (usage: bin/setup-mpi.sh [--check])" ;;
esac

M2_REPO="${HPJAVA_M2_REPO:-$HOME/.m2/repository}"
MPI_JAR="$M2_REPO/org/open-mpi/mpi/installed/mpi-installed.jar"
# Must match the activation paths in mpjdev/mpi/pom.xml.

pkg_installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q "install ok installed"; }
jar_version() { # the Debian version recorded in the jar's manifest, or nothing
  [ -f "$MPI_JAR" ] || return 0
  unzip -p "$MPI_JAR" META-INF/MANIFEST.MF 2>/dev/null | tr -d '\r' | sed -n 's/^Implementation-Version: //p'
}

can_install() { [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 && command -v dpkg-query >/dev/null 2>&1; }

apt_run() { # apt-get with a wait for the dpkg lock (other engineers' scripts may be installing at the same time)
  local try
  for try in 1 2 3 4 5 6; do
    if DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=300 "$@"; then return 0; fi
    say "apt-get $1 failed (try $try); retrying in 10 s"
    sleep 10
  done
  die "apt-get $* failed"
}

APT_UPDATED=false
apt_update_once() { $APT_UPDATED || { say "apt-get update"; apt_run -qq update; APT_UPDATED=true; }; }

in_ci() { [ "${CI:-}" = "true" ]; }

# ---------------------------------------------------------------- 1. Debian packages
missing=()
if command -v dpkg-query >/dev/null 2>&1; then
  for p in openmpi-bin libopenmpi-dev mpich libmpich-dev gcc libc6-dev iproute2; do pkg_installed "$p" || missing+=("$p"); done
else
  command -v mpirun >/dev/null 2>&1 || missing+=(openmpi-bin)
fi
if [ ${#missing[@]} -gt 0 ]; then
  $CHECK_ONLY && { say "missing Debian packages: ${missing[*]}"; exit 1; }
  if can_install; then
    apt_update_once
    say "installing ${missing[*]}"
    apt_run -y -qq install --no-install-recommends "${missing[@]}"
  else
    say "missing ${missing[*]} and cannot install them (needs root on Debian with apt-get)."
  fi
fi

# ---------------------------------------------------------------- 2. ABI tables (the default, ffm binding)
ABI_DIR="${HPJAVA_MPI_ABI_DIR:-$HOME/.hpjava/mpi-abi}"
ABI_SRC="$HPJAVA_HOME/mpjdev/mpi/src/main/c/mpi-abi.c"
abi_table() { # $1 = openmpi|mpich, $2 = its mpicc: compiles and runs mpi-abi.c, writes $ABI_DIR/$1.properties
  local impl=$1 cc=$2 tmp
  tmp=$(mktemp -d "${TMPDIR:-/tmp}/hpjava-mpi-abi.XXXXXX")
  if "$cc" -o "$tmp/abi" "$ABI_SRC" -ldl 2>"$tmp/cc.log" && "$tmp/abi" >"$tmp/table" 2>>"$tmp/cc.log" \
     && grep -qx "implementation=$impl" "$tmp/table"; then
    mkdir -p "$ABI_DIR"
    mv "$tmp/table" "$ABI_DIR/$impl.properties"
    say "$impl: ABI table $ABI_DIR/$impl.properties ($(sed -n 's/^library.version=//p' "$ABI_DIR/$impl.properties" | tr '\t' ' '))"
    rm -rf "$tmp"
    return 0
  fi
  cat "$tmp/cc.log" >&2
  rm -rf "$tmp"
  return 1
}
tables=0
for impl_cc in openmpi:mpicc.openmpi mpich:mpicc.mpich; do
  impl=${impl_cc%%:*}; cc=${impl_cc#*:}
  if ! command -v "$cc" >/dev/null 2>&1; then
    say "$impl: not installed ($cc not found)"
    in_ci && die "CI=true: $impl must be installed"
    continue
  fi
  if $CHECK_ONLY; then
    [ -f "$ABI_DIR/$impl.properties" ] || { say "$impl: no ABI table in $ABI_DIR"; exit 1; }
    tables=$((tables + 1)); continue
  fi
  abi_table "$impl" "$cc" || die "$impl: cannot make the ABI table with $cc"
  tables=$((tables + 1))
done
[ "$tables" -gt 0 ] || { say "no MPI implementation is installed; the mpi backend cannot run here."; exit 0; }

# ---------------------------------------------------------------- 3. mpi.jar (the jni binding, Open MPI only)
pkg_installed libopenmpi-dev || { say "jni binding: Open MPI's libopenmpi-dev is not installed; skipped"; exit 0; }
jni_failed() { # outside CI the jni binding is optional: report and end successfully
  echo "setup-mpi: jni binding: $*" >&2
  in_ci && exit 1
  say "the jni binding is not available; the default (ffm) binding is ready"
  exit 0
}
die() { jni_failed "$@"; }

DEB_VERSION=$(dpkg-query -W -f='${Version}' libopenmpi-dev)
JNI_LIB=$(dpkg -L libopenmpi-dev libopenmpi3 2>/dev/null | grep -m1 '/libmpi_java\.so$' || true)
[ -n "$JNI_LIB" ] || JNI_LIB=$(find /usr/lib -name 'libmpi_java.so*' 2>/dev/null | head -n 1)
[ -n "$JNI_LIB" ] || die "libmpi_java.so not found although libopenmpi-dev $DEB_VERSION is installed"

# ---------------------------------------------------------------- 2. mpi.jar
if [ "$(jar_version)" = "$DEB_VERSION" ]; then
  say "ready: Open MPI $DEB_VERSION, $(command -v mpirun), $JNI_LIB, $MPI_JAR"
  exit 0
fi
$CHECK_ONLY && { say "mpi.jar for Open MPI $DEB_VERSION is not installed at $MPI_JAR"; exit 1; }
can_install || { say "cannot build mpi.jar (needs root on Debian); the mpi backend will be skipped."; exit 0; }

pkg_installed dpkg-dev || { apt_update_once; say "installing dpkg-dev (for apt-get source)"; apt_run -y -qq install --no-install-recommends dpkg-dev; }
command -v unzip >/dev/null 2>&1 || { apt_update_once; say "installing unzip"; apt_run -y -qq install --no-install-recommends unzip; }

has_deb_src() {
  grep -hqsE '^[[:space:]]*deb-src[[:space:]]' /etc/apt/sources.list /etc/apt/sources.list.d/*.list && return 0
  grep -hqsE '^Types:.*\bdeb-src\b' /etc/apt/sources.list.d/*.sources && return 0
  return 1
}
if ! has_deb_src; then
  # Copy every deb entry as a deb-src entry with the same URIs, suites, components and Signed-By.
  shopt -s nullglob
  sources=(/etc/apt/sources.list.d/*.sources)
  shopt -u nullglob
  if [ ${#sources[@]} -gt 0 ]; then
    target=/etc/apt/sources.list.d/hpjava-deb-src.sources
    awk 'BEGIN { RS = ""; ORS = "\n\n" }
         { if ($0 ~ /(^|\n)Types:[^\n]*(^|[ \t])deb([ \t]|\n|$)/) {
             n = split($0, lines, "\n"); out = ""
             for (i = 1; i <= n; i++) {
               line = lines[i]
               if (line ~ /^#/) continue
               if (line ~ /^Types:/) line = "Types: deb-src"
               out = out line "\n"
             }
             printf "%s\n", out
         } }' "${sources[@]}" > "$target.tmp"
  else
    target=/etc/apt/sources.list.d/hpjava-deb-src.list
    sed -n 's/^[[:space:]]*deb\([[:space:]]\)/deb-src\1/p' /etc/apt/sources.list > "$target.tmp"
  fi
  [ -s "$target.tmp" ] || { rm -f "$target.tmp"; die "found no deb entry in /etc/apt to derive a deb-src entry from"; }
  mv "$target.tmp" "$target"
  say "added deb-src entries (same Signed-By as the deb entries) in $target"
  APT_UPDATED=false
fi
apt_update_once

WORK=$(mktemp -d "${TMPDIR:-/tmp}/hpjava-openmpi-src.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
say "fetching Debian's openmpi source package into $WORK"
( cd "$WORK" && apt_run -qq source openmpi >"$WORK/apt-source.log" 2>&1 ) || { cat "$WORK/apt-source.log" >&2; die "apt-get source openmpi failed"; }
SRC=$(find "$WORK" -maxdepth 1 -mindepth 1 -type d -name 'openmpi-*' | head -n 1)
[ -n "$SRC" ] || die "apt-get source openmpi produced no source tree"
JAVA_SRC="$SRC/ompi/mpi/java/java"
[ -d "$JAVA_SRC" ] || die "no ompi/mpi/java/java in $SRC"

# Generated pieces: configure turns *.java.in templates into *.java; fill them the way configure would.
for tmpl in "$JAVA_SRC"/*.java.in; do
  [ -e "$tmpl" ] || continue
  die "template $(basename "$tmpl") needs generating; setup-mpi.sh does not know it"
done

say "compiling $(ls "$JAVA_SRC"/*.java | wc -l) classes of the Open MPI Java bindings with $("$JAVA_HOME/bin/javac" -version 2>&1)"
mkdir -p "$WORK/classes"
"$JAVA_HOME/bin/javac" -nowarn -XDsuppressNotes -encoding UTF-8 --release 25 -d "$WORK/classes" "$JAVA_SRC"/*.java 2>"$WORK/javac.log" \
  || { cat "$WORK/javac.log" >&2; die "javac failed on the Open MPI Java sources"; }
printf 'Implementation-Title: Open MPI Java bindings (built by HPJava bin/setup-mpi.sh from Debian source openmpi)\nImplementation-Version: %s\nHPJava-JNI-Library: %s\n' \
  "$DEB_VERSION" "$JNI_LIB" > "$WORK/manifest.txt"
"$JAVA_HOME/bin/jar" --create --file "$WORK/mpi.jar" --manifest "$WORK/manifest.txt" -C "$WORK/classes" .

say "installing mpi.jar into the local Maven repository as org.open-mpi:mpi:installed"
( cd "$HPJAVA_HOME" && ./mvnw -B -q -ntp org.apache.maven.plugins:maven-install-plugin:3.1.4:install-file \
    -Dfile="$WORK/mpi.jar" -DgroupId=org.open-mpi -DartifactId=mpi -Dversion=installed -Dpackaging=jar \
    -DgeneratePom=true -DlocalRepositoryPath="$M2_REPO" ) || die "installing mpi.jar into $M2_REPO failed"
[ "$(jar_version)" = "$DEB_VERSION" ] || die "mpi.jar did not land at $MPI_JAR"
say "ready: Open MPI $DEB_VERSION, $(command -v mpirun), $JNI_LIB, $MPI_JAR"
