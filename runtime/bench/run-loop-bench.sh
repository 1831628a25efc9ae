#!/usr/bin/env bash
# Jacobi-sweep benchmark: generated-code shape over DoubleMultiarray vs plain double[][] (interleaved, medians).
# Usage: runtime/bench/run-loop-bench.sh [rounds]   (from anywhere; builds the runtime's test classes first)
set -euo pipefail
cd "$(dirname "$0")/../.."
source bin/hpjava-env.sh
./mvnw -B -q -o -pl runtime test-compile dependency:build-classpath -Dmdep.includeScope=test -Dmdep.outputFile="$PWD/runtime/target/bench.classpath"
exec java -cp "runtime/target/test-classes:runtime/target/classes:$(cat runtime/target/bench.classpath)" \
     hpjava.lang.bench.LoopBenchDriver "${1:-5}"
