#!/usr/bin/env bash
# Tests that a user's `bin/hpjava run` gives the job's JVMs transparent huge pages exactly where the kernel hands them
# out on request (`[madvise]` in /sys/kernel/mm/transparent_hugepage/enabled: bin/hpjava's rule for the launching JVM,
# which runs mt jobs, and ToolSupport.HUGE_PAGE_ARGS for every rank JVM), and that HPJAVA_JAVA_OPTS or --jvm-arg with
# -XX:-UseTransparentHugePages turns them off. mt, mpi on Open MPI and on MPICH, and ucx, np 2, each rank printing
# its JVM's input arguments and the flag's effective value (HotSpotDiagnosticMXBean). Every such JVM must also carry
# the arguments that compile HPJava's classes early (bin/hpjava's jit, ToolSupport.JIT_ARGS), once. A backend that cannot run here
# (status 3) is skipped with a note, or fails under CI=true. Needs the build (dist/target/lib, ./mvnw install); run
# by bin/test-all. Prints "N passed, N failed, N skipped"; exit status 1 if one failed.
set -uo pipefail
top="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0 failed=0 skipped=0
cat >"$work/JvmFlags.hpj" <<'HPJ'
import java.lang.management.ManagementFactory;

public class JvmFlags {
  public static void main(String[] args) {
    com.sun.management.HotSpotDiagnosticMXBean hotspot =
        ManagementFactory.getPlatformMXBean(com.sun.management.HotSpotDiagnosticMXBean.class);
    String thp = "", jit = "";
    for (String a : ManagementFactory.getRuntimeMXBean().getInputArguments()) {
      if (a.contains("TransparentHugePages")) thp += " " + a;
      if (a.startsWith("-XX:CompileCommand")) jit += " " + a;
    }
    System.out.println("JVM pid=" + ProcessHandle.current().pid() + " UseTransparentHugePages="
        + hotspot.getVMOption("UseTransparentHugePages").getValue() + " args:" + thp + " jit:" + jit);
  }
}
HPJ
if grep -qF '[madvise]' /sys/kernel/mm/transparent_hugepage/enabled 2>/dev/null; then
  want=true want_arg=" -XX:+UseTransparentHugePages"
else
  want=false want_arg=""
fi

jit=" -XX:CompileCommand=quiet -XX:CompileCommand=CompileThresholdScaling,hpjava.*::*,0.2"
# check NAME EXPECTED-VALUE EXPECTED-ARGS [VAR=VALUE...] -- HPJAVA-RUN-ARGS...: every line the job prints (one
# per rank) shows the flag's effective value EXPECTED-VALUE, exactly EXPECTED-ARGS as its huge-page arguments and
# exactly $jit as its CompileCommand arguments.
check() {
  local name=$1 value=$2 args=$3; shift 3
  local envs=()
  while [ "$1" != -- ]; do envs+=("$1"); shift; done; shift
  timeout 120 env "${envs[@]}" "$top/bin/hpjava" run --timeout 60 "$@" "$work/JvmFlags.hpj" >"$work/out" 2>"$work/err"
  local status=$?
  if [ "$status" = 3 ]; then
    if [ "${CI:-}" = true ]; then
      failed=$((failed + 1)); echo "FAILED: $name: the backend cannot run here (CI=true): $(tr '\n' ' ' <"$work/err")" >&2
    else
      skipped=$((skipped + 1)); echo "SKIPPED: $name: $(head -1 "$work/err")" >&2
    fi
    return
  fi
  local lines bad
  lines=$(grep -c '^JVM ' "$work/out")
  bad=$(grep '^JVM ' "$work/out" | sed 's/^JVM pid=[0-9]* //' |
        grep -vxF -- "UseTransparentHugePages=$value args:$args jit:$jit")
  if [ "$status" = 0 ] && [ "$lines" = 2 ] && [ -z "$bad" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAILED: $name (status $status; want 2 lines with UseTransparentHugePages=$value args:$args jit:$jit)" >&2
    sed 's/^/  out: /' "$work/out" >&2; sed 's/^/  err: /' "$work/err" | tail -5 >&2
  fi
}
# The mt job runs in the launching JVM unless --jvm-arg is given (then in a JVM of its own, with them).
check "mt default" "$want" "$want_arg" -- --np 2 --backend mt
check "mt HPJAVA_JAVA_OPTS off" false "$want_arg -XX:-UseTransparentHugePages" HPJAVA_JAVA_OPTS=-XX:-UseTransparentHugePages -- --np 2 --backend mt
check "mt --jvm-arg off" false "$want_arg -XX:-UseTransparentHugePages" -- --np 2 --backend mt --jvm-arg=-XX:-UseTransparentHugePages
for mpi in openmpi mpich; do
  check "mpi ($mpi) default" "$want" "$want_arg" HPJAVA_MPI=$mpi -- --np 2 --backend mpi
  check "mpi ($mpi) --jvm-arg off" false "$want_arg -XX:-UseTransparentHugePages" HPJAVA_MPI=$mpi -- --np 2 --backend mpi --jvm-arg=-XX:-UseTransparentHugePages
done
check "ucx default" "$want" "$want_arg" -- --np 2 --backend ucx
check "ucx --jvm-arg off" false "$want_arg -XX:-UseTransparentHugePages" -- --np 2 --backend ucx --jvm-arg=-XX:-UseTransparentHugePages
echo "huge-pages: $passed passed, $failed failed, $skipped skipped"
[ "$failed" = 0 ]
