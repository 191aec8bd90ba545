#!/usr/bin/env bash
# `npm run demo`: the demo site on http://localhost:5173 with a development wallet, against two
# local anvil chains (31337 on port 8545, 31338 on port 8546) with test tokens deployed, and a
# Portico server on http://127.0.0.1:8787 (balances, prices, activity, analytics, sign-in, the
# e-mail wallet) with a project for the demo, and a mailbox on http://127.0.0.1:1080 where the
# e-mail login's codes arrive, a local Solana validator on port 8899 with SOL and a PUSD token,
# a local Polkadot chain (chopsticks, asset-hub-rococo's runtime) on port 9944 with the development
# accounts //Alice … //Ferdie funded, and a Bitcoin regtest node (bcoin) on port 8332 with the dev
# accounts funded, served by the server. Ctrl-C stops everything.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

DEMO_PORT=5173
SERVER_PORT=8787
SOCIAL_PORT=8091
MAIL_SMTP_PORT=1025
MAIL_WEB_PORT=1080
WC_RELAY_PORT=8090
FARCASTER_RELAY_PORT=8092
SOLANA_PORT=8899
SOLANA_INFO=.portico-data/demo-solana.json
POLKADOT_PORT=9944
POLKADOT_INFO=.portico-data/demo-polkadot.json
BITCOIN_PORT=8332
BITCOIN_INFO=.portico-data/demo-bitcoin.json
BUNDLER_PORT=4337
BUNDLER_INFO=.portico-data/demo-bundler.json
DATA_DIR=.portico-data/demo
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

for port in "$DEMO_PORT" "$SERVER_PORT" "$MAIL_SMTP_PORT" "$MAIL_WEB_PORT" "$WC_RELAY_PORT" "$SOLANA_PORT" "$POLKADOT_PORT" "$BITCOIN_PORT" "$BUNDLER_PORT" "${CHAINS[@]#*:}"; do
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

# The Polkadot chain takes longest to start (loading its runtime, 6–15 s): it starts first and is
# waited for last, while everything else starts.
rm -f "$POLKADOT_INFO"
node apps/demo/scripts/polkadot.mjs --port "$POLKADOT_PORT" --info "$POLKADOT_INFO" </dev/null >/dev/null &
polkadot_pid=$!
pids+=("$polkadot_pid")
# The Bitcoin node mines past segwit activation and funds the dev accounts while the rest starts.
rm -f "$BITCOIN_INFO"
node apps/demo/scripts/bitcoin.mjs --port "$BITCOIN_PORT" --info "$BITCOIN_INFO" </dev/null >/dev/null &
bitcoin_pid=$!
pids+=("$bitcoin_pid")

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

section "Smart accounts"
# EntryPoint v0.8, the site's verifying paymaster and the alto bundler on chain 31337.
rm -f "$BUNDLER_INFO"
node apps/demo/scripts/bundler.mjs --rpc http://127.0.0.1:8545 --port "$BUNDLER_PORT" --info "$BUNDLER_INFO" </dev/null >/dev/null &
bundler_pid=$!
pids+=("$bundler_pid")
for _ in $(seq 600); do
  [ -s "$BUNDLER_INFO" ] && break
  kill -0 "$bundler_pid" 2>/dev/null || die "the bundler did not start on port $BUNDLER_PORT"
  sleep 0.1
done
[ -s "$BUNDLER_INFO" ] || die "the bundler did not get ready on port $BUNDLER_PORT"
echo "bundler (alto, EntryPoint v0.8) for chain 31337: http://127.0.0.1:$BUNDLER_PORT, behind the server's RPC proxy"

section "Mailbox"
node apps/demo/scripts/mailbox.mjs --smtp-port "$MAIL_SMTP_PORT" --http-port "$MAIL_WEB_PORT" </dev/null &
pids+=("$!")
echo "e-mail login codes arrive at http://127.0.0.1:$MAIL_WEB_PORT/"

section "WalletConnect relay"
node apps/demo/scripts/relay.mjs --port "$WC_RELAY_PORT" </dev/null &
pids+=("$!")
echo "mobile wallets pair through ws://127.0.0.1:$WC_RELAY_PORT (the demo's phone page is a wallet for it)"

section "Farcaster relay"
node apps/demo/scripts/farcasterRelay.mjs --port "$FARCASTER_RELAY_PORT" </dev/null &
pids+=("$!")
echo "Sign In With Farcaster channels: http://127.0.0.1:$FARCASTER_RELAY_PORT (the demo's development panel approves as a test fid)"

section "Solana validator"
# The file of an earlier run would pass the readiness check below before this run's validator is up.
rm -f "$SOLANA_INFO"
node apps/demo/scripts/solana.mjs --port "$SOLANA_PORT" --info "$SOLANA_INFO" </dev/null >/dev/null &
solana_pid=$!
pids+=("$solana_pid")
# It writes the file once its accounts hold SOL and PUSD.
for _ in $(seq 300); do
  [ -s "$SOLANA_INFO" ] && break
  kill -0 "$solana_pid" 2>/dev/null || die "the Solana validator did not start on port $SOLANA_PORT"
  sleep 0.1
done
[ -s "$SOLANA_INFO" ] || die "the Solana validator did not get ready on port $SOLANA_PORT"
solana_field() { node -p "JSON.parse(require('fs').readFileSync('$SOLANA_INFO', 'utf8')).$1"; }
SOLANA_NETWORK_ID=$(solana_field networkId)
SOLANA_PUSD=$(solana_field 'tokens[0].address')
echo "Solana: http://127.0.0.1:$SOLANA_PORT (solana:$SOLANA_NETWORK_ID), PUSD mint $SOLANA_PUSD"

section "Bitcoin node"
for _ in $(seq 300); do
  [ -s "$BITCOIN_INFO" ] && break
  kill -0 "$bitcoin_pid" 2>/dev/null || die "the Bitcoin node did not start on port $BITCOIN_PORT"
  sleep 0.1
done
[ -s "$BITCOIN_INFO" ] || die "the Bitcoin node did not get ready on port $BITCOIN_PORT"
BITCOIN_NETWORK_ID=$(node -p "JSON.parse(require('fs').readFileSync('$BITCOIN_INFO', 'utf8')).caipNetworkId")
echo "Bitcoin regtest: http://127.0.0.1:$BITCOIN_PORT ($BITCOIN_NETWORK_ID)"

section "Test tokens and the Portico server"
chain_args=()
for chain in "${CHAINS[@]}"; do
  chain_args+=(--chain "${chain%%:*}=http://127.0.0.1:${chain#*:}")
done
node apps/demo/scripts/stack.mjs prepare --data-dir "$DATA_DIR" --port "$SERVER_PORT" \
  --origin "http://localhost:$DEMO_PORT" --origin "http://127.0.0.1:$DEMO_PORT" --smtp-port "$MAIL_SMTP_PORT" \
  --farcaster-relay "http://127.0.0.1:$FARCASTER_RELAY_PORT" --solana "$SOLANA_INFO" \
  --bitcoin "$BITCOIN_INFO" --bundler "$BUNDLER_INFO" --social-port "$SOCIAL_PORT" "${chain_args[@]}" ||
  die "could not deploy the test tokens or prepare the server"
node packages/server/dist/cli.js start --config "$DATA_DIR/portico.config.json" </dev/null &
pids+=("$!")
node --input-type=module -e "
  const { waitForServer } = await import('./apps/demo/scripts/stack.mjs')
  await waitForServer('http://127.0.0.1:$SERVER_PORT')
" || die "the Portico server did not become ready on port $SERVER_PORT"
echo "Portico server: http://127.0.0.1:$SERVER_PORT (project portico-demo)"
# The social logins' local stand-in: its consent page logs in as a test user (or denies).
node apps/demo/scripts/stack.mjs social --port "$SOCIAL_PORT" --server-url "http://127.0.0.1:$SERVER_PORT" </dev/null &
pids+=("$!")
echo "Social logins: a local stand-in of Google, X, Discord, GitHub, Apple and Facebook on http://127.0.0.1:$SOCIAL_PORT"

export VITE_PORTICO_API_URL=http://127.0.0.1:$SERVER_PORT
export VITE_PORTICO_PROJECT_ID=portico-demo
export VITE_DEV_WALLET=1
export VITE_RPC_31337=http://127.0.0.1:8545
export VITE_RPC_31338=http://127.0.0.1:8546
export VITE_WC_RELAY_URL=ws://127.0.0.1:$WC_RELAY_PORT
export VITE_FARCASTER_RELAY_URL=http://127.0.0.1:$FARCASTER_RELAY_PORT
export VITE_SOLANA_RPC_URL=http://127.0.0.1:$SOLANA_PORT
export VITE_SOLANA_NETWORK_ID=$SOLANA_NETWORK_ID
export VITE_BITCOIN_NODE_URL=http://127.0.0.1:$BITCOIN_PORT
export VITE_BITCOIN_ESPLORA_URL=http://127.0.0.1:$SERVER_PORT/v1/bitcoin/$BITCOIN_NETWORK_ID

section "Polkadot chain"
# It writes the file once the chain answers with its accounts funded.
for _ in $(seq 900); do
  [ -s "$POLKADOT_INFO" ] && break
  kill -0 "$polkadot_pid" 2>/dev/null || die "the Polkadot chain did not start on port $POLKADOT_PORT"
  sleep 0.1
done
[ -s "$POLKADOT_INFO" ] || die "the Polkadot chain did not get ready on port $POLKADOT_PORT"
POLKADOT_CAIP2=$(node -p "JSON.parse(require('fs').readFileSync('$POLKADOT_INFO', 'utf8')).caip2")
echo "Polkadot: ws://127.0.0.1:$POLKADOT_PORT ($POLKADOT_CAIP2)"
export VITE_POLKADOT_RPC_URL=ws://127.0.0.1:$POLKADOT_PORT

section "Portico demo"
cat <<BANNER

    Open http://localhost:$DEMO_PORT

    Development wallet: on (anvil's test accounts)
    Chains: 31337 on http://127.0.0.1:8545, 31338 on http://127.0.0.1:8546
    Tokens: PUSD, PTK and USDT (Tether-style) on both chains, held by anvil's accounts 0-4
    Swaps: WETH9, Uniswap V2 and V3 and SwapRouter02 on both chains, pools of WETH, PUSD, PTK and USDT
    Smart accounts: EntryPoint v0.8 on chain 31337, alto bundler on http://127.0.0.1:$BUNDLER_PORT,
      network fees of the demo project paid by the site's own paymaster (unaudited, local only)
    Solana: http://127.0.0.1:$SOLANA_PORT, 100 SOL and 1,000 PUSD ($SOLANA_PUSD) in each dev wallet account
    Polkadot: ws://127.0.0.1:$POLKADOT_PORT ($POLKADOT_CAIP2), 10,000 ROC in each development account (//Alice … //Ferdie)
    Bitcoin regtest: http://127.0.0.1:$BITCOIN_PORT (bcoin), 1 BTC in test keys 0 and 1's payment addresses;
      the server's Esplora routes: http://127.0.0.1:$SERVER_PORT/v1/bitcoin/$BITCOIN_NETWORK_ID/
    Portico server: http://127.0.0.1:$SERVER_PORT, project portico-demo
    E-mail login codes: http://127.0.0.1:$MAIL_WEB_PORT
    Mobile wallets: pick WalletConnect, copy the link, and paste it in the phone wallet at
      http://localhost:$DEMO_PORT/phone.html
    Press Ctrl-C to stop the demo, the server, the chains and the validator.

BANNER

# Not exec: the traps above stop the chains when Vite exits.
pnpm --filter @portico/demo exec vite --host 127.0.0.1 --port "$DEMO_PORT" --strictPort
