# Sourced by bin/hpjavac and bin/hpjava after hpjava-env.sh. hpjava_ensure_built builds the project when the tool jars
# are missing (first run) or older than the sources (after a git pull or an edit), showing what the build is doing
# and for how long. HPJAVA_NO_REBUILD=1 reports a stale build instead of rebuilding it.

# The first source file or pom newer than the built tools, or nothing.
hpjava_newer_source() {
  find "$HPJAVA_HOME" \( -name target -o -name .git -o -name node_modules -o -name .hpjava-cache \) -prune -o \
    \( -path '*/src/main/*' -o -name pom.xml \) -type f -newer "$1" -print -quit 2>/dev/null
}

# Runs the build in the background and prints its progress (current module, seconds so far) until it ends.
# Written for the callers' set -euo pipefail: no command here may fail unguarded.
hpjava_build_with_progress() {
  local log="$HPJAVA_HOME/.hpjava-build.log" start=$SECONDS module status
  (cd "$HPJAVA_HOME" && ./mvnw -B -ntp install -DskipTests >"$log" 2>&1) &
  local pid=$!
  while kill -0 "$pid" 2>/dev/null; do
    sleep 2
    module=$(grep -o 'Building [^[]*\[[0-9]*/[0-9]*\]' "$log" 2>/dev/null | tail -1 | sed 's/^Building //') || true
    if [ -t 2 ]; then
      printf '\rhpjava: building %s, %ds so far...   ' "${module:-(starting Maven)}" $((SECONDS - start)) >&2
    elif [ $(((SECONDS - start) % 10)) -lt 2 ]; then
      echo "hpjava: building ${module:-(starting Maven)}, $((SECONDS - start))s so far" >&2
    fi
  done
  wait "$pid" && status=0 || status=$?
  if [ -t 2 ]; then printf '\n' >&2; fi
  if [ "$status" -ne 0 ]; then
    echo "hpjava: the build failed after $((SECONDS - start))s; the last lines of $log:" >&2
    grep -E 'ERROR|FAIL' "$log" | head -5 >&2
    exit 1
  fi
  echo "hpjava: built in $((SECONDS - start))s" >&2
}

# The newest file of the last build: a jar of dist/target/lib (a module's jar is rewritten only when it changed) or
# the stamp this script writes after a build.
hpjava_build_reference() {
  ls -t "$HPJAVA_HOME"/dist/target/lib/*.jar "$HPJAVA_HOME"/dist/target/hpjava-built.stamp 2>/dev/null | head -1 || true
}

hpjava_ensure_built() {
  local ref newer
  ref=$(hpjava_build_reference)
  if [ -n "$ref" ] && ls "$HPJAVA_HOME"/dist/target/lib/hpjava-tools-*.jar >/dev/null 2>&1; then
    newer=$(hpjava_newer_source "$ref")
    [ -z "$newer" ] && return
    if [ "${HPJAVA_NO_REBUILD:-}" = 1 ]; then
      echo "hpjava: warning: the build is older than the sources (${newer#"$HPJAVA_HOME"/} changed); run ./mvnw install -DskipTests" >&2
      return
    fi
  fi
  # One build at a time: a second tool started meanwhile waits, then finds the build fresh.
  if command -v flock >/dev/null 2>&1; then
    exec 9>"$HPJAVA_HOME/.hpjava-build.lock"
    flock 9
    ref=$(hpjava_build_reference)
    if [ -n "$ref" ] && ls "$HPJAVA_HOME"/dist/target/lib/hpjava-tools-*.jar >/dev/null 2>&1 \
        && [ -z "$(hpjava_newer_source "$ref")" ]; then
      flock -u 9
      return
    fi
  fi
  if [ -z "$ref" ] || ! ls "$HPJAVA_HOME"/dist/target/lib/hpjava-tools-*.jar >/dev/null 2>&1; then
    echo "hpjava: first run: building HPJava (./mvnw install -DskipTests, about a minute; log in $HPJAVA_HOME/.hpjava-build.log)" >&2
  else
    echo "hpjava: the sources changed since the last build (${newer#"$HPJAVA_HOME"/}, and maybe others): rebuilding" >&2
  fi
  hpjava_build_with_progress
  touch "$HPJAVA_HOME/dist/target/hpjava-built.stamp"
  if command -v flock >/dev/null 2>&1; then flock -u 9; fi
}
