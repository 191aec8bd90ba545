import { balanceResponseSchema } from '@portico/core/api'
import {
  ANVIL_ADDRESSES,
  type AnvilInstance,
  deployTestTokens,
  getFreePort,
  MULTICALL3_ADDRESS,
  revert,
  rpc,
  snapshot,
  startAnvil,
  TEST_TOKENS,
} from '@portico/test'
import { type Address, erc20Abi, parseUnits } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestChain, getTestContracts, type TestChain } from '../activity/testing/contracts.testkit.js'
import { createRecordingLogger } from '../activity/testing/recordingLogger.testkit.js'
import { type RpcRecorder, startRpcRecorder } from '../activity/testing/rpcRecorder.testkit.js'
import { type ChainConfig, chainConfigSchema } from '../config.js'
import { UpstreamError } from './errors.js'
import { CANONICAL_MULTICALL3_ADDRESS, getBalances } from './getBalances.js'
import { createStaticPriceSource } from './prices.js'

const CHAIN_ID = 31337
const CAIP2 = `eip155:${CHAIN_ID}`
const holder = ANVIL_ADDRESSES[1] as Address

describe('getBalances on anvil', () => {
  let anvil: AnvilInstance
  let chain: TestChain
  let recorder: RpcRecorder
  const tokens: Record<'pusd' | 'ptk' | 'usdt' | 'zero' | 'empty', Address> = {} as never
  let multicall: Address
  let refuser: Address

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID, port: await getFreePort() })
    recorder = await startRpcRecorder(anvil.rpcUrl)
    chain = createTestChain(anvil.rpcUrl)
    // The shared test tokens (PUSD 6 decimals, PTK 18, Tether-style USDT 6, ZERO 0).
    await deployTestTokens({
      rpcUrl: anvil.rpcUrl,
      holders: [
        {
          address: holder,
          amounts: {
            PUSD: parseUnits('1234.5', 6),
            PTK: parseUnits('2', 18) + 1n,
            USDT: parseUnits('50', 6),
            ZERO: 7n,
          },
        },
      ],
    })
    const shared = (key: string) => {
      const token = TEST_TOKENS.find((candidate) => candidate.key === key)
      if (!token) throw new Error(`no test token ${key}`)
      return token.address
    }
    tokens.pusd = shared('PUSD')
    tokens.ptk = shared('PTK')
    tokens.usdt = shared('USDT')
    tokens.zero = shared('ZERO')
    tokens.empty = await chain.deploy('TestToken', ['Nobody Holds', 'NONE', 18])
    // deployTestTokens installs Multicall3 at its canonical address; these tests start on a chain
    // without it, and give the multicall contract's address in the config when they want one.
    await rpc(anvil.rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, '0x'])
    multicall = await chain.deploy('TestMulticall')
    refuser = await chain.deploy('EtherRefuser')
  })
  afterAll(async () => {
    await recorder?.stop()
    await anvil?.stop()
  })

  const config = (overrides: Partial<ChainConfig> = {}): ChainConfig =>
    chainConfigSchema.parse({
      caipNetworkId: CAIP2,
      name: 'Anvil',
      rpcUrl: recorder.url,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      tokens: [
        {
          address: tokens.pusd,
          name: 'Portico USD',
          symbol: 'PUSD',
          decimals: 6,
          iconUrl: 'https://example.com/pusd.png',
        },
        { address: tokens.ptk, name: 'Portico Token', symbol: 'PTK', decimals: 18 },
        { address: tokens.usdt, name: 'Tether USD', symbol: 'USDT', decimals: 6 },
        { address: tokens.zero, name: 'Zero Decimal', symbol: 'ZERO', decimals: 0 },
        { address: tokens.empty, name: 'Nobody Holds', symbol: 'NONE', decimals: 18 },
      ],
      ...overrides,
    })

  // Made once the tokens exist; the PUSD key is upper case on purpose (keys are compared case-insensitively).
  let prices: ReturnType<typeof createStaticPriceSource>
  beforeAll(() => {
    prices = createStaticPriceSource({
      [`${CAIP2}/native`]: 3000,
      [`${CAIP2}/${tokens.pusd.toUpperCase().replace('0X', '0x')}`]: 1,
    })
  })

  async function expectMatchesChain(response: Awaited<ReturnType<typeof getBalances>>) {
    const native = await chain.publicClient.getBalance({ address: holder })
    const read = (token: Address) =>
      chain.publicClient.readContract({
        address: token,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [holder],
      })
    const [first, ...rest] = response.balances
    expect(first).toMatchObject({ symbol: 'ETH', chainId: CAIP2, quantity: { decimals: '18' } })
    expect(first?.address).toBeUndefined()
    expect(parseUnits(first?.quantity.numeric ?? '', 18)).toBe(native)
    const bySymbol = Object.fromEntries(rest.map((balance) => [balance.symbol, balance]))
    expect(parseUnits(bySymbol.PUSD?.quantity.numeric ?? '', 6)).toBe(await read(tokens.pusd))
    expect(parseUnits(bySymbol.PTK?.quantity.numeric ?? '', 18)).toBe(await read(tokens.ptk))
    expect(parseUnits(bySymbol.USDT?.quantity.numeric ?? '', 6)).toBe(await read(tokens.usdt))
  }

  it('reads the native and token balances through the multicall contract in one request', async () => {
    const logger = createRecordingLogger()
    const before = recorder.requests.length
    const response = await getBalances({
      chain: config({ multicallAddress: multicall }),
      address: holder,
      prices,
      logger,
    })
    expect(balanceResponseSchema.parse(response)).toEqual(response)
    await expectMatchesChain(response)
    // The multicall check (eth_getCode), then one eth_call for every balance.
    expect(recorder.requests.slice(before)).toEqual([
      { methods: ['eth_getCode'], batch: true },
      { methods: ['eth_call'], batch: true },
    ])
    expect(response.balances.map((balance) => balance.symbol)).toEqual(['ETH', 'PUSD', 'PTK', 'USDT'])
    expect(response.balances[1]).toMatchObject({
      name: 'Portico USD',
      address: `${CAIP2}:${tokens.pusd}`,
      price: 1,
      value: 1234.5,
      quantity: { decimals: '6', numeric: '1234.5' },
      iconUrl: 'https://example.com/pusd.png',
    })
    expect(response.balances[2]).toMatchObject({
      price: 0,
      value: 0,
      quantity: { numeric: '2.000000000000000001' },
    })
    expect(response.balances[0]?.price).toBe(3000)
    expect(response.balances[0]?.value).toBeCloseTo(Number(response.balances[0]?.quantity.numeric) * 3000, 6)
  })

  it('asks whether the multicall contract exists only once per chain', async () => {
    const chainConfig = config({ multicallAddress: multicall })
    const logger = createRecordingLogger()
    await getBalances({ chain: chainConfig, address: holder, prices, logger })
    const before = recorder.requests.length
    await getBalances({ chain: chainConfig, address: holder, prices, logger })
    expect(recorder.requests.slice(before)).toEqual([{ methods: ['eth_call'], batch: true }])
  })

  it('falls back to one JSON-RPC batch when the chain has no multicall contract', async () => {
    const logger = createRecordingLogger()
    const before = recorder.requests.length
    // No multicallAddress: the canonical address, where anvil has no code.
    const response = await getBalances({ chain: config(), address: holder, prices, logger })
    await expectMatchesChain(response)
    expect(recorder.requests.slice(before)).toEqual([
      { methods: ['eth_getCode'], batch: true },
      { methods: ['eth_getBalance', 'eth_call', 'eth_call', 'eth_call', 'eth_call'], batch: true },
    ])
    expect(logger.lines.some((line) => line.message.includes('no multicall contract'))).toBe(true)
  })

  it('drops zero-decimal tokens and tokens the address does not hold', async () => {
    for (const multicallAddress of [multicall, undefined]) {
      const response = await getBalances({
        chain: config(multicallAddress ? { multicallAddress } : {}),
        address: holder,
        prices,
        logger: createRecordingLogger(),
      })
      const symbols = response.balances.map((balance) => balance.symbol)
      expect(symbols).not.toContain('ZERO')
      expect(symbols).not.toContain('NONE')
    }
  })

  it('keeps the native balance when it is zero, and nothing else', async () => {
    const nobody = '0x000000000000000000000000000000000000dEaD'
    const response = await getBalances({
      chain: config({ multicallAddress: multicall }),
      address: nobody,
      prices,
      logger: createRecordingLogger(),
    })
    expect(response.balances).toEqual([
      {
        name: 'Ether',
        symbol: 'ETH',
        chainId: CAIP2,
        value: 0,
        price: 3000,
        quantity: { decimals: '18', numeric: '0' },
      },
    ])
  })

  it('leaves out a token whose balanceOf fails, logs it, and answers the rest', async () => {
    for (const multicallAddress of [multicall, undefined]) {
      const logger = createRecordingLogger()
      const base = config(multicallAddress ? { multicallAddress } : {})
      const broken = {
        ...base,
        tokens: [...base.tokens, { address: refuser, name: 'Broken', symbol: 'BRK', decimals: 18 }],
      }
      const response = await getBalances({ chain: broken, address: holder, prices, logger })
      expect(response.balances.map((balance) => balance.symbol)).toEqual(['ETH', 'PUSD', 'PTK', 'USDT'])
      expect(logger.lines.filter((line) => line.level === 'warn').map((line) => line.fields?.token)).toEqual([
        refuser,
      ])
    }
  })

  it('sorts tokens by USD value, then by symbol', async () => {
    const priced = createStaticPriceSource({
      [`${CAIP2}/${tokens.ptk}`]: 1000,
      [`${CAIP2}/${tokens.usdt}`]: 1,
    })
    const response = await getBalances({
      chain: config({ multicallAddress: multicall }),
      address: holder,
      prices: priced,
      logger: createRecordingLogger(),
    })
    // PTK 2 × 1000 = 2000 > USDT 50 × 1 = 50 > PUSD unpriced (0).
    expect(response.balances.map((balance) => balance.symbol)).toEqual(['ETH', 'PTK', 'USDT', 'PUSD'])
    expect(response.balances[1]?.value).toBe(2000)
  })

  it('throws UpstreamError when the RPC node does not answer', async () => {
    const dead = `http://127.0.0.1:${await getFreePort()}`
    const attempt = getBalances({
      chain: config({ rpcUrl: dead }),
      address: holder,
      prices,
      logger: createRecordingLogger(),
    })
    await expect(attempt).rejects.toBeInstanceOf(UpstreamError)
    await expect(attempt).rejects.toThrow(`The RPC node of ${CAIP2} failed`)
  })

  it('uses Multicall3 at its canonical address when the chain has it there', async () => {
    const id = await snapshot(anvil.rpcUrl)
    try {
      await rpc(anvil.rpcUrl, 'anvil_setCode', [
        CANONICAL_MULTICALL3_ADDRESS,
        (await getTestContracts()).TestMulticall.deployedBytecode,
      ])
      const before = recorder.requests.length
      // No multicallAddress configured: the canonical one.
      const response = await getBalances({
        chain: config(),
        address: holder,
        prices,
        logger: createRecordingLogger(),
      })
      await expectMatchesChain(response)
      expect(recorder.requests.slice(before)).toEqual([
        { methods: ['eth_getCode'], batch: true },
        { methods: ['eth_call'], batch: true },
      ])
    } finally {
      await revert(anvil.rpcUrl, id)
    }
  })
})
