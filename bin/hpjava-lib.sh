# Sourced by bin/hpjavac and bin/hpjava after hpjava-env.sh: builds the project once if the tool jars are missing.
hpjava_ensure_built() {
  if ! ls "$HPJAVA_HOME"/dist/target/lib/hpjavac-*.jar >/dev/null 2>&1; then
    echo "hpjava: first run: building HPJava (./mvnw install -DskipTests), output in $HPJAVA_HOME/.hpjava-build.log" >&2
    if ! (cd "$HPJAVA_HOME" && ./mvnw -B -q -ntp install -DskipTests >"$HPJAVA_HOME/.hpjava-build.log" 2>&1); then
      echo "hpjava: the build failed; see $HPJAVA_HOME/.hpjava-build.log" >&2
      exit 1
    fi
  fi
}
