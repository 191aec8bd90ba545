#!/usr/bin/env bash
# `npm run demo`: the demo site on http://localhost:5173 with a development wallet, against two
# local anvil chains (31337 on port 8545, 31338 on port 8546). Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

DEMO_PORT=5173
CHAINS=("31337:8545" "31338:8546")

section() { printf '\n==> %s\n' "$*"; }
die() {
  printf '\ndemo: %s\n' "$*" >&2
  exit 1
}

section "Setup"
# shellcheck source=setup.sh
. scripts/setup.sh --no-browser

port_taken() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }

for port in "$DEMO_PORT" "${CHAINS[@]#*:}"; do
  if port_taken "$port"; then
    die "port $port on 127.0.0.1 is already in use (is another demo running?). Stop whatever listens there (e.g. \`ss -ltnp 'sport = :$port'\` shows it) and run npm run demo again."
  fi
done

section "Building the packages"
pnpm build

section "Starting local chains"
anvil_bin=$(node scripts/anvil.mjs path)
pids=()
stop_chains() {
  local pid
  for pid in "${pids[@]}"; do
    kill "$pid" 2>/dev/null || true
  done
  wait 2>/dev/null || true
}
trap stop_chains EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

for chain in "${CHAINS[@]}"; do
  chain_id=${chain%%:*}
  port=${chain#*:}
  "$anvil_bin" --chain-id "$chain_id" --port "$port" --host 127.0.0.1 --silent </dev/null &
  pids+=("$!")
done
for chain in "${CHAINS[@]}"; do
  chain_id=${chain%%:*}
  port=${chain#*:}
  node scripts/anvil.mjs wait "http://127.0.0.1:$port" "$chain_id" || die "anvil (chain $chain_id) did not start on port $port"
  echo "chain $chain_id: http://127.0.0.1:$port"
done

export VITE_DEV_WALLET=1
export VITE_RPC_31337=http://127.0.0.1:8545
export VITE_RPC_31338=http://127.0.0.1:8546

section "Portico demo"
cat <<BANNER

    Open http://localhost:$DEMO_PORT

    Development wallet: on (anvil's test accounts)
    Chains: 31337 on http://127.0.0.1:8545, 31338 on http://127.0.0.1:8546
    Press Ctrl-C to stop the demo and the chains.

BANNER

# Not exec: the traps above stop the chains when Vite exits.
pnpm --filter @portico/demo exec vite --host 127.0.0.1 --port "$DEMO_PORT" --strictPort
