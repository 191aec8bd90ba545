#!/usr/bin/env bash
# Prepares a machine that has only Node (>= 20.19) and npm to build, test and run Portico:
# pnpm at the version the lockfile was made with, the workspace dependencies, and Debian's Chromium
# for the end-to-end tests. Safe to run again: each step is skipped when it is already done.
#
# Run it (`bash scripts/setup.sh`) or source it (`. scripts/setup.sh`); sourcing also keeps the
# exported variables below in the caller's shell. `--no-browser` skips Chromium and PostgreSQL
# (only the tests need them; the demo runs on the embedded database).

PORTICO_PNPM_VERSION=10.34.9

# Playwright drives Debian's Chromium (/usr/bin/chromium); it must never download its own browsers.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
# node-gyp builds of native addons find Node's headers in /usr/include/node instead of downloading them.
export npm_config_nodedir=/usr
# No prompts: CI and `npm test` run without a terminal.
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
# Turborepo otherwise prints a telemetry notice on first use and reports usage.
export TURBO_TELEMETRY_DISABLED=1

portico_log() { printf '[setup] %s\n' "$*"; }
portico_fail() { printf '[setup] ERROR: %s\n' "$*" >&2; return 1; }

portico_as_root() {
  if [ "$(id -u)" = 0 ]; then
    "$@"
  elif command -v sudo >/dev/null 2>&1; then
    sudo -E "$@"
  else
    portico_fail "need root to run: $* (no sudo found). Run it as root, then try again."
  fi
}

portico_ensure_node() {
  if ! command -v node >/dev/null 2>&1; then
    portico_fail "Node.js is not installed. Install Node 20.19 or newer, then run this again."
    return 1
  fi
  if ! node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)'; then
    portico_fail "Node $(node -v) is too old: Portico needs Node 20.19 or newer."
    return 1
  fi
}

portico_ensure_pnpm() {
  local want_major=${PORTICO_PNPM_VERSION%%.*} have=""
  # A pnpm installed by an earlier run without root (see below).
  if [ -x "$HOME/.local/bin/pnpm" ] && ! command -v pnpm >/dev/null 2>&1; then
    export PATH="$HOME/.local/bin:$PATH"
  fi
  if command -v pnpm >/dev/null 2>&1; then
    have=$(pnpm --version 2>/dev/null || true)
  fi
  if [ -n "$have" ] && [ "${have%%.*}" = "$want_major" ]; then
    return 0
  fi
  if [ -n "$have" ]; then
    portico_log "pnpm $have found, this repository needs pnpm $want_major: installing pnpm@$PORTICO_PNPM_VERSION"
  else
    portico_log "pnpm not found: installing pnpm@$PORTICO_PNPM_VERSION with npm"
  fi
  if ! npm install --global --no-fund --no-audit --loglevel=error "pnpm@$PORTICO_PNPM_VERSION"; then
    # Not root and npm's global prefix is not writable: install for this user instead.
    portico_log "global install failed; installing pnpm into ~/.local"
    npm install --global --prefix "$HOME/.local" --no-fund --no-audit --loglevel=error \
      "pnpm@$PORTICO_PNPM_VERSION" || { portico_fail "could not install pnpm"; return 1; }
    export PATH="$HOME/.local/bin:$PATH"
  fi
  hash -r 2>/dev/null || true
  have=$(pnpm --version 2>/dev/null || true)
  if [ "${have%%.*}" != "$want_major" ]; then
    portico_fail "pnpm on PATH is '${have:-missing}' after installing $PORTICO_PNPM_VERSION; check your PATH."
    return 1
  fi
}

portico_install_deps() {
  # pnpm itself checks whether node_modules matches the lockfile and finishes in about two seconds
  # when nothing changed, so it always runs: a hand-made staleness check could only be less correct.
  # confirmModulesPurge=false: never ask (there is no terminal in CI) before rebuilding node_modules.
  local args=(--dir "$PORTICO_ROOT" install --config.confirmModulesPurge=false)
  if [ "${CI:-}" = true ] || [ "${CI:-}" = 1 ]; then
    args+=(--frozen-lockfile)
  fi
  portico_log "pnpm install${args[4]:+ ${args[4]}}"
  pnpm "${args[@]}" </dev/null || { portico_fail "pnpm install failed"; return 1; }
}

portico_ensure_chromium() {
  if [ -x /usr/bin/chromium ]; then
    return 0
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    portico_fail "/usr/bin/chromium is missing and apt-get is not available: install Chromium at /usr/bin/chromium for the end-to-end tests."
    return 1
  fi
  portico_log "installing Debian's Chromium for the end-to-end tests (apt-get install chromium)"
  portico_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
    portico_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null ||
    { portico_fail "apt-get install chromium failed"; return 1; }
  [ -x /usr/bin/chromium ] || { portico_fail "chromium installed but /usr/bin/chromium is missing"; return 1; }
}

# The server's tests run on PGlite and on a real PostgreSQL: they start a throwaway cluster from
# Debian's binaries (initdb, pg_ctl) on a loopback port, so only the binaries are needed.
portico_ensure_postgres() {
  if compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then
    return 0
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    portico_fail "PostgreSQL's binaries (initdb, pg_ctl) are missing and apt-get is not available: install PostgreSQL for the server tests."
    return 1
  fi
  portico_log "installing Debian's PostgreSQL for the server tests (apt-get install postgresql)"
  portico_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
    portico_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null ||
    { portico_fail "apt-get install postgresql failed"; return 1; }
  compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null ||
    { portico_fail "postgresql installed but no /usr/lib/postgresql/*/bin/initdb"; return 1; }
}

PORTICO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PORTICO_ROOT

portico_setup() {
  portico_ensure_node && portico_ensure_pnpm && portico_install_deps || return 1
  if [ "${1:-}" != --no-browser ]; then
    portico_ensure_chromium && portico_ensure_postgres
  fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  # Run as a script.
  set -euo pipefail
  portico_setup "$@"
else
  # Sourced: report failure to the caller (its `set -e` or `|| exit`) without ending its shell.
  portico_setup "$@" || return 1
fi
