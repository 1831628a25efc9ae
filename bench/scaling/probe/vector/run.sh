#!/usr/bin/env bash
# bench/scaling/probe/vector: the sweep forms of SweepForms.java against gcc -O3 (c/stencil.c), interleaved, and the
# SuperWord probe. Run under /work/tools/machine-excl (or with the machine to itself).   run.sh [ROUNDS]
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); top=$(cd "$here/../../../.." && pwd)
source "$top/bin/hpjava-env.sh"
out="$here/target"; mkdir -p "$out"
gcc -O3 -march=native -ffp-contract=off -o "$out/c-seq" "$here/../../c/stencil.c" -lm
"$JAVA_HOME/bin/javac" -nowarn --add-modules jdk.incubator.vector -d "$out" "$here/SweepForms.java" "$here/AliasProbe.java" 2>/dev/null
java=("$JAVA_HOME/bin/java" --add-modules jdk.incubator.vector -cp "$out")
for sw in +UseSuperWord -UseSuperWord; do echo "AliasProbe -XX:$sw"; "$JAVA_HOME/bin/java" -XX:$sw -cp "$out" AliasProbe; done
for ((r = 1; r <= ${1:-3}; r++)); do
  for n in 1024 2048; do
    it=$(( 1000000000 / (n * n) )); w=$(( it / 2 ))
    "$out/c-seq" jacobi $n $w $it
    for v in scalar vector scratchrow samearray; do "${java[@]}" SweepForms jacobi $v $n $w $it 2>/dev/null; done
    "$out/c-seq" redblack $n $w $it
    for v in scalar vector vectorms vectorpipe vectorslice; do "${java[@]}" SweepForms redblack $v $n $w $it 2>/dev/null; done
  done
done
