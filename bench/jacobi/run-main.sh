#!/usr/bin/env bash
# The in-main shape: JacobiMain.hpj ([HPJava-RT] Figure 2 written inside main, as users write it) at
# np = 1 on mt against HandMain (the same program in plain Java, double[][]), one fresh JVM per launch, launches
# alternated (A B B A A B ...), the checksums of both compared bitwise. Each launch prints the median ms of the
# sweep (the overall nest) and of the whole iteration (writeHalo, sweep, copy) over the second half of its samples;
# this script prints every launch and a markdown table of the medians over launches and their ratio.
# Builds nothing: uses target/ from `./mvnw -o -B -q -pl bench/jacobi install`.
# Usage: bench/jacobi/run-main.sh [--size N] [--launches L] [--iterations I] [--samples S]
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
source "$here/../../bin/hpjava-env.sh"
size=2048 launches=10 iterations=10 samples=30
usage() { echo "usage: bench/jacobi/run-main.sh [--size N>=3] [--launches L>=1] [--iterations I>=1] [--samples S>=2]" >&2; exit 2; }
while [[ $# -gt 0 ]]; do
    [[ $# -ge 2 && "$2" =~ ^[0-9]+$ ]] || usage
    case "$1" in
        --size) size=$2 ;; --launches) launches=$2 ;; --iterations) iterations=$2 ;; --samples) samples=$2 ;;
        *) usage ;;
    esac
    shift 2
done
(( size >= 3 && launches >= 1 && iterations >= 1 && samples >= 2 )) || usage
if [[ ! -f "$here/target/classes/hpjava/bench/jacobi/JacobiMain.class" || ! -f "$here/target/classpath.txt" ]]; then
    echo "bench/jacobi/run-main.sh: target/ is not built; first run: ./mvnw -o -B -q -pl bench/jacobi install" >&2
    exit 2
fi
cp="$here/target/classes:$(cat "$here/target/classpath.txt")"
hpjava() { "$JAVA_HOME/bin/java" ${JACOBI_JAVA_OPTS:-} -cp "$cp" hpjava.mpjdev.Launcher --backend mt --np 1 \
    hpjava.bench.jacobi.JacobiMain "$size" "$iterations" "$samples"; }
hand() { "$JAVA_HOME/bin/java" ${JACOBI_JAVA_OPTS:-} -cp "$cp" hpjava.bench.jacobi.HandMain "$size" "$iterations" "$samples"; }
out=$(mktemp)
trap 'rm -f "$out"' EXIT
echo "# JacobiMain (hpjavac, np 1 mt) vs HandMain (plain Java), N=$size, $launches launches each, $iterations iterations x $samples samples per launch; load: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((k = 0; k < launches; k++)); do
    if (( k % 2 == 0 )); then hpjava | tee -a "$out"; hand | tee -a "$out"; else hand | tee -a "$out"; hpjava | tee -a "$out"; fi
done
awk -v n="$size" '
    function median(arr, m,   i, j, t) { for (i = 1; i <= m; i++) for (j = i + 1; j <= m; j++) if (arr[j] < arr[i]) { t = arr[i]; arr[i] = arr[j]; arr[j] = t }
        return m % 2 ? arr[(m + 1) / 2] : (arr[m / 2] + arr[m / 2 + 1]) / 2 }
    $1 == "JacobiMain" { hs[++h] = $3; hw[h] = $4; hsum = $5 " " $6 }
    $1 == "HandMain"   { ds[++d] = $3; dw[d] = $4; dsum = $5 " " $6 }
    END {
        if (h == 0 || h != d) { print "run-main.sh: missing results" > "/dev/stderr"; exit 1 }
        if (hsum != dsum) { print "run-main.sh: checksums differ: hpjavac " hsum ", plain Java " dsum > "/dev/stderr"; exit 1 }
        s1 = median(hs, h); w1 = median(hw, h); s2 = median(ds, d); w2 = median(dw, d)
        print "checksums equal: " hsum
        print "| N | part | hpjavac in main, np 1 (ms, median) | plain Java in main (ms, median) | plain / hpjavac |"
        print "|---|---|---:|---:|---:|"
        printf "| %d | sweep | %.3f | %.3f | %.2f |\n", n, s1, s2, s2 / s1
        printf "| %d | whole iteration | %.3f | %.3f | %.2f |\n", n, w1, w2, w2 / w1
    }' "$out"
