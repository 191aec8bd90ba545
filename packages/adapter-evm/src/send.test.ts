// @vitest-environment happy-dom
import {
  type Adapter,
  InvalidResponseError,
  type Network,
  ProviderTimeoutError,
  TransactionWouldFailError,
  UserRejectedRequestError,
  WrongNetworkError,
} from '@portico/core'
import {
  ANVIL_ADDRESSES,
  ANVIL_PRIVATE_KEYS,
  type AnvilInstance,
  createTestAdapterContext,
  deployTestTokens,
  revert,
  rpc,
  snapshot,
  startAnvil,
  TEST_TOKENS,
} from '@portico/test'
import { announceTestWallet, createTestWallet, DEV_WALLET_ICON, type TestWallet } from '@portico/test/wallet'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  type Hash,
  http,
  type PublicClient,
  parseEther,
} from 'viem'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type EvmAdapterOptions, evm } from './evm.js'

const RDNS = 'dev.portico.wallet'
const CHAIN = 31_431
const OTHER_CHAIN = 31_432
const LEGACY_CHAIN = 31_433
const PUSD = TEST_TOKENS.find((token) => token.key === 'PUSD')!.address
const USDT = TEST_TOKENS.find((token) => token.key === 'USDT')!.address
const SENDER = ANVIL_ADDRESSES[0]!
const RECEIVER = ANVIL_ADDRESSES[3]!

let anvil: AnvilInstance
let otherAnvil: AnvilInstance
let legacyAnvil: AnvilInstance
let network: Network
let legacyNetwork: Network
let chain: PublicClient
let wallet: TestWallet
let adapter: Adapter
const cleanups: Array<() => unknown> = []

const toNetwork = (id: number, rpcUrl: string): Network => ({
  id,
  namespace: 'eip155',
  caipNetworkId: `eip155:${id}`,
  name: `Anvil ${id}`,
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: [rpcUrl] } },
  blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.example/' } },
})

beforeAll(async () => {
  ;[anvil, otherAnvil, legacyAnvil] = await Promise.all([
    startAnvil({ chainId: CHAIN }),
    startAnvil({ chainId: OTHER_CHAIN }),
    // Berlin predates EIP-1559: its blocks have no base fee.
    startAnvil({ chainId: LEGACY_CHAIN, args: ['--hardfork', 'berlin'] }),
  ])
  network = toNetwork(CHAIN, anvil.rpcUrl)
  legacyNetwork = toNetwork(LEGACY_CHAIN, legacyAnvil.rpcUrl)
  chain = createPublicClient({ transport: http(anvil.rpcUrl) })
  await deployTestTokens({ rpcUrl: anvil.rpcUrl })
}, 60_000)
afterAll(async () => {
  await Promise.all([anvil?.stop(), otherAnvil?.stop(), legacyAnvil?.stop()])
})

beforeEach(async () => {
  const id = await snapshot(anvil.rpcUrl)
  cleanups.push(() => revert(anvil.rpcUrl, id))
  wallet = createTestWallet({
    privateKeys: ANVIL_PRIVATE_KEYS,
    chains: [
      { chainId: CHAIN, rpcUrl: anvil.rpcUrl, name: 'Anvil' },
      { chainId: OTHER_CHAIN, rpcUrl: otherAnvil.rpcUrl, name: 'Other Anvil' },
    ],
  })
})
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** An adapter connected to `provider` (the test wallet unless given). */
const connect = async (options: EvmAdapterOptions = {}, provider: unknown = wallet) => {
  adapter = evm({ receiptPollingIntervalMs: 20, ...options })(createTestAdapterContext([network]).context)
  cleanups.push(
    announceTestWallet(provider, { name: 'Portico Dev Wallet', rdns: RDNS, icon: DEV_WALLET_ICON }),
  )
  adapter.start()
  cleanups.push(() => adapter.destroy())
  await adapter.connect({ connectorId: RDNS })
  wallet.clearRequests()
}

const tokenBalance = (token: Address, holder: Address) =>
  chain.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })
const walletMethods = () => wallet.getRequests().map((request) => request.method)

describe('isAddress', () => {
  it('accepts checksummed, all-lowercase and all-uppercase addresses', () => {
    const adapter = evm()(createTestAdapterContext([]).context)
    expect(adapter.send?.isAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(true)
    expect(adapter.send?.isAddress('0xf39fd6e51aad88f6f4ce6ab8827279cfffb92266')).toBe(true)
    expect(adapter.send?.isAddress('0xF39FD6E51AAD88F6F4CE6AB8827279CFFFB92266')).toBe(true)
  })

  it('refuses a mixed-case address whose checksum is wrong', () => {
    const adapter = evm()(createTestAdapterContext([]).context)
    expect(adapter.send?.isAddress('0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267')).toBe(false)
    expect(adapter.send?.isAddress('0xF39fd6e51aad88F6F4ce6aB8827279cffFb92266')).toBe(false)
  })

  it('refuses what is not 20 bytes of hex', () => {
    const adapter = evm()(createTestAdapterContext([]).context)
    for (const value of [
      '',
      '0x',
      'f39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      '0xf39fd6e51aad88f6f4ce6ab8827279cfffb9226',
      '0xg39fd6e51aad88f6f4ce6ab8827279cfffb92266',
      'vitalik.eth',
    ]) {
      expect(adapter.send?.isAddress(value)).toBe(false)
    }
  })
})

describe('estimateFee', () => {
  it('prices a native transfer at 21000 gas and the EIP-1559 max fee', async () => {
    await connect()
    const estimate = await adapter.send!.estimateFee({
      address: SENDER,
      network,
      to: RECEIVER,
      amount: parseEther('1'),
    })
    const block = await chain.getBlock()
    const tip = await chain.estimateMaxPriorityFeePerGas()
    expect(estimate.breakdown?.gas).toBe(21_000n)
    expect(estimate.breakdown?.gasPrice).toBe((block.baseFeePerGas! * 6n + 4n) / 5n + tip)
    expect(estimate.fee).toBe(estimate.breakdown!.gas! * estimate.breakdown!.gasPrice!)
  })

  it('prices a standard and a Tether-style token transfer with the gas the node estimates', async () => {
    await connect()
    for (const token of [PUSD, USDT]) {
      const estimate = await adapter.send!.estimateFee({
        address: SENDER,
        network,
        to: RECEIVER,
        amount: 5_000_000n,
        token,
      })
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'transfer',
        args: [RECEIVER, 5_000_000n],
      })
      const expected = await chain.estimateGas({ account: SENDER, to: token, data })
      expect(estimate.breakdown?.gas).toBe(expected)
      expect(estimate.breakdown!.gas).toBeGreaterThan(21_000n)
      expect(estimate.fee).toBe(estimate.breakdown!.gas! * estimate.breakdown!.gasPrice!)
    }
  })

  it('uses eth_gasPrice on a chain without a base fee', async () => {
    const adapter = evm()(createTestAdapterContext([legacyNetwork]).context)
    const estimate = await adapter.send!.estimateFee({
      address: SENDER,
      network: legacyNetwork,
      to: RECEIVER,
      amount: 1n,
    })
    const gasPrice = BigInt(await rpc<string>(legacyAnvil.rpcUrl, 'eth_gasPrice'))
    expect(estimate).toEqual({ fee: 21_000n * gasPrice, breakdown: { gas: 21_000n, gasPrice } })
  })

  it('rejects with TransactionWouldFailError when the sender holds fewer tokens than the amount', async () => {
    await connect()
    const held = await tokenBalance(PUSD, SENDER)
    const estimate = adapter.send!.estimateFee({
      address: SENDER,
      network,
      to: RECEIVER,
      amount: held + 1n,
      token: PUSD,
    })
    await expect(estimate).rejects.toBeInstanceOf(TransactionWouldFailError)
    await expect(estimate).rejects.toThrow(/balance too low/)
  })

  it('refuses a negative amount and one beyond uint256', async () => {
    await connect()
    for (const amount of [-1n, 2n ** 256n]) {
      await expect(
        adapter.send!.estimateFee({ address: SENDER, network, to: RECEIVER, amount, token: PUSD }),
      ).rejects.toThrow(/amount is out of range/)
    }
  })

  it('refuses a receiver with a bad checksum before asking the node', async () => {
    await connect()
    await expect(
      adapter.send!.estimateFee({
        address: SENDER,
        network,
        to: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92267',
        amount: 1n,
      }),
    ).rejects.toThrow(/receiver is not a valid EVM address/)
  })
})

describe('send', () => {
  it('sends ETH: the receiver gains the amount, the sender loses it plus the fee paid', async () => {
    await connect()
    const amount = parseEther('1.25')
    const [senderBefore, receiverBefore] = await Promise.all([
      chain.getBalance({ address: SENDER }),
      chain.getBalance({ address: RECEIVER }),
    ])
    const hash = await adapter.send!.send({
      connectorId: RDNS,
      address: SENDER,
      network,
      to: RECEIVER,
      amount,
    })
    const receipt = await chain.waitForTransactionReceipt({ hash: hash as Hash, pollingInterval: 20 })
    expect(receipt.status).toBe('success')
    expect(await chain.getBalance({ address: RECEIVER })).toBe(receiverBefore + amount)
    expect(await chain.getBalance({ address: SENDER })).toBe(
      senderBefore - amount - receipt.gasUsed * receipt.effectiveGasPrice,
    )
  })

  it('sends PUSD with transfer(address,uint256) and moves exactly the amount', async () => {
    await connect()
    const amount = 12_345_678n
    const [senderBefore, receiverBefore] = await Promise.all([
      tokenBalance(PUSD, SENDER),
      tokenBalance(PUSD, RECEIVER),
    ])
    const hash = await adapter.send!.send({
      connectorId: RDNS,
      address: SENDER,
      network,
      to: RECEIVER,
      amount,
      token: PUSD,
    })
    expect(await adapter.send!.waitForTransaction({ hash, network, timeoutMs: 10_000 })).toEqual({
      status: 'success',
    })
    expect(await tokenBalance(PUSD, SENDER)).toBe(senderBefore - amount)
    expect(await tokenBalance(PUSD, RECEIVER)).toBe(receiverBefore + amount)
    const sent = wallet.getRequests().find((request) => request.method === 'eth_sendTransaction')
    expect(sent?.params).toEqual([
      {
        from: SENDER,
        to: PUSD,
        data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, amount] }),
        chainId: `0x${CHAIN.toString(16)}`,
      },
    ])
  })

  it('sends a Tether-style token listed in tetherStyleTokens, whose transfer returns no data', async () => {
    await connect({ tetherStyleTokens: { [CHAIN]: [USDT.toLowerCase()] } })
    const amount = 250_000_000n
    const [senderBefore, receiverBefore] = await Promise.all([
      tokenBalance(USDT, SENDER),
      tokenBalance(USDT, RECEIVER),
    ])
    const hash = await adapter.send!.send({
      connectorId: RDNS,
      address: SENDER,
      network,
      to: RECEIVER,
      amount,
      token: USDT,
    })
    expect(await adapter.send!.waitForTransaction({ hash, network, timeoutMs: 10_000 })).toEqual({
      status: 'success',
    })
    expect(await tokenBalance(USDT, SENDER)).toBe(senderBefore - amount)
    expect(await tokenBalance(USDT, RECEIVER)).toBe(receiverBefore + amount)
  })

  it('refuses a token that returns no data when it is not listed as Tether-style, without prompting', async () => {
    await connect()
    const send = adapter.send!.send({
      connectorId: RDNS,
      address: SENDER,
      network,
      to: RECEIVER,
      amount: 1n,
      token: USDT,
    })
    await expect(send).rejects.toBeInstanceOf(TransactionWouldFailError)
    await expect(send).rejects.toThrow(/tetherStyleTokens/)
    expect(walletMethods()).not.toContain('eth_sendTransaction')
  })

  it.each([
    ['PUSD', PUSD, {}],
    ['Tether-style USDT', USDT, { tetherStyleTokens: { [CHAIN]: [USDT] } }],
  ])('refuses to send more %s than the sender holds, without prompting', async (_, token, options) => {
    await connect(options)
    const held = await tokenBalance(token, SENDER)
    const send = adapter.send!.send({
      connectorId: RDNS,
      address: SENDER,
      network,
      to: RECEIVER,
      amount: held + 1n,
      token,
    })
    await expect(send).rejects.toBeInstanceOf(TransactionWouldFailError)
    await expect(send).rejects.toThrow(/balance too low/)
    expect(walletMethods()).not.toContain('eth_sendTransaction')
    expect(await tokenBalance(token, SENDER)).toBe(held)
  })

  it('rejects with UserRejectedRequestError when the visitor declines in the wallet', async () => {
    await connect()
    wallet.setMode('reject')
    const before = await chain.getBalance({ address: RECEIVER })
    await expect(
      adapter.send!.send({ connectorId: RDNS, address: SENDER, network, to: RECEIVER, amount: 1n }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(await chain.getBalance({ address: RECEIVER })).toBe(before)
  })

  it('refuses with WrongNetworkError when the wallet is on another chain, and sends nothing', async () => {
    await connect()
    wallet.setChain(OTHER_CHAIN)
    const send = adapter.send!.send({ connectorId: RDNS, address: SENDER, network, to: RECEIVER, amount: 1n })
    await expect(send).rejects.toBeInstanceOf(WrongNetworkError)
    await expect(send).rejects.toMatchObject({ expectedChainId: CHAIN, actualChainId: OTHER_CHAIN })
    expect(walletMethods()).not.toContain('eth_sendTransaction')
  })

  it('reports a malformed transaction hash from the wallet as InvalidResponseError', async () => {
    const sloppy = {
      request: (args: { method: string; params?: unknown }) =>
        args.method === 'eth_sendTransaction' ? Promise.resolve('0x1234') : wallet.request(args),
    }
    await connect({}, sloppy)
    await expect(
      adapter.send!.send({ connectorId: RDNS, address: SENDER, network, to: RECEIVER, amount: 1n }),
    ).rejects.toBeInstanceOf(InvalidResponseError)
  })

  it('needs a connected wallet', async () => {
    adapter = evm()(createTestAdapterContext([network]).context)
    await expect(
      adapter.send!.send({ connectorId: RDNS, address: SENDER, network, to: RECEIVER, amount: 1n }),
    ).rejects.toMatchObject({ name: 'NotConnectedError' })
  })
})

describe('waitForTransaction', () => {
  it('resolves reverted for a transaction that failed on chain', async () => {
    await connect()
    const data = encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [RECEIVER, 10n ** 30n] })
    // An explicit gas limit skips the node's estimate, so the failing transfer is mined.
    const hash = await rpc<string>(anvil.rpcUrl, 'eth_sendTransaction', [
      { from: SENDER, to: PUSD, data, gas: '0x30000' },
    ])
    expect(await adapter.send!.waitForTransaction({ hash, network, timeoutMs: 10_000 })).toEqual({
      status: 'reverted',
    })
  })

  it('waits for a transaction mined later', async () => {
    await connect()
    await rpc(anvil.rpcUrl, 'evm_setAutomine', [false])
    cleanups.push(() => rpc(anvil.rpcUrl, 'evm_setAutomine', [true]))
    const hash = await adapter.send!.send({
      connectorId: RDNS,
      address: SENDER,
      network,
      to: RECEIVER,
      amount: 1n,
    })
    const waiting = adapter.send!.waitForTransaction({ hash, network, timeoutMs: 10_000 })
    await new Promise((resolve) => setTimeout(resolve, 100))
    await rpc(anvil.rpcUrl, 'evm_mine')
    expect(await waiting).toEqual({ status: 'success' })
  })

  it('rejects with ProviderTimeoutError when no receipt comes in time', async () => {
    await connect()
    const hash = `0x${'ab'.repeat(32)}`
    await expect(adapter.send!.waitForTransaction({ hash, network, timeoutMs: 150 })).rejects.toBeInstanceOf(
      ProviderTimeoutError,
    )
  })

  it('refuses a value that is not a transaction hash', async () => {
    await connect()
    await expect(
      adapter.send!.waitForTransaction({ hash: '0x1234', network, timeoutMs: 1000 }),
    ).rejects.toThrow(/not a transaction hash/)
  })
})

describe('getTransactionExplorerUrl', () => {
  it('links to the transaction page of the network explorer, when there is one', () => {
    const adapter = evm()(createTestAdapterContext([network]).context)
    const hash = `0x${'cd'.repeat(32)}`
    expect(adapter.getTransactionExplorerUrl?.({ hash, network })).toBe(`https://explorer.example/tx/${hash}`)
    const { blockExplorers: _, ...withoutExplorer } = network
    expect(adapter.getTransactionExplorerUrl?.({ hash, network: withoutExplorer })).toBeUndefined()
  })
})

describe('tetherStyleTokens', () => {
  it('refuses an entry that is not an address when the adapter is created', () => {
    expect(() => evm({ tetherStyleTokens: { 1: ['usdt'] } })(createTestAdapterContext([]).context)).toThrow(
      /tetherStyleTokens entry is not an EVM address/,
    )
  })
})

describe('contracts.sendTransaction', () => {
  const approveData = (amount: bigint) =>
    encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [RECEIVER, amount] })
  const allowance = () =>
    chain.readContract({ address: PUSD, abi: erc20Abi, functionName: 'allowance', args: [SENDER, RECEIVER] })

  it('sends the contract call from the wallet, and the chain runs it', async () => {
    await connect()
    const hash = await adapter.contracts!.sendTransaction({
      connectorId: RDNS,
      address: SENDER,
      network,
      to: PUSD,
      data: approveData(123n),
      gas: 100_000n,
    })
    expect(await adapter.send!.waitForTransaction({ hash, network, timeoutMs: 10_000 })).toEqual({
      status: 'success',
    })
    expect(await allowance()).toBe(123n)
    const sent = wallet.getRequests().find((request) => request.method === 'eth_sendTransaction')
    expect((sent!.params as [Record<string, string>])[0]).toMatchObject({
      to: PUSD,
      value: '0x0',
      gas: '0x186a0',
      chainId: `0x${CHAIN.toString(16)}`,
    })
  })

  it('sends value with the call', async () => {
    await connect()
    const before = await chain.getBalance({ address: RECEIVER })
    const hash = await adapter.contracts!.sendTransaction({
      connectorId: RDNS,
      address: SENDER,
      network,
      to: RECEIVER,
      data: '0x',
      value: parseEther('0.5'),
    })
    await adapter.send!.waitForTransaction({ hash, network, timeoutMs: 10_000 })
    expect((await chain.getBalance({ address: RECEIVER })) - before).toBe(parseEther('0.5'))
  })

  it('refuses call data that is not hex before the wallet is asked', async () => {
    await connect()
    await expect(
      adapter.contracts!.sendTransaction({
        connectorId: RDNS,
        address: SENDER,
        network,
        to: PUSD,
        data: 'approve',
      }),
    ).rejects.toThrow('The call data is not hex.')
    expect(walletMethods()).not.toContain('eth_sendTransaction')
  })

  it('refuses while the wallet is on another network', async () => {
    await connect()
    await adapter.switchNetwork({ connectorId: RDNS, network: toNetwork(OTHER_CHAIN, otherAnvil.rpcUrl) })
    await expect(
      adapter.contracts!.sendTransaction({
        connectorId: RDNS,
        address: SENDER,
        network,
        to: PUSD,
        data: approveData(1n),
      }),
    ).rejects.toBeInstanceOf(WrongNetworkError)
    expect(await allowance()).toBe(0n)
  })
})
