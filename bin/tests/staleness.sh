#!/usr/bin/env bash
# Tests bin/hpjava-lib.sh's build check on a throw-away tree whose ./mvnw only records that it ran:
# a fresh build is used as it is; a source or pom newer than the build is rebuilt (with the reason printed), or only
# reported under HPJAVA_NO_REBUILD=1; a missing build is built as a first run. Prints "N passed, N failed".
set -uo pipefail
lib="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)/hpjava-lib.sh"
tree=$(mktemp -d)
trap 'rm -rf "$tree"' EXIT
passed=0 failed=0
check() {  # check NAME CONDITION-RESULT MESSAGE
  if [ "$2" = 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $1: $3" >&2; fi
}
mkdir -p "$tree/dist/target/lib" "$tree/runtime/src/main/java"
cat >"$tree/mvnw" <<'MVNW'
#!/usr/bin/env bash
echo ran >>"$(dirname "$0")/mvnw.calls"
touch "$(dirname "$0")/dist/target/lib/hpjava-tools-0.jar"
MVNW
chmod +x "$tree/mvnw"
ensure() {  # runs hpjava_ensure_built in a subshell as bin/hpjava does; stderr into $tree/err
  (HPJAVA_HOME="$tree"; source "$lib"; set -euo pipefail; hpjava_ensure_built) 2>"$tree/err"
}
calls() { [ -f "$tree/mvnw.calls" ] && wc -l <"$tree/mvnw.calls" || echo 0; }

echo 'class A {}' >"$tree/runtime/src/main/java/A.java"
touch -d '2 hours ago' "$tree/runtime/src/main/java/A.java"
ensure; check "first run builds" "$([ "$(calls)" -eq 1 ] && grep -q 'first run' "$tree/err"; echo $?)" "$(cat "$tree/err")"

touch -d '1 hour ago' "$tree/dist/target/lib/hpjava-tools-0.jar" "$tree/dist/target/hpjava-built.stamp"
ensure; check "a fresh build is used" "$([ "$(calls)" -eq 1 ] && [ ! -s "$tree/err" ]; echo $?)" "$(cat "$tree/err")"

touch "$tree/runtime/src/main/java/A.java"
HPJAVA_NO_REBUILD=1 ensure
check "HPJAVA_NO_REBUILD=1 reports a stale build" \
  "$([ "$(calls)" -eq 1 ] && grep -q 'older than the sources (runtime/src/main/java/A.java changed)' "$tree/err"; echo $?)" "$(cat "$tree/err")"

ensure; check "a stale build is rebuilt, saying why" \
  "$([ "$(calls)" -eq 2 ] && grep -q 'sources changed since the last build (runtime/src/main/java/A.java' "$tree/err"; echo $?)" "$(cat "$tree/err")"

ensure; check "after the rebuild the build is fresh" "$([ "$(calls)" -eq 2 ]; echo $?)" "$(cat "$tree/err")"

touch "$tree/pom.xml"
ensure; check "a changed pom rebuilds" "$([ "$(calls)" -eq 3 ]; echo $?)" "$(cat "$tree/err")"

echo "staleness: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
