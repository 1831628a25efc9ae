#!/usr/bin/env bash
# The ucx backend against raw UCX (ucx_perftest), same run, interleaved; prints a Markdown section for
# docs/BENCHMARKS.md. Needs UCX (bin/setup-ucx.sh) and a build of this module:
#   ./mvnw -B -q -pl bench/ucx install -DskipTests      (after mpjdev-core, mpjdev-ucx and bench-mpjdev are installed)
#   bench/ucx/run.sh [--runs R] [--lat-iters N] [--bw-iters N]     interleaved launches of each side (default)
#   bench/ucx/run.sh --paired K [--paired-iters N]                  8-byte latency in K pairs of a device sample and a
#                                                                   perftest sample a few hundred ms apart, robust to
#                                                                   the machine's latency-state switches
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../bin/hpjava-env.sh"
mod="$HPJAVA_HOME/bench/ucx/target"
if [ ! -d "$mod/classes/hpjava/bench/ucx" ] || [ ! -f "$mod/classpath.txt" ]; then
  echo "ucx-bench: bench/ucx is not built; run: (cd $HPJAVA_HOME && ./mvnw -B -q -pl bench/ucx install -DskipTests)" >&2
  exit 2
fi
if ! command -v ucx_perftest >/dev/null 2>&1; then
  echo "ucx-bench: ucx_perftest not found; run bin/setup-ucx.sh (Debian package ucx-utils)" >&2
  exit 2
fi
exec "$JAVA_HOME/bin/java" --enable-native-access=ALL-UNNAMED -cp "$mod/classes:$(cat "$mod/classpath.txt")" \
  hpjava.bench.ucx.UcxBaselineBench "$@"
