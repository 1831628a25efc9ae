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

hpjava_ensure_built() {
  local jar
  jar=$(ls "$HPJAVA_HOME"/dist/target/lib/hpjava-tools-*.jar 2>/dev/null | head -1)
  if [ -z "$jar" ]; then
    echo "hpjava: first run: building HPJava (./mvnw install -DskipTests, about a minute; log in $HPJAVA_HOME/.hpjava-build.log)" >&2
    hpjava_build_with_progress
    return
  fi
  local newer
  newer=$(hpjava_newer_source "$jar")
  [ -z "$newer" ] && return
  if [ "${HPJAVA_NO_REBUILD:-}" = 1 ]; then
    echo "hpjava: warning: the build is older than the sources (${newer#"$HPJAVA_HOME"/} changed); run ./mvnw install -DskipTests" >&2
    return
  fi
  echo "hpjava: the sources changed since the last build (${newer#"$HPJAVA_HOME"/}, and maybe others): rebuilding" >&2
  hpjava_build_with_progress
}
