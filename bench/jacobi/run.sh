#!/usr/bin/env bash
# Jacobi node code: hpjavac output against hand-written Java, np = 1, interleaved rounds, medians, markdown table.
# Builds nothing: uses target/ from `./mvnw -o -B -q -pl bench/jacobi install`.
# Usage: bench/jacobi/run.sh [--sizes 1024,2048] [--rounds 21] [--sample-ms 60] [--warmup-ms 3000]
# JVM options through JACOBI_JAVA_OPTS (e.g. -XX:+UnlockDiagnosticVMOptions -XX:+PrintCompilation).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../../bin/hpjava-env.sh"
if [[ ! -f "$here/target/classes/hpjava/bench/jacobi/JacobiNode.class" || ! -f "$here/target/classpath.txt" ]]; then
    echo "bench/jacobi/run.sh: target/ is not built; first run: ./mvnw -o -B -q -pl bench/jacobi install" >&2
    exit 2
fi
exec "$JAVA_HOME/bin/java" ${JACOBI_JAVA_OPTS:-} -cp "$here/target/classes:$(cat "$here/target/classpath.txt")" \
    hpjava.mpjdev.Launcher --backend mt --np 1 hpjava.bench.jacobi.JacobiBench "$@"
