#!/usr/bin/env bash
# Tests of ide-plugin/ with real clients, after the build (bin/test-all calls it; run it alone after
# `./mvnw install -DskipTests`):
#   1. the language server driven end-to-end by pytest-lsp (PyPI), in a virtual environment under
#      ide-plugin/language-server/target/pyenv;
#   2. the VS Code extension: the TextMate grammar tokenized by vscode-textmate + vscode-oniguruma against the golden
#      token files, and the extension's client/commands/debug launch against stand-ins for the vscode API.
# Installs what is missing (Debian: python3-venv, nodejs, npm; needs root). Where that is impossible the tests are
# skipped with a message, except under CI=true, where it is a failure.
set -euo pipefail
source "$(dirname "$0")/../bin/hpjava-env.sh"
cd "$HPJAVA_HOME/ide-plugin"

in_ci() { [ "${CI:-}" = "true" ]; }
missing() { # what: a tool is missing and cannot be installed
  if in_ci; then echo "test-ide: $1; under CI it must be present" >&2; exit 1; fi
  echo "test-ide: $1; skipping these tests" >&2
}
apt_install() {
  [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1 || return 1
  if [ -z "${HPJAVA_APT_UPDATED:-}" ]; then apt-get update -qq >/dev/null && export HPJAVA_APT_UPDATED=1 || return 1; fi
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

run_server_tests() {
  local venv=language-server/target/pyenv
  if [ ! -x "$venv/bin/python" ]; then
    if ! python3 -m venv "$venv" >/dev/null 2>&1; then
      rm -rf "$venv"
      apt_install python3-venv python3-pip || { missing "python3 with venv is not available"; return 0; }
      python3 -m venv "$venv"
    fi
  fi
  "$venv/bin/python" -m pip install -q --disable-pip-version-check -r language-server/src/test/python/requirements.txt
  echo "test-ide: language server, end-to-end with pytest-lsp"
  (cd language-server/src/test/python && timeout 900 "$HPJAVA_HOME/ide-plugin/$venv/bin/python" -m pytest -q -p no:cacheprovider)
}

run_vscode_tests() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    apt_install nodejs npm || { missing "node and npm are not available"; return 0; }
  fi
  echo "test-ide: VS Code extension (node $(node --version))"
  (cd vscode && npm ci --no-audit --no-fund --loglevel=error && timeout 300 npm test --silent)
}

run_server_tests
run_vscode_tests
echo "test-ide: ok"
