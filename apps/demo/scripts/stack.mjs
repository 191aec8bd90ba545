// The backend of the demo and of the end-to-end tests: test tokens on the local chains, and a
// Portico server (the real `portico-server` command, on its embedded database) with a project for
// the demo's origins. Used by scripts/demo.sh and e2e/global-setup.ts.
//
//   node apps/demo/scripts/stack.mjs prepare --data-dir DIR --port N --origin URL... --chain ID=RPC... [--smtp-port N] [--solana FILE]
//       deploys the tokens and the swap contracts (WETH9, Uniswap V2 and V3, seeded pools), writes DIR/portico.config.json, migrates and registers the project;
//       --solana adds the local Solana validator described by FILE (what solana.mjs --info wrote)
//       --bitcoin adds the local Bitcoin node described by FILE (what bitcoin.mjs --info wrote)
//       --bundler gives the first chain the bundler and paymaster described by FILE (what bundler.mjs --info wrote)
//       --social-port N points the six social logins at the local OAuth stand-in on port N (see below)
//   node apps/demo/scripts/stack.mjs social --port N --server-url URL
//       runs the local OAuth/OpenID Connect stand-in of Google, X, Discord, GitHub, Apple and Facebook
//       (@portico/test/social), whose consent page lets a person log in as a test user or deny
//
// Run `pnpm build` first: this uses the compiled server and test kit.

import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseArgs } from 'node:util'
import { demoNamesConfig, deployDemoNameResolver, registerDemoAccountNames } from './accountNames.mjs'

const require = createRequire(import.meta.url)
/** The server's command-line entry, as `npx portico-server` would run it. */
export const serverCli = join(require.resolve('@portico/server/package.json'), '..', 'dist', 'cli.js')

export const DEMO_PROJECT_ID = 'portico-demo'

/** The social logins' local stand-in: the demo's port, and the end-to-end tests'. */
export const DEMO_SOCIAL_PORT = 8091
export const E2E_SOCIAL_PORT = 18091

/** The server config of the six social logins of the demo project, pointed at the stand-in on `socialPort`. */
export async function socialConfig(socialPort) {
  const { standInSocialConfig } = await import('@portico/test/social')
  return { projects: { [DEMO_PROJECT_ID]: standInSocialConfig(`http://127.0.0.1:${socialPort}`) } }
}

/** Starts the social logins' stand-in on `port`, for the Portico server at `serverUrl`; `close()` stops it. */
export async function startSocialStandIn({ port, serverUrl }) {
  const { startOAuthStandIn } = await import('@portico/test/social')
  return startOAuthStandIn({ port, serverUrls: [serverUrl] })
}

/**
 * Keys of the card-purchase providers for the demo project: made up, clearly not real (the sandbox
 * widgets refuse them). The page gets the public ones (src/portico.ts); the secrets stay here.
 */
export const DEMO_ONRAMP = {
  moonpay: {
    publishableKey: 'pk_test_fake_demo',
    secretKey: 'sk_test_fake_demo_secret',
    webhookKey: 'wk_test_fake_demo_webhook',
    widgetUrl: 'https://buy-sandbox.moonpay.com',
  },
  mercuryo: {
    widgetId: 'fake-demo-widget',
    secret: 'mercuryo_demo_secret_not_real',
    signKey: 'mercuryo_demo_sign_key_not_real',
    widgetUrl: 'https://sandbox-exchange.mrcr.io',
  },
}

/** USD prices the demo's static price table gives its tokens. */
const PRICES = { native: 3000, PUSD: 1, USDT: 1, PTK: 2.5 }
const SOL_PRICE = 150

const CHAIN_NAMES = { 31337: 'Anvil', 31338: 'Anvil Two' }

/**
 * The local Polkadot chain (polkadot.mjs): its CAIP-2 id is the same on every start (chopsticks'
 * placeholder genesis hash; POLKADOT_TEST_CHAIN_ID in @portico/test/polkadot), so the server can
 * be told its SS58 prefix before the chain is up.
 */
export const DEMO_POLKADOT_CHAIN = { caip2: `polkadot:${'45'.repeat(16)}`, ss58Prefix: 2 }

/**
 * Deploys the test tokens on every chain (at the same addresses on each) and funds anvil's
 * first accounts with them. Returns the token list.
 */
export async function deployTokens(chains) {
  const { deployTestTokens } = await import('@portico/test')
  let tokens = []
  for (const { rpcUrl } of chains) tokens = await deployTestTokens({ rpcUrl })
  return tokens
}

/**
 * Deploys WETH9, Uniswap V2 and V3 and SwapRouter02 on every chain (at the same addresses on each)
 * and seeds their pools from anvil's account 9. Returns the contracts, tokens and pools.
 */
export async function deploySwaps(chains) {
  const { deploySwapContracts } = await import('@portico/test')
  let swap
  for (const { rpcUrl } of chains) swap = await deploySwapContracts(rpcUrl)
  return swap
}

/**
 * The server configuration for `chains` ({ chainId, rpcUrl }) and the deployed `tokens`, and for the
 * local Solana validator when `solana` ({ rpcUrl, networkId, tokens }, from solana.mjs) is given.
 */
export function serverConfig({
  chains,
  tokens,
  port,
  dataDir,
  pollIntervalMs = 500,
  smtpPort,
  emailCooldownMs,
  solana,
  bitcoin,
  swap,
  bundler,
  social,
  farcasterRelayUrl,
}) {
  const prices = {}
  for (const { chainId } of chains) {
    prices[`eip155:${chainId}/native`] = PRICES.native
    for (const token of tokens) {
      const price = PRICES[token.symbol]
      if (price !== undefined) prices[`eip155:${chainId}/${token.address}`] = price
    }
  }
  if (solana) {
    prices[`solana:${solana.networkId}/native`] = SOL_PRICE
    for (const token of solana.tokens) {
      const price = PRICES[token.symbol]
      if (price !== undefined) prices[`solana:${solana.networkId}/${token.address}`] = price
    }
  }
  // No price for the regtest coins: a test network's coins are worth nothing, and the server shows none.
  const evmChains = chains.map(({ chainId, rpcUrl }, index) => ({
    caipNetworkId: `eip155:${chainId}`,
    name: CHAIN_NAMES[chainId] ?? `Chain ${chainId}`,
    rpcUrl,
    // Smart accounts on the first chain: its alto bundler (bundler.mjs).
    ...(bundler && index === 0 ? { bundlerUrl: bundler.bundlerUrl } : {}),
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    tokens: tokens.map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals })),
    indexer: { enabled: true, startBlock: 0, confirmations: 0, pollIntervalMs },
  }))
  return {
    host: '127.0.0.1',
    port,
    dataDir,
    chains: solana ? [...evmChains, solanaChainConfig(solana)] : evmChains,
    // The local bcoin node (bitcoin.mjs), served on the server's Esplora-compatible routes.
    ...(bitcoin ? { bitcoin: { chains: [bitcoinChainConfig(bitcoin)] } } : {}),
    prices,
    // Swaps quoted from the seeded pools (packages/test/src/swap) on both chains.
    ...(swap ? { swap: swapConfig(swap, chains) } : {}),
    // The site's own paymaster on the first chain: the demo project's network fees are paid, up to
    // 50 operations per account a day.
    ...(bundler
      ? {
          paymaster: {
            signerKey: bundler.signerKey,
            contracts: { [`eip155:${chains[0].chainId}`]: bundler.paymaster },
            projects: {
              [DEMO_PROJECT_ID]: { sponsorName: 'Portico demo', perUserPerDay: { operations: 50 } },
            },
          },
        }
      : {}),
    // Buying with a card: the demo project's (fake) keys; the local chains sell test ETH and SOL.
    onramp: {
      projects: {
        [DEMO_PROJECT_ID]: {
          moonpay: {
            ...DEMO_ONRAMP.moonpay,
            currencies: Object.fromEntries([
              ...chains.map(({ chainId }) => [`eip155:${chainId}`, 'eth']),
              ...(solana ? [[`solana:${solana.networkId}`, 'sol']] : []),
            ]),
          },
          mercuryo: {
            ...DEMO_ONRAMP.mercuryo,
            currencies: Object.fromEntries(
              chains.map(({ chainId }) => [`eip155:${chainId}`, { currency: 'ETH', network: 'ETHEREUM' }]),
            ),
          },
        },
      },
    },
    // Account names under shop.eth, and the ENS gateway for them (scripts/accountNames.mjs).
    names: demoNamesConfig(DEMO_PROJECT_ID),
    // Sign-ins on the local Polkadot chain name addresses in its prefix.
    siwx: { ss58Prefixes: { [DEMO_POLKADOT_CHAIN.caip2]: DEMO_POLKADOT_CHAIN.ss58Prefix } },
    log: { level: 'warn' },
    // Every visitor of a local demo (and every end-to-end test, each JSON-RPC batch item counted)
    // comes from 127.0.0.1.
    rateLimit: { perIp: 100_000 },
    // The embedded wallet: its frame is served from this server's own origin, and the e-mail
    // login's codes go to the local mailbox (scripts/mailbox.mjs). A fresh master key per start:
    // the demo's data directory is new every time too.
    publicUrl: `http://127.0.0.1:${port}`,
    ...(smtpPort
      ? {
          auth: {
            masterKey: randomBytes(32).toString('hex'),
            // Every visitor of a local demo (and every end-to-end test) comes from 127.0.0.1.
            mailLimits: { perIp: 1_000, perDevice: 1_000 },
            ...(emailCooldownMs === undefined ? {} : { emailCooldownMs }),
            // The social logins, through the local stand-in (startSocialStandIn) when one is set up.
            ...(social ? { social } : {}),
            // Sign In With Farcaster through the local relay, the ID registry read on the first chain.
            ...(farcasterRelayUrl
              ? { farcaster: { relayUrl: farcasterRelayUrl, rpcUrl: chains[0].rpcUrl, pollMs: 250 } }
              : {}),
            smtp: {
              host: '127.0.0.1',
              port: smtpPort,
              secure: false,
              from: 'Portico demo <wallet@portico.localhost>',
            },
          },
        }
      : {}),
  }
}

/**
 * The server's swap config: the contracts (the same on every chain), the pools' tokens, prices
 * against PUSD, and SPEC §9's 0.85% provider fee for anvil's account 5.
 */
function swapConfig({ weth, v2, v3, swapRouter02, tokens }, chains) {
  const pusd = tokens.find((token) => token.symbol === 'PUSD')
  return {
    chains: chains.map(({ chainId }) => ({
      caipNetworkId: `eip155:${chainId}`,
      router: swapRouter02,
      wrappedNative: weth,
      v2: { factory: v2.factory },
      v3: { factory: v3.factory, quoter: v3.quoterV2, feeTiers: [500, 3000, 10000] },
      ...(pusd ? { quoteToken: pusd.address } : {}),
      tokens: tokens.map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals })),
    })),
    fees: { '*': { recipient: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc' } },
  }
}

/** The server's entry for the local Solana validator: no indexer, its activity is read from the node. */
function bitcoinChainConfig({ url, caipNetworkId }) {
  return { caipNetworkId, name: 'Bitcoin regtest', upstream: { kind: 'bcoin', url } }
}

function solanaChainConfig({ rpcUrl, networkId, tokens }) {
  return {
    caipNetworkId: `solana:${networkId}`,
    name: 'Solana Local',
    rpcUrl,
    nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 },
    tokens: tokens.map(({ address, name, symbol, decimals }) => ({ address, name, symbol, decimals })),
  }
}

/** Runs the server's command line to completion; rejects with its output when it fails. */
export function runServerCli(args, { timeoutMs = 60_000 } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [serverCli, ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => {
      output += chunk
    })
    child.stderr.on('data', (chunk) => {
      output += chunk
    })
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`portico-server ${args.join(' ')} did not finish within ${timeoutMs} ms:\n${output}`))
    }, timeoutMs)
    child.once('error', (error) => {
      clearTimeout(timer)
      reject(error)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      if (code === 0) resolve(output)
      else reject(new Error(`portico-server ${args.join(' ')} exited with ${code}:\n${output}`))
    })
  })
}

/**
 * Deploys the tokens, writes a fresh data directory with `portico.config.json`, applies the
 * migrations and registers the demo project for `origins`. Returns the config file's path.
 */
export async function prepareServer({
  chains,
  port,
  dataDir,
  origins,
  pollIntervalMs,
  smtpPort,
  emailCooldownMs,
  solana,
  bitcoin,
  bundler,
  socialPort,
  farcasterRelayUrl,
}) {
  const tokens = await deployTokens(chains)
  const farcasterFid = farcasterRelayUrl ? await deployFarcaster(chains[0].rpcUrl) : undefined
  const swap = await deploySwaps(chains)
  // The demo's NFTs, on the first chain (scripts/nfts.mjs).
  const { deployDemoNfts } = await import('./nfts.mjs')
  const nfts = await deployDemoNfts(chains[0].rpcUrl)
  // The demo's ENS names and primary names, on the first chain too (scripts/names.mjs).
  const { deployDemoNames } = await import('./names.mjs')
  await deployDemoNames(chains[0].rpcUrl)
  // shop.eth resolves its account names through this server's gateway (scripts/accountNames.mjs).
  await deployDemoNameResolver(chains[0].rpcUrl, port)
  // The chains are new on every start, so activity indexed from an earlier run would be ghosts.
  rmSync(dataDir, { recursive: true, force: true })
  mkdirSync(dataDir, { recursive: true })
  const configFile = join(dataDir, 'portico.config.json')
  const config = serverConfig({
    chains,
    tokens,
    port,
    dataDir: join(dataDir, 'db'),
    pollIntervalMs,
    smtpPort,
    emailCooldownMs,
    solana,
    bitcoin,
    swap,
    bundler,
    ...(socialPort ? { social: await socialConfig(socialPort) } : {}),
    farcasterRelayUrl,
  })
  // Its spam collection is flagged, so the NFTs tab leaves its airdrop out.
  config.chains[0].spamTokens = [nfts.spamNft]
  writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`)
  await runServerCli(['migrate', '--config', configFile])
  await runServerCli([
    'project',
    'add',
    DEMO_PROJECT_ID,
    '--name',
    'Portico demo',
    ...origins.flatMap((origin) => ['--origin', origin]),
    '--config',
    configFile,
  ])
  return { configFile, tokens, swap, farcasterFid }
}

/** Places the Farcaster registries on the chain and registers the demo's test fid; returns the fid. */
async function deployFarcaster(rpcUrl) {
  const { deployFarcasterRegistries, registerFid, TEST_FARCASTER_ACCOUNT } = await import(
    '@portico/test/farcaster'
  )
  const { privateKeyToAccount } = await import('viem/accounts')
  await deployFarcasterRegistries(rpcUrl)
  return registerFid(rpcUrl, privateKeyToAccount(TEST_FARCASTER_ACCOUNT.custodyKey).address)
}

/** Polls the server's readiness endpoint. */
export async function waitForServer(url, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  let last = 'no answer'
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${url}/ready`, { signal: AbortSignal.timeout(2_000) })
      if (response.ok) return
      last = `status ${response.status}`
    } catch (error) {
      last = error instanceof Error ? error.message : String(error)
    }
    await new Promise((resolve) => setTimeout(resolve, 150))
  }
  throw new Error(`the Portico server at ${url} was not ready within ${timeoutMs} ms: ${last}`)
}

/** Starts `portico-server start` in the background and waits until it is ready. */
export async function startServerProcess({ configFile, port, stdio = 'inherit' }) {
  const child = spawn(process.execPath, [serverCli, 'start', '--config', configFile], {
    stdio: ['ignore', stdio, stdio],
  })
  const exited = new Promise((_, reject) =>
    child.once('exit', (code, signal) => reject(new Error(`portico-server exited with ${signal ?? code}`))),
  )
  const url = `http://127.0.0.1:${port}`
  try {
    await Promise.race([waitForServer(url), exited])
    await registerDemoAccountNames(url, DEMO_PROJECT_ID)
  } catch (error) {
    child.kill('SIGKILL')
    throw error
  }
  exited.catch(() => {})
  return { url, pid: child.pid, child }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      origin: { type: 'string', multiple: true },
      'smtp-port': { type: 'string' },
      'farcaster-relay': { type: 'string' },
      chain: { type: 'string', multiple: true },
      solana: { type: 'string' },
      bitcoin: { type: 'string' },
      bundler: { type: 'string' },
      'social-port': { type: 'string' },
      'server-url': { type: 'string' },
    },
  })
  try {
    if (positionals[0] === 'social') {
      if (!values.port || !values['server-url'])
        throw new Error('usage: node apps/demo/scripts/stack.mjs social --port N --server-url URL')
      const standIn = await startSocialStandIn({ port: Number(values.port), serverUrl: values['server-url'] })
      console.log(`social login stand-in: ${standIn.issuer}`)
      const stop = () => void standIn.close().finally(() => process.exit(0))
      process.once('SIGTERM', stop)
      process.once('SIGINT', stop)
      await new Promise(() => {})
    }
    if (positionals[0] !== 'prepare' || !values['data-dir'] || !values.port || !values.chain?.length)
      throw new Error(
        'usage: node apps/demo/scripts/stack.mjs prepare --data-dir DIR --port N --origin URL... --chain ID=RPC...',
      )
    const chains = values.chain.map((entry) => {
      const [chainId, rpcUrl] = entry.split('=')
      return { chainId: Number(chainId), rpcUrl }
    })
    const { configFile, tokens, swap } = await prepareServer({
      chains,
      port: Number(values.port),
      dataDir: values['data-dir'],
      origins: values.origin ?? [],
      ...(values['smtp-port'] ? { smtpPort: Number(values['smtp-port']) } : {}),
      ...(values['farcaster-relay'] ? { farcasterRelayUrl: values['farcaster-relay'] } : {}),
      ...(values.solana ? { solana: JSON.parse(readFileSync(values.solana, 'utf8')) } : {}),
      ...(values.bitcoin ? { bitcoin: JSON.parse(readFileSync(values.bitcoin, 'utf8')) } : {}),
      ...(values.bundler ? { bundler: JSON.parse(readFileSync(values.bundler, 'utf8')) } : {}),
      ...(values['social-port'] ? { socialPort: Number(values['social-port']) } : {}),
    })
    for (const token of tokens) console.log(`token ${token.symbol}: ${token.address}`)
    console.log(
      `swap: WETH9 ${swap.weth}, Uniswap V2 router ${swap.v2.router}, V3 quoter ${swap.v3.quoterV2}, SwapRouter02 ${swap.swapRouter02}`,
    )
    console.log(`config ${configFile}`)
  } catch (error) {
    console.error(error instanceof Error ? error.message : error)
    process.exit(1)
  }
}
