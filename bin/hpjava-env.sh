# Sourced by every script in bin/ and by .ci/run: finds a JDK 25 and exports JAVA_HOME and HPJAVA_HOME.
# Order: $JAVA_HOME if it is JDK 25 or newer, then known install places, then `java` on the PATH.

hpjava_java_major() { # prints the feature version of the java binary $1, or nothing
  "$1" -XshowSettings:properties -version 2>&1 | sed -n 's/^ *java\.specification\.version = \([0-9]*\).*/\1/p' | head -n 1
}

hpjava_find_jdk() {
  local cand major
  for cand in "${JAVA_HOME:-}" /usr/lib/jvm/temurin-25-jdk-amd64 /usr/lib/jvm/temurin-25-jdk /usr/lib/jvm/java-25-openjdk-amd64 \
              /usr/lib/jvm/jdk-25 /opt/java/openjdk /usr/lib/jvm/*; do
    [ -n "$cand" ] && [ -x "$cand/bin/java" ] && [ -x "$cand/bin/javac" ] || continue
    major=$(hpjava_java_major "$cand/bin/java")
    if [ -n "$major" ] && [ "$major" -ge 25 ]; then echo "$cand"; return 0; fi
  done
  if command -v javac >/dev/null 2>&1; then
    cand=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
    major=$(hpjava_java_major "$cand/bin/java")
    if [ -n "$major" ] && [ "$major" -ge 25 ]; then echo "$cand"; return 0; fi
  fi
  return 1
}

if ! HPJAVA_JDK=$(hpjava_find_jdk); then
  echo "hpjava: no JDK 25 found. Install one (for example Temurin 25) and set JAVA_HOME to it;" >&2
  echo "        looked at \$JAVA_HOME (${JAVA_HOME:-unset}), /usr/lib/jvm/* and the java on the PATH." >&2
  exit 2
fi
export JAVA_HOME="$HPJAVA_JDK"
export PATH="$JAVA_HOME/bin:$PATH"
HPJAVA_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export HPJAVA_HOME
