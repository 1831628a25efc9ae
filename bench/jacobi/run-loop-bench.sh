#!/usr/bin/env bash
# Jacobi-sweep benchmark: generated-code shape over DoubleMultiarray vs plain double[][] (interleaved, medians; JMH).
# Usage: bench/jacobi/run-loop-bench.sh [rounds]   (from anywhere)
# Builds nothing: uses target/ from `./mvnw -o -B -q -pl bench/jacobi install`.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../../bin/hpjava-env.sh"
if [[ ! -f "$here/target/classes/hpjava/bench/jacobi/LoopBench.class" || ! -f "$here/target/classpath.txt" ]]; then
    echo "bench/jacobi/run-loop-bench.sh: target/ is not built; first run: ./mvnw -o -B -q -pl bench/jacobi install" >&2
    exit 2
fi
exec "$JAVA_HOME/bin/java" -cp "$here/target/classes:$(cat "$here/target/classpath.txt")" \
     hpjava.bench.jacobi.LoopBenchDriver "${1:-5}"
