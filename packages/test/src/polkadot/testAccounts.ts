/** One of the well-known sr25519 development accounts, as the Polkadot test chain and wallets use it. */
export interface PolkadotTestAccount {
  /** The account's name in the test wallet, as development chains name it. */
  name: string
  /** The keyring secret URI (`//Alice`); public knowledge, never hold anything of value with it. */
  uri: string
  /** SS58 address with prefix 2 (the test chain's, Kusama's). */
  address: string
  /** The 32-byte sr25519 public key, hex. */
  publicKey: `0x${string}`
}

/** The SS58 prefix of the test chain (asset-hub-rococo's genesis) and of {@link POLKADOT_TEST_ACCOUNTS}. */
export const POLKADOT_TEST_SS58_PREFIX = 2

/**
 * The sr25519 development accounts (`//Alice` … `//Ferdie`), in prefix 2, known without deriving
 * keys (derivation needs the WebAssembly crypto to load first). Funded on every test chain.
 */
export const POLKADOT_TEST_ACCOUNTS: readonly PolkadotTestAccount[] = Object.freeze([
  {
    name: 'Alice',
    uri: '//Alice',
    address: 'HNZata7iMYWmk5RvZRTiAsSDhV8366zq2YGb3tLH5Upf74F',
    publicKey: '0xd43593c715fdd31c61141abd04a99fd6822c8558854ccde39a5684e7a56da27d',
  },
  {
    name: 'Bob',
    uri: '//Bob',
    address: 'FoQJpPyadYccjavVdTWxpxU7rUEaYhfLCPwXgkfD6Zat9QP',
    publicKey: '0x8eaf04151687736326c9fea17e25fc5287613693c912909cb226aa4794f26a48',
  },
  {
    name: 'Charlie',
    uri: '//Charlie',
    address: 'Fr4NzY1udSFFLzb2R3qxVQkwz9cZraWkyfH4h3mVVk7BK7P',
    publicKey: '0x90b5ab205c6974c9ea841be688864633dc9ca8a357843eeacf2314649965fe22',
  },
  {
    name: 'Dave',
    uri: '//Dave',
    address: 'DfnTB4z7eUvYRqcGtTpFsLC69o6tvBSC1pEv8vWPZFtCkaK',
    publicKey: '0x306721211d5404bd9da88e0204360a1a9ab8b87c66c1bc2fcdd37f3c2222cc20',
  },
  {
    name: 'Eve',
    uri: '//Eve',
    address: 'HnMAUz7r2G8G3hB27SYNyit5aJmh2a5P4eMdDtACtMFDbam',
    publicKey: '0xe659a7a1628cdd93febc04a4e0646ea20e9f5f0ce097d9a05290d4a9e054df4e',
  },
  {
    name: 'Ferdie',
    uri: '//Ferdie',
    address: 'DE14BzQ1bDXWPKeLoAqdLAm1GpyAWaWF1knF74cEZeomTBM',
    publicKey: '0x1cbd2d43530a44705ad088af313e18f80b53ef16b36177cd4b77b846f2a5f07c',
  },
] as const)

/** What each test account holds when a chain starts: 10,000 ROC (12 decimals), in planck. */
export const POLKADOT_TEST_ACCOUNT_BALANCE = 10_000n * 10n ** 12n

/**
 * The genesis hash the test chain reports: chopsticks names the genesis block of a chain started
 * from a raw chain spec with this placeholder, whatever the spec.
 */
export const POLKADOT_TEST_GENESIS_HASH = `0x${'45'.repeat(32)}` as const

/** The test chain's CAIP-2 id: `polkadot:` and the first 32 hex digits of its genesis hash. */
export const POLKADOT_TEST_CHAIN_ID = `polkadot:${'45'.repeat(16)}` as const
