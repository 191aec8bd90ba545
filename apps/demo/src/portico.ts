import { evm } from '@portico/adapter-evm'
import { createPortico, type PorticoConfig, type SocialProvider } from '@portico/core'
import { createEmbeddedWallet } from '@portico/embedded-wallet'
import { TEST_TOKENS } from '@portico/test/tokens'
import { createWalletConnect } from '@portico/walletconnect'
import type { DemoBitcoin } from './bitcoin.js'
import { demoApi } from './demoApi.js'
import { networks } from './networks.js'
import type { DemoPolkadot } from './polkadot.js'
import type { DemoSolana } from './solana.js'

/**
 * Where `deployEns` of @portico/test puts the universal resolver on a fresh anvil chain (nonce 3 of
 * its deployer; TEST_ENS.universalResolver, checked by e2e/names.spec.ts).
 */
export const DEMO_UNIVERSAL_RESOLVER = '0x6bD9A737946C9393FAdd5669946abC632C29b239'

/**
 * The demo's configuration. Query options let tests and people try settings without a rebuild:
 * `?theme=light`, `?featured=dev.portico.wallet2` (wallet order), `?allowUnsupported=1`,
 * `?embedded=1` (the modal inline in the page instead of over it), `?apiUrl=`/`?projectId=` (the
 * Portico server), `?basic=1` (basic WalletConnect mode: no adapters, the modal only pairs mobile
 * wallets and shows their accounts), `?namespaces=eip155` (no Solana), `?wc=0` (no mobile wallets),
 * `?legal=1` (the legal checkbox), `?collapse=1` (wallets behind 'Continue with a wallet'),
 * `?customWallet=1` (a site-listed wallet). Sign-in (`?siwx=`) is set up
 * in `siwx.ts`; the Solana network and adapter come from `loadDemoSolana()` (`solana.ts`), the
 * Polkadot ones from `loadDemoPolkadot()` (`polkadot.ts`).
 */
export function createDemoPortico(
  overrides: Partial<PorticoConfig> = {},
  demoSolana?: DemoSolana,
  demoPolkadot?: DemoPolkadot,
  demoBitcoin?: DemoBitcoin,
) {
  const query = new URLSearchParams(window.location.search)
  const featured = query.get('featured')
  const api = demoApi()
  // The embedded (e-mail) wallet lives in a frame served by the Portico server, so it needs one.
  const embeddedWallet = api ? createEmbeddedWallet({ ...api, chainId: Number(networks[0].id) }) : undefined
  const walletConnect = query.get('wc') === '0' ? undefined : demoWalletConnect()
  const basic = walletConnect !== undefined && query.get('basic') === '1'
  return createPortico({
    networks: [
      ...networks,
      ...(demoSolana ? [demoSolana.network] : []),
      ...(demoPolkadot ? [demoPolkadot.network] : []),
      ...(demoBitcoin ? [demoBitcoin.network] : []),
    ],
    // The local chains' USDT, like mainnet's, returns nothing from `transfer` (SPEC §9).
    adapters: basic
      ? []
      : [
          evm({
            tetherStyleTokens: tetherStyleTokens(),
            // The local chain's ENS (scripts/names.mjs deploys it): names and avatars of the
            // development wallet's accounts 3 and 4, and names as Send receivers.
            ens: { universalResolvers: { 31337: DEMO_UNIVERSAL_RESOLVER } },
            ...(embeddedWallet ? { embeddedWallet } : {}),
            ...(walletConnect ? { walletConnect } : {}),
          }),
          ...(demoSolana
            ? [
                demoSolana.solana({
                  ...(embeddedWallet ? { embeddedWallet } : {}),
                  ...(walletConnect ? { walletConnect } : {}),
                }),
              ]
            : []),
          ...(demoPolkadot
            ? [
                demoPolkadot.polkadot({
                  appName: 'Portico demo',
                  extensions: demoPolkadot.extensions,
                  ...(walletConnect ? { walletConnect } : {}),
                }),
              ]
            : []),
          ...(demoBitcoin ? [demoBitcoin.bitcoin()] : []),
        ],
    ...(embeddedWallet ? { embeddedWallet } : {}),
    // ipfs:// avatars from the demo's own server (public/ipfs): nothing leaves the machine.
    names: { ipfsGateway: `${window.location.origin}/ipfs/` },
    // Mobile wallets for AllWallets: the shipped list, loaded when the modal first opens (so the
    // page's first download does not carry it) and refreshed from the server when there is one.
    ...(walletConnect
      ? {
          walletConnect,
          walletRegistry: () =>
            import('@portico/walletconnect/registry').then((module) => module.REGISTRY_WALLETS),
        }
      : {}),
    metadata: {
      name: 'Portico demo',
      description: 'Connect a wallet to local chains',
      url: window.location.origin,
    },
    themeMode: query.get('theme') === 'light' ? 'light' : 'dark',
    ...(featured ? { featuredWalletIds: featured.split(',') } : {}),
    allowUnsupportedChain: query.get('allowUnsupported') === '1',
    enableEmbedded: query.get('embedded') === '1',
    // Buying with a card: the demo project's public keys, made up (scripts/stack.mjs has the secrets).
    onramp: {
      moonpay: { apiKey: 'pk_test_fake_demo' },
      mercuryo: { widgetId: 'fake-demo-widget' },
    },
    // `?swaps=0` turns the Swap action off (SPEC §9 features.swaps, on by default).
    features: {
      ...(query.get('swaps') === '0' ? { swaps: false } : {}),
      ...(query.get('legal') === '1' ? { legalCheckbox: true } : {}),
      ...(query.get('collapse') === '1' ? { collapseWallets: true } : {}),
      // `?socials=github,google` offers those social logins (the server's OAuth apps, see the README).
      ...(query.get('socials')
        ? { socials: (query.get('socials') ?? '').split(',') as SocialProvider[] }
        : {}),
    },
    ...(query.get('legal') === '1'
      ? {
          termsConditionsUrl: 'https://portico.example/terms',
          privacyPolicyUrl: 'https://portico.example/privacy',
        }
      : {}),
    ...(query.get('customWallet') === '1'
      ? {
          customWallets: [
            {
              id: 'dev.portico.custom',
              name: 'Portico Custom Wallet',
              namespaces: ['eip155'],
              mobile: { universal: 'https://wallet.portico.example' },
              homepage: 'https://wallet.portico.example',
            },
          ],
        }
      : {}),
    ...(api ?? {}),
    ...overrides,
  })
}

/**
 * Mobile wallets over the demo's local WalletConnect relay (`npm run demo` starts one; a wallet made
 * of code, or the demo's phone page, pairs through it). Unset, mobile wallets are not offered.
 */
function demoWalletConnect() {
  // Read first, on its own: in a build without a relay it is a constant, so the WalletConnect
  // client drops out of the bundle instead of weighing on every visitor's first load.
  const builtWithRelay = import.meta.env.VITE_WC_RELAY_URL
  if (!builtWithRelay) return undefined
  const query = new URLSearchParams(window.location.search)
  // `?wcRelayUrl=` pairs through another relay (one that refuses the demo's project id, say).
  const relayUrl = query.get('wcRelayUrl') ?? builtWithRelay
  // `?wcPairingTtl=<ms>` shortens a pairing's life, to watch the code being replaced.
  const ttl = Number(query.get('wcPairingTtl'))
  return createWalletConnect({
    projectId: 'portico-demo',
    relayUrl,
    ...(Number.isInteger(ttl) && ttl > 0 ? { pairingTtlMs: ttl } : {}),
    // The local relay stands alone: no hosted Verify server to ask.
    verify: false,
    metadata: {
      name: 'Portico demo',
      description: 'Connect a wallet to local chains',
      url: window.location.origin,
      icons: [],
    },
  })
}

/** The test tokens that behave like USDT, on each local chain (they have the same address on both). */
function tetherStyleTokens(): Record<number, `0x${string}`[]> {
  const addresses = TEST_TOKENS.filter((token) => token.tetherStyle).map((token) => token.address)
  return Object.fromEntries(networks.map((network) => [Number(network.id), addresses]))
}
