import { type Address, encodeFunctionData, erc20Abi, isAddressEqual, keccak256 } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ADDRESSES, ANVIL_INITIAL_BALANCE } from '../accounts.js'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { TEST_DEPLOYER_ADDRESS } from '../contracts/deployTestContracts.js'
import {
  createClient,
  deploySwapContracts,
  sendAll,
  sqrtPriceX96,
  swapContractDeployments,
  swapPoolAddress,
  type TestSwapDeployment,
} from './deploySwapContracts.js'
import {
  SWAP_ROUTER_02_ABI,
  UNISWAP_V2_FACTORY_ABI,
  UNISWAP_V2_PAIR_ABI,
  UNISWAP_V2_ROUTER_ABI,
  UNISWAP_V3_FACTORY_ABI,
  UNISWAP_V3_POOL_ABI,
  WETH9_ABI,
} from './swapAbis.js'
import { loadPoolArtifact, loadSwapArtifact, type SwapArtifactName } from './swapArtifacts.js'
import { TEST_SWAP_CONTRACTS, TEST_SWAP_POOLS, testSwapToken } from './testSwapContracts.js'

describe('the swap contracts’ addresses', () => {
  it('are where the artifacts’ init code puts them (update testSwapContracts.ts if this fails)', () => {
    expect(() => swapContractDeployments()).not.toThrow()
    const actual = Object.fromEntries(TEST_SWAP_POOLS.map((pool) => [pool.key, swapPoolAddress(pool)]))
    expect(actual).toEqual(Object.fromEntries(TEST_SWAP_POOLS.map((pool) => [pool.key, pool.address])))
  })
})

describe('the routers’ init-code hashes', () => {
  it('match the pair and pool code the factories deploy (a swap through each router proves it below)', () => {
    const pairHash = keccak256(loadPoolArtifact('v2Pair').bytecode)
    const poolHash = keccak256(loadPoolArtifact('v3Pool').bytecode)
    expect(pairHash).toBe('0x96e8ac4277198ff8b6f785478aa9a39f403cb768dd02cbee326c3e7da348845f')
    expect(poolHash).toBe('0xe34f199b19b2b4f47f68442619d555527d244f78a3297ea89325f843f87b8b54')
    const holds = (name: SwapArtifactName, hash: string) =>
      loadSwapArtifact(name).bytecode.includes(hash.slice(2))
    expect([holds('v2Router', pairHash), holds('swapRouter02', pairHash)]).toEqual([true, true])
    expect(
      (['swapRouter', 'quoterV2', 'positionManager', 'swapRouter02'] as const).map((name) =>
        holds(name, poolHash),
      ),
    ).toEqual([true, true, true, true])
  })
})

describe('deploySwapContracts', () => {
  let anvil: AnvilInstance
  let deployment: TestSwapDeployment
  const client = () => createClient(anvil.rpcUrl)

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_337 })
    deployment = await deploySwapContracts(anvil.rpcUrl)
  }, 120_000)
  afterAll(() => anvil?.stop())

  it('deploys every contract at its constant address', async () => {
    expect(deployment).toMatchObject(TEST_SWAP_CONTRACTS)
    const addresses = [
      deployment.weth,
      deployment.v2.factory,
      deployment.v2.router,
      deployment.v3.factory,
      deployment.v3.swapRouter,
      deployment.v3.quoterV2,
      deployment.v3.positionManager,
      deployment.swapRouter02,
      ...deployment.tokens.map((token) => token.address),
    ]
    const codes = await Promise.all(addresses.map((address) => client().getCode({ address })))
    expect(codes.filter((code) => !code || code === '0x')).toEqual([])
  })

  it('builds the routers on the deployed factories and WETH9', async () => {
    const read = <T>(address: Address, functionName: string) =>
      client().readContract({
        address,
        abi: [...UNISWAP_V2_ROUTER_ABI, ...SWAP_ROUTER_02_ABI],
        functionName,
      } as never) as Promise<T>
    expect(await read(TEST_SWAP_CONTRACTS.v2.router, 'factory')).toBe(TEST_SWAP_CONTRACTS.v2.factory)
    expect(await read(TEST_SWAP_CONTRACTS.v2.router, 'WETH')).toBe(TEST_SWAP_CONTRACTS.weth)
    expect(await read(TEST_SWAP_CONTRACTS.swapRouter02, 'factoryV2')).toBe(TEST_SWAP_CONTRACTS.v2.factory)
    expect(await read(TEST_SWAP_CONTRACTS.swapRouter02, 'factory')).toBe(TEST_SWAP_CONTRACTS.v3.factory)
    expect(await read(TEST_SWAP_CONTRACTS.swapRouter02, 'positionManager')).toBe(
      TEST_SWAP_CONTRACTS.v3.positionManager,
    )
    expect(await read(TEST_SWAP_CONTRACTS.swapRouter02, 'WETH9')).toBe(TEST_SWAP_CONTRACTS.weth)
    const spacing = await Promise.all(
      [500, 3000, 10000].map((fee) =>
        client().readContract({
          address: TEST_SWAP_CONTRACTS.v3.factory,
          abi: UNISWAP_V3_FACTORY_ABI,
          functionName: 'feeAmountTickSpacing',
          args: [fee],
        }),
      ),
    )
    expect(spacing).toEqual([10, 60, 200])
  })

  it('seeds each V2 pair with exactly its reserves', async () => {
    for (const pool of TEST_SWAP_POOLS.filter((entry) => entry.protocol === 'v2')) {
      const pair = await client().readContract({
        address: TEST_SWAP_CONTRACTS.v2.factory,
        abi: UNISWAP_V2_FACTORY_ABI,
        functionName: 'getPair',
        args: [testSwapToken(pool.token0).address, testSwapToken(pool.token1).address],
      })
      expect(pair, pool.key).toBe(pool.address)
      const token0 = await client().readContract({
        address: pair,
        abi: UNISWAP_V2_PAIR_ABI,
        functionName: 'token0',
      })
      expect(isAddressEqual(token0, testSwapToken(pool.token0).address), pool.key).toBe(true)
      const [reserve0, reserve1] = await client().readContract({
        address: pair,
        abi: UNISWAP_V2_PAIR_ABI,
        functionName: 'getReserves',
      })
      expect([reserve0, reserve1], pool.key).toEqual([pool.amount0, pool.amount1])
    }
  })

  it('seeds each V3 pool at the amounts’ price with a full-range position holding them', async () => {
    for (const pool of TEST_SWAP_POOLS.filter((entry) => entry.protocol === 'v3')) {
      const address = await client().readContract({
        address: TEST_SWAP_CONTRACTS.v3.factory,
        abi: UNISWAP_V3_FACTORY_ABI,
        functionName: 'getPool',
        args: [testSwapToken(pool.token0).address, testSwapToken(pool.token1).address, pool.fee],
      })
      expect(address, pool.key).toBe(pool.address)
      const [sqrtPrice] = await client().readContract({
        address,
        abi: UNISWAP_V3_POOL_ABI,
        functionName: 'slot0',
      })
      expect(sqrtPrice, pool.key).toBe(sqrtPriceX96(pool.amount0, pool.amount1))
      const liquidity = await client().readContract({
        address,
        abi: UNISWAP_V3_POOL_ABI,
        functionName: 'liquidity',
      })
      expect(liquidity, pool.key).toBeGreaterThan(0n)
      // A full-range position takes both amounts up to rounding (at most a millionth less).
      for (const [key, amount] of [
        [pool.token0, pool.amount0],
        [pool.token1, pool.amount1],
      ] as const) {
        const held = await client().readContract({
          address: testSwapToken(key).address,
          abi: erc20Abi,
          functionName: 'balanceOf',
          args: [address],
        })
        expect(held, `${pool.key} ${key}`).toBeLessThanOrEqual(amount)
        expect(held, `${pool.key} ${key}`).toBeGreaterThanOrEqual(amount - amount / 1_000_000n)
      }
    }
  })

  it('does nothing when run again on the same chain', async () => {
    const before = await client().getBlockNumber()
    await expect(deploySwapContracts(anvil.rpcUrl)).resolves.toEqual(deployment)
    expect(await client().getBlockNumber()).toBe(before)
  })

  it('leaves the wallets’ accounts alone: the deployer pays and provides the liquidity', async () => {
    for (const address of ANVIL_ADDRESSES) {
      expect(await client().getBalance({ address }), address).toBe(ANVIL_INITIAL_BALANCE)
      expect(await client().getTransactionCount({ address }), address).toBe(0)
    }
    expect(await client().getTransactionCount({ address: TEST_DEPLOYER_ADDRESS })).toBeGreaterThan(0)
  })
})

describe('deploySwapContracts on other chains', () => {
  it('refuses a chain without the CREATE2 deployer, and says so', { timeout: 60_000 }, async () => {
    const bare = await startAnvil({ chainId: 31_337, args: ['--disable-default-create2-deployer'] })
    try {
      await expect(deploySwapContracts(bare.rpcUrl)).rejects.toThrow(/no CREATE2 deployer at 0x4e59/)
    } finally {
      await bare.stop()
    }
  })

  it('seeds the pools from the account it is given, at the same addresses', { timeout: 60_000 }, async () => {
    const other = await startAnvil({ chainId: 31_338 })
    // Anvil's account 7, unlocked like the others.
    const deployer = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955'
    try {
      const deployment = await deploySwapContracts(other.rpcUrl, { deployer })
      expect(deployment.pools.map((pool) => pool.address)).toEqual(
        TEST_SWAP_POOLS.map((pool) => pool.address),
      )
      const client = createClient(other.rpcUrl)
      const lpTokens = await client.readContract({
        address: TEST_SWAP_POOLS[0].address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [deployer],
      })
      expect(lpTokens).toBeGreaterThan(0n)
      expect(await client.getTransactionCount({ address: deployer })).toBeGreaterThan(10)
    } finally {
      await other.stop()
    }
  })
})

describe('sendAll', () => {
  let anvil: AnvilInstance
  const client = () => createClient(anvil.rpcUrl)
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_339 })
    await deploySwapContracts(anvil.rpcUrl)
  }, 60_000)
  afterAll(() => anvil?.stop())

  // A Uniswap pair or pool trading first in a new second also writes its price accumulator or
  // oracle observation: an estimate made in the last block's second runs out of gas now and then.
  it('sends each transaction with half more gas than the node estimates, plus 50,000', async () => {
    const data = encodeFunctionData({ abi: WETH9_ABI, functionName: 'deposit' })
    const estimate = await client().estimateGas({
      account: ANVIL_ADDRESSES[1]!,
      to: TEST_SWAP_CONTRACTS.weth,
      data,
      value: 1n,
    })
    const [hash] = await sendAll(
      client(),
      anvil.rpcUrl,
      ANVIL_ADDRESSES[1]!,
      [{ to: TEST_SWAP_CONTRACTS.weth, data, value: 1n, label: 'wrap' }],
      30_000,
    )
    const transaction = await client().getTransaction({ hash: hash! })
    expect(transaction.gas).toBe((estimate * 3n) / 2n + 50_000n)
  })

  it('refuses a transaction that would revert, with the contract’s reason, and sends nothing', async () => {
    const nonce = await client().getTransactionCount({ address: ANVIL_ADDRESSES[1]! })
    const data = encodeFunctionData({ abi: WETH9_ABI, functionName: 'withdraw', args: [10n ** 30n] })
    await expect(
      sendAll(
        client(),
        anvil.rpcUrl,
        ANVIL_ADDRESSES[1]!,
        [{ to: TEST_SWAP_CONTRACTS.weth, data, label: 'unwrap' }],
        30_000,
      ),
    ).rejects.toThrow(/eth_estimateGas failed: execution reverted/)
    expect(await client().getTransactionCount({ address: ANVIL_ADDRESSES[1]! })).toBe(nonce)
  })
})
