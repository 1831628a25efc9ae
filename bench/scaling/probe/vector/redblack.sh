#!/usr/bin/env bash
# bench/scaling/probe/vector: the red-black step-2 forms of SweepForms.java against gcc -O3 (c/stencil.c), N = 1024
# and 2048, the order of the variants rotating each round. Run each round under /work/tools/machine-excl:
#   redblack.sh build; for r in 1 2 3 4 5; do /work/tools/machine-excl redblack.sh round $r; done
# VARIANTS="c-seq scalar ..." picks the forms (default: rbperm's set; rbvec measured c-seq scalar vectorslice
# vectorpipe vectorslicesafe vectorslice2 vectorpair vectorslicesafe@256).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd); top=$(cd "$here/../../../.." && pwd)
source "$top/bin/hpjava-env.sh"
out="$here/target"; mkdir -p "$out"
if [[ ${1:-} == build ]]; then
  gcc -O3 -march=native -ffp-contract=off -o "$out/c-seq" "$here/../../c/stencil.c" -lm
  "$JAVA_HOME/bin/javac" -nowarn --add-modules jdk.incubator.vector -d "$out" "$here/SweepForms.java" 2>/dev/null
  exit 0
fi
round=${2:-1}
java=("$JAVA_HOME/bin/java" --add-modules jdk.incubator.vector -cp "$out")
read -r -a variants <<< "${VARIANTS:-c-seq scalar vectorslicesafe blend deint deintshuf}"
nv=${#variants[@]}
for n in 1024 2048; do
  it=$(( 1000000000 / (n * n) )); w=$(( it / 2 ))
  for ((x = 0; x < nv; x++)); do
    v=${variants[$(( (x + round) % nv ))]}
    case $v in
      c-seq) "$out/c-seq" redblack $n $w $it ;;
      *@256) "${java[@]}" -Dbits=256 SweepForms redblack ${v%@256} $n $w $it 2>/dev/null | sed "s/impl=java-${v%@256}/impl=java-$v/" ;;
      *) "${java[@]}" SweepForms redblack $v $n $w $it 2>/dev/null ;;
    esac
  done
done
