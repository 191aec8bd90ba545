import type { Address, Hex } from 'viem'

// Browser-safe: constants only, so a page or a server config can name the test tokens without solc.

/** The canonical Multicall3 address, where `deployTestTokens` installs `TestMulticall`. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11'

/** The CREATE2 deployer that anvil (and most chains) has at this address from genesis. */
export const CREATE2_DEPLOYER_ADDRESS: Address = '0x4e59b44847b379578588920cA78FbF26c0B4956C'

export type TestTokenKey = 'PUSD' | 'PTK' | 'USDT' | 'ZERO'

export interface TestTokenInfo {
  key: TestTokenKey
  name: string
  symbol: string
  decimals: number
  /** The same on every chain: CREATE2 through `CREATE2_DEPLOYER_ADDRESS` with `salt`. */
  address: Address
  /** `transfer`/`transferFrom`/`approve` return nothing, like USDT on Ethereum mainnet. */
  tetherStyle: boolean
  /** The CREATE2 salt: `portico.test.<key>` as UTF-8, right-padded to 32 bytes. */
  salt: Hex
}

/**
 * The test tokens and the addresses `deployTestTokens` puts them at. The addresses follow from the
 * contracts' init code: `contracts.test.ts` fails, naming the new address, when a source change
 * moves one.
 */
export const TEST_TOKENS = [
  {
    key: 'PUSD',
    name: 'Portico USD',
    symbol: 'PUSD',
    decimals: 6,
    address: '0xF57Ce5773757b86a772556526c1477f23525e440',
    tetherStyle: false,
    salt: '0x706f727469636f2e746573742e50555344000000000000000000000000000000',
  },
  {
    key: 'PTK',
    name: 'Portico Token',
    symbol: 'PTK',
    decimals: 18,
    address: '0x03c56C122d66fB9a73f94deb91948309ebeA3040',
    tetherStyle: false,
    salt: '0x706f727469636f2e746573742e50544b00000000000000000000000000000000',
  },
  {
    key: 'USDT',
    name: 'Tether USD',
    symbol: 'USDT',
    decimals: 6,
    address: '0xA09625ff8BbAb3db6bA27a356DAfE148450787fF',
    tetherStyle: true,
    salt: '0x706f727469636f2e746573742e55534454000000000000000000000000000000',
  },
  {
    key: 'ZERO',
    name: 'Zero Decimal',
    symbol: 'ZERO',
    decimals: 0,
    address: '0xE900aaca6Cf2945Ef94a2Da23ADCd25F69630545',
    tetherStyle: false,
    salt: '0x706f727469636f2e746573742e5a45524f000000000000000000000000000000',
  },
] as const satisfies readonly TestTokenInfo[]

/** The test NFT collection `deployTestNft` deploys, at its CREATE2 address. */
export const TEST_NFT = {
  name: 'Portico Test NFT',
  symbol: 'PNFT',
  address: '0xF7F3361A0A1DE71dC6C497B08790063de43BF763',
  salt: '0x706f727469636f2e746573742e4e465400000000000000000000000000000000',
} as const satisfies { name: string; symbol: string; address: Address; salt: Hex }
