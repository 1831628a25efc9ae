#!/usr/bin/env bash
# A/B of -XX:+UseTransparentHugePages on bench/scaling's Jacobi/red-black, N=2048, interleaved rounds.
# bin/hpjava asks for huge pages by default where the kernel is in madvise mode: the mt1/mt2 sides turn it off.
# Needs bench/scaling/run.sh to have built bench/scaling/target once. Usage: bench/scaling/probe/thp-ab.sh
set -uo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)"; out=$top/bench/scaling/target; source $top/bin/hpjava-env.sh >/dev/null
T=-XX:+UseTransparentHugePages
for k in jacobi redblack; do
 main=ScalingJacobi; [ $k = redblack ] && main=ScalingRedBlack
 for r in 1 2 3; do
  for v in "java-seq|$JAVA_HOME/bin/java -cp $out/java PlainStencil seq $k" "java-seq-thp|$JAVA_HOME/bin/java $T -cp $out/java PlainStencil seq $k" \
           "mt1|env HPJAVA_JAVA_OPTS=-XX:-UseTransparentHugePages $top/bin/hpjava run --np 1 --backend mt -cp $out/hpj $main" "mt1-thp|$top/bin/hpjava run --np 1 --backend mt -cp $out/hpj $main" \
           "mt2|env HPJAVA_JAVA_OPTS=-XX:-UseTransparentHugePages $top/bin/hpjava run --np 2 --backend mt -cp $out/hpj $main" "mt2-thp|$top/bin/hpjava run --np 2 --backend mt -cp $out/hpj $main" \
           "c-seq|$out/c-seq $k" "c-omp2|env OMP_NUM_THREADS=2 OMP_PROC_BIND=false $out/c-omp $k"; do
   label=${v%%|*}; cmd=${v#*|}
   line=$($cmd 2048 119 238 2>/dev/null | grep '^RESULT') || line="FAILED"
   echo "$k r=$r $label $(sed 's/.*iter_ms=\([^ ]*\).*sweep_ms=\([^ ]*\).*/iter \1 sweep \2/' <<<"$line")"
  done
 done
done
