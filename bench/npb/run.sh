#!/usr/bin/env bash
# The NAS Parallel Benchmark kernels of examples/npb/ in HPJava against NASA's own codes, in the same interleaved
# rounds: HPJava on mt (np 1, 2, 4), mpi (np 1, 2) and ucx (np 2); NPB3.4-OMP (gfortran, 1 and 2 threads),
# NPB3.4-MPI (np 1, 2) and NPB3.0-JAV (serial, 2 threads), built here from the checkouts named. Prints each run's
# time and Mop/s, then the medians and the ratio table (HPJava Mop/s over NASA's at the same parallelism).
#
#   bench/npb/run.sh --npb DIR --npb-java DIR [--kernels MG,CG,FT (default)] [--class A] [--rounds 3] [--out FILE]
#
# --npb: NASA's NPB 3.4 tree (holding NPB3.4-OMP and NPB3.4-MPI); --npb-java: NPB3.0-JAV (src/main/java/NPB3_0_JAV
# or NPB3_0_JAV/ below it). Either may be left out: its columns are then empty. Builds go to a temporary directory
# (--work DIR to keep them). The timed rounds run under bench/lock/machine-excl (the machine to itself); a HPJava
# run that is not verified, or a NASA run that is not, is reported as such and kept out of the medians.
set -euo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
kernels=MG,CG,FT class=A rounds=3 npb= npbjava= work= out=
usage() { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
while [ $# -gt 0 ]; do
  case "$1" in
    --kernels) kernels=$2; shift 2 ;;
    --class) class=$2; shift 2 ;;
    --rounds) rounds=$2; shift 2 ;;
    --npb) npb=$(cd "$2" && pwd); shift 2 ;;
    --npb-java) npbjava=$(cd "$2" && pwd); shift 2 ;;
    --work) work=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "run.sh: unknown argument '$1'" >&2; usage ;;
  esac
done
case "$class" in S|W|A|B|C) ;; *) echo "run.sh: --class must be one of S W A B C, not '$class'" >&2; exit 2 ;; esac
[[ "$rounds" =~ ^[1-9][0-9]*$ ]] || { echo "run.sh: --rounds must be a positive integer, not '$rounds'" >&2; exit 2; }
IFS=, read -r -a kernel_list <<<"$kernels"
for k in "${kernel_list[@]}"; do
  [ -f "$here/examples/npb/$k.hpj" ] || { echo "run.sh: no HPJava kernel examples/npb/$k.hpj" >&2; exit 2; }
done
[ -n "$work" ] || { work=$(mktemp -d /tmp/npb-bench.XXXXXX); trap 'rm -rf "$work"' EXIT; }
mkdir -p "$work"
source "$here/bin/hpjava-env.sh" >/dev/null 2>&1 || true
java=${JAVA_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}/bin/java

# --- builds -------------------------------------------------------------------------------------------------------
need_gfortran() {
  command -v gfortran >/dev/null && return
  if [ "$(id -u)" = 0 ]; then apt-get install -y -q gfortran >/dev/null
  else echo "run.sh: gfortran is missing: apt-get install gfortran (as root)" >&2; exit 3; fi
}
build_npb() {   # $1 OMP|MPI: copies the tree, writes make.def, builds each kernel at the class
  local flavour=$1 dir=$work/NPB3.4-$1
  [ -d "$npb/NPB3.4-$flavour" ] || { echo "run.sh: $npb has no NPB3.4-$flavour" >&2; exit 2; }
  rm -rf "$dir"; cp -r "$npb/NPB3.4-$flavour" "$dir"; mkdir -p "$dir/bin"
  if [ "$flavour" = OMP ]; then
    printf 'FC = gfortran\nFLINK = $(FC)\nF_LIB =\nF_INC =\nFFLAGS = -O3 -march=native -fopenmp\nFLINKFLAGS = $(FFLAGS)\nCC = gcc\nCLINK = $(CC)\nC_LIB = -lm\nC_INC =\nCFLAGS = -O3 -march=native -fopenmp\nCLINKFLAGS = $(CFLAGS)\nUCC = gcc\nBINDIR = ../bin\nRAND = randi8\nWTIME = wtime.c\n' >"$dir/config/make.def"
  else   # gfortran 10+ refuses NPB-MPI's mixed argument types without -fallow-argument-mismatch
    printf 'MPIFC = mpif90\nFLINK = $(MPIFC)\nFMPI_LIB =\nFMPI_INC =\nFFLAGS = -O3 -march=native -fallow-argument-mismatch\nFLINKFLAGS = $(FFLAGS)\nMPICC = mpicc\nCLINK = $(MPICC)\nCMPI_LIB =\nCMPI_INC =\nCFLAGS = -O3 -march=native\nCLINKFLAGS = $(CFLAGS)\nCC = gcc\nBINDIR = ../bin\nCONVERTFLAG = -DFORTRAN_REC_SIZE=1\nRAND = randi8\n' >"$dir/config/make.def"
  fi
  for k in "${kernel_list[@]}"; do
    (cd "$dir" && make "$k" CLASS="$class" >"$work/build-$flavour-$k.log" 2>&1) \
      || { echo "run.sh: building NPB3.4-$flavour $k failed: $work/build-$flavour-$k.log" >&2; exit 1; }
  done
}
build_java() {
  local src
  src=$(find "$npbjava" -type d -name NPB3_0_JAV | head -1)
  [ -n "$src" ] || { echo "run.sh: no NPB3_0_JAV sources under $npbjava" >&2; exit 2; }
  mkdir -p "$work/jav"
  "$(dirname "$java")/javac" -nowarn -d "$work/jav" $(find "$src" -name '*.java') >"$work/build-jav.log" 2>&1 \
    || { echo "run.sh: compiling NPB3.0-JAV failed: $work/build-jav.log" >&2; exit 1; }
}
if [ -n "$npb" ]; then need_gfortran; build_npb OMP; command -v mpif90 >/dev/null && build_npb MPI; fi
[ -n "$npbjava" ] && build_java
# compile each HPJava kernel once, outside the timed rounds
for k in "${kernel_list[@]}"; do
  (cd "$here" && bin/hpjava run --np 1 "examples/npb/$k.hpj" S >/dev/null) \
    || { echo "run.sh: examples/npb/$k.hpj S failed" >&2; exit 1; }
done

# --- configurations: name, then the command ------------------------------------------------------------------------
configs=()
add() { configs+=("$1"$'\t'"$2"); }
have_backend() { (cd "$here" && bin/hpjava run --version 2>/dev/null | grep -qE "^ *$1 +available"); }
for k in "${kernel_list[@]}"; do
  lk=$(tr 'A-Z' 'a-z' <<<"$k")
  for np in 1 2 4; do add "$k hpjava mt np$np" "cd $here && bin/hpjava run --np $np examples/npb/$k.hpj $class"; done
  if have_backend mpi; then for np in 1 2; do add "$k hpjava mpi np$np" "cd $here && bin/hpjava run --backend mpi --np $np examples/npb/$k.hpj $class"; done; fi
  have_backend ucx && add "$k hpjava ucx np2" "cd $here && bin/hpjava run --backend ucx --np 2 examples/npb/$k.hpj $class"
  if [ -n "$npb" ]; then
    for t in 1 2; do add "$k NPB3.4-OMP $t thr" "OMP_NUM_THREADS=$t $work/NPB3.4-OMP/bin/$lk.$class.x"; done
    if [ -x "$work/NPB3.4-MPI/bin/$lk.$class.x" ]; then
      for np in 1 2; do add "$k NPB3.4-MPI np$np" "mpirun --allow-run-as-root --oversubscribe -np $np $work/NPB3.4-MPI/bin/$lk.$class.x"; done
    fi
  fi
  if [ -n "$npbjava" ] && [ -f "$work/jav/NPB3_0_JAV/$k.class" ]; then
    add "$k NPB3.0-JAV serial" "cd $work && $java -cp $work/jav NPB3_0_JAV.$k -serial CLASS=$class"
    add "$k NPB3.0-JAV 2 thr" "cd $work && $java -cp $work/jav NPB3_0_JAV.$k -np2 CLASS=$class"
  fi
done

# --- the timed rounds ---------------------------------------------------------------------------------------------
results=$work/results.tsv
: >"$results"
printf '%s\n' "${configs[@]}" >"$work/configs.tsv"
echo "# round results: configuration, round, seconds, Mop/s, verified"
"$here/bench/lock/machine-excl" "$here/bench/npb/timed-rounds.sh" "$results" "$rounds" "$work/configs.tsv"

# --- medians and ratios -------------------------------------------------------------------------------------------
python3 - "$results" "$class" "${kernel_list[@]}" <<'PY' | tee ${out:+"$out"}
import sys, statistics, collections
path, cls, kernels = sys.argv[1], sys.argv[2], sys.argv[3:]
runs = collections.defaultdict(list)
failed = collections.Counter()
order = []
for line in open(path):
    name, r, secs, mops, ok = line.rstrip('\n').split('\t')
    if name not in order: order.append(name)
    if ok == 'yes': runs[name].append((float(secs), float(mops)))
    else: failed[name] += 1
med = {n: (statistics.median(s for s, _ in v), statistics.median(m for _, m in v)) for n, v in runs.items()}
print(f"\n| configuration (class {cls}) | runs | median s | median Mop/s |\n|---|---|---|---|")
for n in order:
    s = f"{med[n][0]:.2f} | {med[n][1]:.0f}" if n in med else "- | -"
    bad = f" ({failed[n]} not verified)" if failed[n] else ""
    print(f"| {n} | {len(runs[n])}{bad} | {s} |")
pairs = [("hpjava mt np1", "NPB3.4-OMP 1 thr"), ("hpjava mt np2", "NPB3.4-OMP 2 thr"),
         ("hpjava mpi np2", "NPB3.4-MPI np2"), ("hpjava mt np1", "NPB3.0-JAV serial"),
         ("hpjava mt np2", "NPB3.0-JAV 2 thr")]
print(f"\n| kernel | HPJava / NASA (Mop/s ratio) | ratio |\n|---|---|---|")
for k in kernels:
    for a, b in pairs:
        x, y = med.get(f"{k} {a}"), med.get(f"{k} {b}")
        print(f"| {k} | {a} / {b} | {x[1] / y[1]:.2f} |" if x and y else f"| {k} | {a} / {b} | - |")
PY
