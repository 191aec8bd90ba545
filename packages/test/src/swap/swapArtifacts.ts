import { createRequire } from 'node:module'
import { type Abi, type Address, encodeDeployData, type Hex, stringToHex } from 'viem'

// Node only: the artifacts are read from the npm packages this kit depends on (devDependencies).

/** The contracts `deploySwapContracts` installs, by the name used in `TestSwapContracts`. */
export type SwapArtifactName =
  | 'weth'
  | 'v2Factory'
  | 'v2Router'
  | 'v3Factory'
  | 'swapRouter'
  | 'quoterV2'
  | 'positionManager'
  | 'swapRouter02'

export interface SwapArtifact {
  abi: Abi
  /** Creation code, without constructor arguments. */
  bytecode: Hex
}

/** Where each artifact is inside its package (versions pinned in packages/test/package.json). */
const ARTIFACT_PATHS: Record<SwapArtifactName, string> = {
  weth: 'canonical-weth/build/contracts/WETH9.json',
  v2Factory: '@uniswap/v2-core/build/UniswapV2Factory.json',
  v2Router: '@uniswap/v2-periphery/build/UniswapV2Router02.json',
  v3Factory: '@uniswap/v3-core/artifacts/contracts/UniswapV3Factory.sol/UniswapV3Factory.json',
  swapRouter: '@uniswap/v3-periphery/artifacts/contracts/SwapRouter.sol/SwapRouter.json',
  quoterV2: '@uniswap/v3-periphery/artifacts/contracts/lens/QuoterV2.sol/QuoterV2.json',
  positionManager:
    '@uniswap/v3-periphery/artifacts/contracts/NonfungiblePositionManager.sol/NonfungiblePositionManager.json',
  swapRouter02: '@uniswap/swap-router-contracts/artifacts/contracts/SwapRouter02.sol/SwapRouter02.json',
}

/** The pair and pool creation code, whose hashes the routers and quoters have compiled in. */
const PAIR_PATHS = {
  v2Pair: '@uniswap/v2-core/build/UniswapV2Pair.json',
  v3Pool: '@uniswap/v3-core/artifacts/contracts/UniswapV3Pool.sol/UniswapV3Pool.json',
} as const

const cache = new Map<string, SwapArtifact>()

function load(path: string): SwapArtifact {
  const known = cache.get(path)
  if (known) return known
  const json = createRequire(import.meta.url)(path) as { abi: Abi; bytecode: string }
  // The Uniswap V2 builds (waffle) write the code without `0x`, the others with it.
  const code = json.bytecode.startsWith('0x') ? json.bytecode : `0x${json.bytecode}`
  if (!/^0x([0-9a-f]{2})+$/i.test(code)) throw new Error(`${path} holds no deployable bytecode.`)
  const artifact = { abi: json.abi, bytecode: code as Hex }
  cache.set(path, artifact)
  return artifact
}

/** One contract's ABI and creation code. */
export function loadSwapArtifact(name: SwapArtifactName): SwapArtifact {
  return load(ARTIFACT_PATHS[name])
}

/** The creation code of a Uniswap V2 pair or V3 pool, as the factories deploy it. */
export function loadPoolArtifact(name: keyof typeof PAIR_PATHS): SwapArtifact {
  return load(PAIR_PATHS[name])
}

/** The CREATE2 salt of a swap contract: `portico.swap.<name>` as UTF-8, right-padded to 32 bytes. */
export function swapSalt(name: SwapArtifactName): Hex {
  return stringToHex(`portico.swap.${name}`, { size: 32 })
}

/** Who may set the V2 protocol fee: the test deployer, so nobody else on a test chain can. */
export interface SwapConstructorAddresses {
  weth: Address
  v2Factory: Address
  v3Factory: Address
  positionManager: Address
  feeToSetter: Address
}

const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000'

/** The init code (creation code and constructor arguments) of each swap contract. */
export function swapInitCode(name: SwapArtifactName, addresses: SwapConstructorAddresses): Hex {
  const { abi, bytecode } = loadSwapArtifact(name)
  const args: Record<SwapArtifactName, readonly unknown[]> = {
    weth: [],
    v2Factory: [addresses.feeToSetter],
    v2Router: [addresses.v2Factory, addresses.weth],
    v3Factory: [],
    swapRouter: [addresses.v3Factory, addresses.weth],
    quoterV2: [addresses.v3Factory, addresses.weth],
    // No token descriptor: `tokenURI` of a position reverts, which no test or page needs.
    positionManager: [addresses.v3Factory, addresses.weth, ZERO_ADDRESS],
    swapRouter02: [addresses.v2Factory, addresses.v3Factory, addresses.positionManager, addresses.weth],
  }
  return encodeDeployData({ abi, bytecode, args: args[name] } as Parameters<typeof encodeDeployData>[0])
}
