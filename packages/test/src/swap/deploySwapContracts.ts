import {
  type Address,
  concat,
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  encodePacked,
  erc20Abi,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  isAddressEqual,
  keccak256,
  maxUint256,
  type PublicClient,
  parseAbi,
} from 'viem'
import { rpc } from '../anvil.js'
import { deployTestTokens, TEST_DEPLOYER_ADDRESS } from '../contracts/deployTestContracts.js'
import { CREATE2_DEPLOYER_ADDRESS, TEST_TOKENS } from '../contracts/testTokens.js'
import {
  UNISWAP_V2_FACTORY_ABI,
  UNISWAP_V2_PAIR_ABI,
  UNISWAP_V2_ROUTER_ABI,
  UNISWAP_V3_FACTORY_ABI,
  UNISWAP_V3_POOL_ABI,
  UNISWAP_V3_POSITION_MANAGER_ABI,
  WETH9_ABI,
} from './swapAbis.js'
import {
  loadPoolArtifact,
  type SwapArtifactName,
  type SwapConstructorAddresses,
  swapInitCode,
  swapSalt,
} from './swapArtifacts.js'
import {
  TEST_SWAP_CONTRACTS,
  TEST_SWAP_POOLS,
  TEST_SWAP_TOKENS,
  TEST_SWAP_V3_TICK_SPACING,
  type TestSwapContracts,
  type TestSwapPool,
  type TestSwapToken,
  type TestSwapTokenKey,
  testSwapToken,
} from './testSwapContracts.js'

export interface DeploySwapContractsOptions {
  /**
   * An unlocked account of the node that pays for the deployments and provides the pools'
   * liquidity (it receives the test tokens and wraps the ETH it needs). Defaults to
   * `TEST_DEPLOYER_ADDRESS` (anvil's account 9), never one of the wallets' accounts 0–4. (Test
   * tokens still missing are deployed by `deployTestTokens`, which always sends from account 9.)
   */
  deployer?: Address
  /** Per transaction. Defaults to 30 s. */
  timeoutMs?: number
}

/** The swap contracts, the tokens they trade and the seeded pools, as deployed on one chain. */
export interface TestSwapDeployment extends TestSwapContracts {
  tokens: readonly TestSwapToken[]
  pools: readonly TestSwapPool[]
}

/**
 * Deploys WETH9, Uniswap V2 (factory, Router02), Uniswap V3 (factory, SwapRouter, QuoterV2,
 * NonfungiblePositionManager) and SwapRouter02 at their `TEST_SWAP_CONTRACTS` addresses, the test
 * tokens if missing, and seeds the `TEST_SWAP_POOLS` with liquidity from `deployer`. Safe to run
 * again: code in place is kept and a pool that already holds liquidity is left as it is.
 * Needs an anvil node (its CREATE2 deployer and an unlocked `deployer`).
 * @example
 * const anvil = await startAnvil({ chainId: 31337 })
 * const swap = await deploySwapContracts(anvil.rpcUrl)
 * swap.v2.router // '0x8842…673b'
 */
export async function deploySwapContracts(
  rpcUrl: string,
  options: DeploySwapContractsOptions = {},
): Promise<TestSwapDeployment> {
  const { deployer = TEST_DEPLOYER_ADDRESS, timeoutMs = 30_000 } = options
  const client = createClient(rpcUrl)
  const send = (transactions: readonly Transaction[]) =>
    sendAll(client, rpcUrl, deployer, transactions, timeoutMs)
  const deployerCode = await client.getCode({ address: CREATE2_DEPLOYER_ADDRESS })
  if (!deployerCode || deployerCode === '0x') {
    throw new Error(
      `The chain has no CREATE2 deployer at ${CREATE2_DEPLOYER_ADDRESS}; anvil has one from genesis.`,
    )
  }
  await deployTestTokens({ rpcUrl, holders: [], timeoutMs })

  const contracts = swapContractDeployments()
  const codes = await Promise.all(contracts.map(({ address }) => client.getCode({ address })))
  const missing = contracts.filter((_, index) => !codes[index] || codes[index] === '0x')
  await send(
    missing.map(({ name, salt, initCode }) => ({
      to: CREATE2_DEPLOYER_ADDRESS,
      data: concat([salt, initCode]),
      label: `deploy ${name}`,
    })),
  )
  const after = await Promise.all(missing.map(({ address }) => client.getCode({ address })))
  missing.forEach(({ name, address }, index) => {
    const code = after[index]
    if (!code || code === '0x') throw new Error(`Deploying ${name} left no code at ${address}.`)
  })

  await seedPools(client, deployer, send)
  return { ...TEST_SWAP_CONTRACTS, tokens: TEST_SWAP_TOKENS, pools: TEST_SWAP_POOLS }
}

interface SwapContractDeployment {
  name: SwapArtifactName
  address: Address
  salt: Hex
  initCode: Hex
}

const EXPECTED_ADDRESSES: Record<SwapArtifactName, Address> = {
  weth: TEST_SWAP_CONTRACTS.weth,
  v2Factory: TEST_SWAP_CONTRACTS.v2.factory,
  v2Router: TEST_SWAP_CONTRACTS.v2.router,
  v3Factory: TEST_SWAP_CONTRACTS.v3.factory,
  swapRouter: TEST_SWAP_CONTRACTS.v3.swapRouter,
  quoterV2: TEST_SWAP_CONTRACTS.v3.quoterV2,
  positionManager: TEST_SWAP_CONTRACTS.v3.positionManager,
  swapRouter02: TEST_SWAP_CONTRACTS.swapRouter02,
}

/**
 * Every swap contract with the address its init code gives, in deployment order. Throws, naming
 * the new address, when an artifact no longer lands where `TEST_SWAP_CONTRACTS` says.
 */
export function swapContractDeployments(): SwapContractDeployment[] {
  const constructorAddresses: SwapConstructorAddresses = {
    weth: EXPECTED_ADDRESSES.weth,
    v2Factory: EXPECTED_ADDRESSES.v2Factory,
    v3Factory: EXPECTED_ADDRESSES.v3Factory,
    positionManager: EXPECTED_ADDRESSES.positionManager,
    feeToSetter: TEST_DEPLOYER_ADDRESS,
  }
  const names = Object.keys(EXPECTED_ADDRESSES) as SwapArtifactName[]
  return names.map((name) => {
    const salt = swapSalt(name)
    const initCode = swapInitCode(name, constructorAddresses)
    const address = getContractAddress({
      from: CREATE2_DEPLOYER_ADDRESS,
      salt,
      bytecode: initCode,
      opcode: 'CREATE2',
    })
    if (!isAddressEqual(address, EXPECTED_ADDRESSES[name])) {
      throw new Error(
        `The ${name} contract now deploys to ${address}, not ${EXPECTED_ADDRESSES[name]}: ` +
          'update TEST_SWAP_CONTRACTS in packages/test/src/swap/testSwapContracts.ts.',
      )
    }
    return { name, address, salt, initCode }
  })
}

/** Where the factory puts the pair (V2) or pool (V3) of `pool`'s tokens and fee. */
export function swapPoolAddress(pool: Pick<TestSwapPool, 'protocol' | 'token0' | 'token1' | 'fee'>): Address {
  const token0 = testSwapToken(pool.token0).address
  const token1 = testSwapToken(pool.token1).address
  if (BigInt(token0) >= BigInt(token1)) throw new Error(`${pool.token0} must sort before ${pool.token1}.`)
  if (pool.protocol === 'v2') {
    return getContractAddress({
      from: TEST_SWAP_CONTRACTS.v2.factory,
      salt: keccak256(encodePacked(['address', 'address'], [token0, token1])),
      bytecodeHash: keccak256(loadPoolArtifact('v2Pair').bytecode),
      opcode: 'CREATE2',
    })
  }
  return getContractAddress({
    from: TEST_SWAP_CONTRACTS.v3.factory,
    salt: keccak256(
      encodeAbiParameters(
        [{ type: 'address' }, { type: 'address' }, { type: 'uint24' }],
        [token0, token1, pool.fee],
      ),
    ),
    bytecodeHash: keccak256(loadPoolArtifact('v3Pool').bytecode),
    opcode: 'CREATE2',
  })
}

/** The sqrt(token1/token0) price in Q64.96 that the amounts' ratio gives, as V3 pools store it. */
export function sqrtPriceX96(amount0: bigint, amount1: bigint): bigint {
  return sqrt((amount1 << 192n) / amount0)
}

function sqrt(value: bigint): bigint {
  if (value < 2n) return value
  // Newton's method from above: converges to the floor of the square root.
  let x = value
  let y = (x + 1n) / 2n
  while (y < x) {
    x = y
    y = (x + value / x) / 2n
  }
  return x
}

/** Far enough ahead that no test chain's clock (anvil's can be moved) reaches it. */
const NO_DEADLINE = 2n ** 63n
const MAX_TICK = 887272

async function seedPools(
  client: PublicClient,
  deployer: Address,
  send: (transactions: readonly Transaction[]) => Promise<unknown>,
): Promise<void> {
  const seeded = await Promise.all(TEST_SWAP_POOLS.map((pool) => poolHoldsLiquidity(client, pool)))
  const pools = TEST_SWAP_POOLS.filter((_, index) => !seeded[index])
  if (pools.length === 0) return

  // What the deployer must hold and have approved, per token and spender.
  const needed = new Map<TestSwapTokenKey, bigint>()
  const allowances: { token: TestSwapTokenKey; spender: Address; amount: bigint }[] = []
  for (const pool of pools) {
    const spender =
      pool.protocol === 'v2' ? TEST_SWAP_CONTRACTS.v2.router : TEST_SWAP_CONTRACTS.v3.positionManager
    for (const [key, amount] of [
      [pool.token0, pool.amount0],
      [pool.token1, pool.amount1],
    ] as const) {
      needed.set(key, (needed.get(key) ?? 0n) + amount)
      const entry = allowances.find((item) => item.token === key && item.spender === spender)
      if (entry) entry.amount += amount
      else allowances.push({ token: key, spender, amount })
    }
  }

  const funding: Transaction[] = []
  const balances = await Promise.all(
    [...needed.keys()].map((key) =>
      client.readContract({
        address: testSwapToken(key).address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [deployer],
      }),
    ),
  )
  ;[...needed.entries()].forEach(([key, amount], index) => {
    const missing = amount - (balances[index] ?? 0n)
    if (missing <= 0n) return
    funding.push(
      key === 'WETH'
        ? {
            to: TEST_SWAP_CONTRACTS.weth,
            data: encodeFunctionData({ abi: WETH9_ABI, functionName: 'deposit' }),
            value: missing,
            label: `wrap ${missing} wei`,
          }
        : {
            to: testSwapToken(key).address,
            data: encodeFunctionData({ abi: mintAbi, functionName: 'mint', args: [deployer, missing] }),
            label: `mint ${key} to ${deployer}`,
          },
    )
  })
  const current = await Promise.all(
    allowances.map(({ token, spender }) =>
      client.readContract({
        address: testSwapToken(token).address,
        abi: erc20Abi,
        functionName: 'allowance',
        args: [deployer, spender],
      }),
    ),
  )
  allowances.forEach(({ token, spender, amount }, index) => {
    const allowed = current[index] ?? 0n
    if (allowed >= amount) return
    const address = testSwapToken(token).address
    // A Tether-style token refuses to change one non-zero allowance into another.
    if (allowed > 0n && isTetherStyle(address)) {
      funding.push({ to: address, data: approveData(spender, 0n), label: `reset the ${token} allowance` })
    }
    funding.push({
      to: address,
      data: approveData(spender, maxUint256),
      label: `approve ${token} to ${spender}`,
    })
  })
  await send(funding)

  // V2 pairs come into being with their first liquidity; V3 pools are created at the seeded
  // price first, then receive a full-range position.
  const create: Transaction[] = []
  const mint: Transaction[] = []
  for (const pool of pools) {
    const token0 = testSwapToken(pool.token0).address
    const token1 = testSwapToken(pool.token1).address
    if (pool.protocol === 'v2') {
      create.push({
        to: TEST_SWAP_CONTRACTS.v2.router,
        data: encodeFunctionData({
          abi: UNISWAP_V2_ROUTER_ABI,
          functionName: 'addLiquidity',
          args: [
            token0,
            token1,
            pool.amount0,
            pool.amount1,
            pool.amount0,
            pool.amount1,
            deployer,
            NO_DEADLINE,
          ],
        }),
        label: `add liquidity to ${pool.key}`,
      })
      continue
    }
    const spacing = TEST_SWAP_V3_TICK_SPACING[pool.fee as keyof typeof TEST_SWAP_V3_TICK_SPACING]
    const tickUpper = Math.floor(MAX_TICK / spacing) * spacing
    create.push({
      to: TEST_SWAP_CONTRACTS.v3.positionManager,
      data: encodeFunctionData({
        abi: UNISWAP_V3_POSITION_MANAGER_ABI,
        functionName: 'createAndInitializePoolIfNecessary',
        args: [token0, token1, pool.fee, sqrtPriceX96(pool.amount0, pool.amount1)],
      }),
      label: `create ${pool.key}`,
    })
    mint.push({
      to: TEST_SWAP_CONTRACTS.v3.positionManager,
      data: encodeFunctionData({
        abi: UNISWAP_V3_POSITION_MANAGER_ABI,
        functionName: 'mint',
        args: [
          {
            token0,
            token1,
            fee: pool.fee,
            tickLower: -tickUpper,
            tickUpper,
            amount0Desired: pool.amount0,
            amount1Desired: pool.amount1,
            amount0Min: 0n,
            amount1Min: 0n,
            recipient: deployer,
            deadline: NO_DEADLINE,
          },
        ],
      }),
      label: `add liquidity to ${pool.key}`,
    })
  }
  await send(create)
  await send(mint)
}

async function poolHoldsLiquidity(client: PublicClient, pool: TestSwapPool): Promise<boolean> {
  const token0 = testSwapToken(pool.token0).address
  const token1 = testSwapToken(pool.token1).address
  if (pool.protocol === 'v2') {
    const pair = await client.readContract({
      address: TEST_SWAP_CONTRACTS.v2.factory,
      abi: UNISWAP_V2_FACTORY_ABI,
      functionName: 'getPair',
      args: [token0, token1],
    })
    if (isAddressEqual(pair, ZERO_ADDRESS)) return false
    const [reserve0] = await client.readContract({
      address: pair,
      abi: UNISWAP_V2_PAIR_ABI,
      functionName: 'getReserves',
    })
    return reserve0 > 0n
  }
  const address = await client.readContract({
    address: TEST_SWAP_CONTRACTS.v3.factory,
    abi: UNISWAP_V3_FACTORY_ABI,
    functionName: 'getPool',
    args: [token0, token1, pool.fee],
  })
  if (isAddressEqual(address, ZERO_ADDRESS)) return false
  const liquidity = await client.readContract({
    address,
    abi: UNISWAP_V3_POOL_ABI,
    functionName: 'liquidity',
  })
  return liquidity > 0n
}

const mintAbi = parseAbi(['function mint(address to, uint256 value)'])
const approveAbi = parseAbi(['function approve(address spender, uint256 value)'])
const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000'

function approveData(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: approveAbi, functionName: 'approve', args: [spender, amount] })
}

function isTetherStyle(address: Address): boolean {
  return TEST_TOKENS.some((token) => token.tetherStyle && isAddressEqual(token.address, address))
}

export interface Transaction {
  to: Address
  data: Hex
  value?: bigint
  label: string
}

export function createClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { batch: true }), pollingInterval: 25 })
}

/** Sends the transactions from `from` (unlocked on the node) in order, then waits for every receipt. */
export async function sendAll(
  client: PublicClient,
  rpcUrl: string,
  from: Address,
  transactions: readonly Transaction[],
  timeoutMs: number,
): Promise<Hash[]> {
  const hashes: Hash[] = []
  // One at a time: the node assigns the nonces in the order it receives them.
  for (const { to, data, value } of transactions) {
    const request = { from, to, data, ...(value ? { value: `0x${value.toString(16)}` } : {}) }
    // Half more than the estimate and a fixed margin: the estimate runs in the last block's second,
    // and a Uniswap pair or pool that trades first in a new second also writes its price
    // accumulator or oracle observation (fresh storage slots, 20k gas each), so the node's own
    // estimate runs out of gas now and then; a quarter more was seen to fall short (175240 used of
    // 175680). Unused gas costs nothing.
    const estimate = BigInt(await rpc<Hex>(rpcUrl, 'eth_estimateGas', [request]))
    const gas = `0x${((estimate * 3n) / 2n + 50_000n).toString(16)}`
    hashes.push(await rpc<Hash>(rpcUrl, 'eth_sendTransaction', [{ ...request, gas }]))
  }
  const receipts = await Promise.all(
    hashes.map((hash) => client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 25 })),
  )
  const failed = receipts.findIndex((receipt) => receipt.status !== 'success')
  if (failed >= 0) {
    const receipt = receipts[failed]!
    throw new Error(
      `The transaction to ${transactions[failed]?.label} reverted (${receipt.transactionHash}, ` +
        `${await revertReason(client, receipt.transactionHash, receipt.gasUsed)}).`,
    )
  }
  return hashes
}

/**
 * Why a mined transaction reverted: the node mines a failing `eth_sendTransaction` rather than
 * refusing it, so the reason comes from running it again on the state before its block.
 */
async function revertReason(client: PublicClient, hash: Hash, gasUsed: bigint): Promise<string> {
  try {
    const transaction = await client.getTransaction({ hash })
    const used = `gas used ${gasUsed} of ${transaction.gas}`
    try {
      await client.call({
        account: transaction.from,
        to: transaction.to,
        data: transaction.input,
        value: transaction.value,
        gas: transaction.gas,
        blockNumber: transaction.blockNumber - 1n,
      })
      return `${used}; it succeeds when run again on the state before its block`
    } catch (error) {
      const reason =
        error instanceof Error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : ''
      return `${used}; ${reason}`
    }
  } catch {
    return 'reason unknown'
  }
}
