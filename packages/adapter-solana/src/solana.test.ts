import {
  InvalidResponseError,
  type Network,
  NotConnectedError,
  ProviderRequestError,
  ProviderTimeoutError,
  UnrecognizedChainError,
  UserRejectedRequestError,
} from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import { type SolanaTestValidator, startSolanaTestValidator } from '@portico/test/solana'
import {
  createTestSolanaWallet,
  registerTestSolanaWallet,
  type TestSolanaWalletOptions,
} from '@portico/test/solana/wallet'
import {
  createSolanaRpc,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  type SignatureBytes,
  address as toAddress,
  verifySignature,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getWalletConnectorId } from './createDiscovery.js'
import { SolanaChainNotSupportedError } from './errors.js'
import { defineSolanaNetwork, solanaDevnet, solanaMainnet } from './networks.js'
import { type SolanaAdapterOptions, solana } from './solana.js'

let validator: SolanaTestValidator
let local: Network
const cleanups: Array<() => unknown> = []

beforeAll(async () => {
  validator = await startSolanaTestValidator()
  const genesisHash = await createSolanaRpc(validator.url).getGenesisHash().send()
  local = defineSolanaNetwork({ id: genesisHash, name: 'Test validator', rpcUrl: validator.url })
})
afterAll(() => validator?.close())
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function setup(
  parameters: {
    wallet?: Omit<TestSolanaWalletOptions, 'rpcUrl'>
    adapter?: SolanaAdapterOptions
    networks?: readonly Network[]
    registerLater?: boolean
  } = {},
) {
  const page = new EventTarget()
  const testWallet = await createTestSolanaWallet({ rpcUrl: validator.url, ...parameters.wallet })
  const { context, events, warnings } = createTestAdapterContext(
    parameters.networks ?? [local, solanaDevnet],
    true,
  )
  const adapter = solana({ window: page, ...parameters.adapter })(context)
  const register = () => cleanups.push(registerTestSolanaWallet(testWallet.wallet, page))
  if (!parameters.registerLater) register()
  adapter.start()
  cleanups.push(() => adapter.destroy())
  const connectorId = getWalletConnectorId(testWallet.wallet.name)
  return { testWallet, adapter, events, warnings, connectorId, register }
}

describe('connectors', () => {
  it('reports the wallets it discovers in the browser', async () => {
    const { adapter, events, connectorId } = await setup()
    expect(adapter.getConnectors().map((connector) => connector.id)).toEqual([connectorId])
    expect(events).toEqual([{ type: 'connectors', connectors: adapter.getConnectors() }])
  })

  it('does not listen for wallets outside a browser', async () => {
    const page = new EventTarget()
    const { wallet } = await createTestSolanaWallet({ rpcUrl: validator.url })
    cleanups.push(registerTestSolanaWallet(wallet, page))
    const { context, events } = createTestAdapterContext([local], false)
    const adapter = solana({ window: page })(context)
    adapter.start()
    expect(adapter.getConnectors()).toEqual([])
    expect(events).toEqual([])
    await expect(adapter.connect({ connectorId: getWalletConnectorId(wallet.name) })).rejects.toThrow(
      'This wallet is not available in this browser.',
    )
  })
})

describe('external wallets (the site provides the Wallet Standard wallet)', () => {
  it('lists it as an EXTERNAL connector, first, and connects and signs through it', async () => {
    const { wallet, addresses } = await createTestSolanaWallet({
      rpcUrl: validator.url,
      name: 'Example Hardware',
    })
    const { adapter, connectorId: announcedId } = await setup({
      adapter: { externalWallets: [wallet, { name: 'not a wallet' } as never] },
    })
    const externalId = getWalletConnectorId('Example Hardware')
    expect(adapter.getConnectors().map((connector) => [connector.id, connector.type])).toEqual([
      [externalId, 'EXTERNAL'],
      [announcedId, 'ANNOUNCED'],
    ])
    const result = await adapter.connect({ connectorId: externalId })
    expect(result.address).toBe(addresses[0])
    const signature = await adapter.signMessage({
      connectorId: externalId,
      address: result.address,
      message: 'hi',
    })
    expect(
      await verifySignature(
        await getPublicKeyFromAddress(toAddress(result.address)),
        getBase58Encoder().encode(signature) as SignatureBytes,
        getUtf8Encoder().encode('hi'),
      ),
    ).toBe(true)
  })
})

describe('connect', () => {
  it('connects through standard:connect and answers the account and the first network', async () => {
    const { adapter, testWallet, connectorId } = await setup()
    const result = await adapter.connect({ connectorId })
    expect(result).toEqual({
      address: testWallet.addresses[0],
      accounts: [testWallet.addresses[0]],
      chainId: local.id,
    })
    expect(testWallet.requests()).toEqual([{ feature: 'standard:connect', input: undefined }])
    expect(testWallet.getState().connected).toBe(true)
  })

  it('answers the network asked for when the account supports it', async () => {
    const { adapter, connectorId } = await setup()
    expect((await adapter.connect({ connectorId, network: solanaDevnet })).chainId).toBe(solanaDevnet.id)
  })

  it('answers a configured network the account supports when it does not support the one asked for', async () => {
    const { adapter, connectorId } = await setup({ networks: [solanaMainnet, local] })
    expect((await adapter.connect({ connectorId, network: solanaMainnet })).chainId).toBe(local.id)
  })

  it('rejects with UserRejectedRequestError when the visitor declines', async () => {
    const { adapter, connectorId } = await setup({ wallet: { mode: 'reject' } })
    const error = await adapter.connect({ connectorId }).catch((e) => e)
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(error.code).toBe(4001)
  })

  it('rejects with ProviderRequestError when the wallet fails for another reason', async () => {
    const { adapter, connectorId } = await setup({ wallet: { mode: 'fail' } })
    const error = await adapter.connect({ connectorId }).catch((e) => e)
    expect(error).toBeInstanceOf(ProviderRequestError)
    expect(error).not.toBeInstanceOf(UserRejectedRequestError)
    expect(error.details).toContain('Internal error in the test wallet.')
  })

  it('gives up with ProviderTimeoutError when the wallet never answers', async () => {
    const { adapter, connectorId } = await setup({
      wallet: { mode: 'hang' },
      adapter: { promptTimeoutMs: 100 },
    })
    const started = Date.now()
    const error = await adapter.connect({ connectorId }).catch((e) => e)
    expect(error).toBeInstanceOf(ProviderTimeoutError)
    expect(Date.now() - started).toBeLessThan(2_000)
  })

  it('fails with ConnectorNotFoundError for a wallet that is not in the page', async () => {
    const { adapter } = await setup()
    await expect(adapter.connect({ connectorId: 'wallet-standard:Nobody' })).rejects.toThrow(
      'This wallet is not available in this browser.',
    )
  })
})

describe('reconnect', () => {
  it('reconnects silently to a wallet that trusts the site', async () => {
    const { adapter, testWallet, connectorId } = await setup({ wallet: { connected: true, accountIndex: 2 } })
    const result = await adapter.reconnect({ connectorId, timeoutMs: 1_000 })
    expect(result).toEqual({
      address: testWallet.addresses[2],
      accounts: [testWallet.addresses[2]],
      chainId: local.id,
    })
    expect(testWallet.requests()).toEqual([{ feature: 'standard:connect', input: { silent: true } }])
  })

  it('resolves undefined without prompting when the wallet no longer trusts the site', async () => {
    const { adapter, testWallet, connectorId } = await setup()
    expect(await adapter.reconnect({ connectorId, timeoutMs: 1_000 })).toBeUndefined()
    expect(testWallet.getState().connected).toBe(false)
  })

  it('resolves undefined when the wallet answers the silent connect with a refusal', async () => {
    const { adapter, testWallet, connectorId } = await setup({ wallet: { connected: true } })
    const connect = testWallet.wallet.features['standard:connect']
    const original = connect.connect
    ;(connect as { connect: typeof original }).connect = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    cleanups.push(() => {
      ;(connect as { connect: typeof original }).connect = original
    })
    expect(await adapter.reconnect({ connectorId, timeoutMs: 1_000 })).toBeUndefined()
  })

  it('waits for a wallet that registers after the app starts', async () => {
    const { adapter, testWallet, connectorId, register } = await setup({
      wallet: { connected: true },
      registerLater: true,
    })
    setTimeout(register, 30)
    const result = await adapter.reconnect({ connectorId, timeoutMs: 2_000 })
    expect(result?.address).toBe(testWallet.addresses[0])
  })

  it('resolves undefined when the wallet does not appear within timeoutMs', async () => {
    const { adapter, connectorId } = await setup({ registerLater: true })
    expect(await adapter.reconnect({ connectorId, timeoutMs: 50 })).toBeUndefined()
  })

  it('restores a wallet whose silent connect answers late, within the bound', async () => {
    const { adapter, testWallet, connectorId } = await setup({ wallet: { connected: true } })
    const connect = testWallet.wallet.features['standard:connect']
    const original = connect.connect
    // A locked wallet: it answers once the visitor unlocks it, 5 s later.
    ;(connect as { connect: typeof original }).connect = (input) =>
      new Promise((resolve, reject) => setTimeout(() => original(input).then(resolve, reject), 5_000))
    cleanups.push(() => {
      ;(connect as { connect: typeof original }).connect = original
    })
    vi.useFakeTimers()
    try {
      let result: unknown
      void adapter.reconnect({ connectorId, timeoutMs: 10_000 }).then((value) => {
        result = value
      })
      await vi.advanceTimersByTimeAsync(4_999)
      expect(result).toBeUndefined()
      await vi.advanceTimersByTimeAsync(1)
      expect(result).toMatchObject({ address: testWallet.addresses[0] })
    } finally {
      vi.useRealTimers()
    }
  })

  it('a cancelled reconnect does not follow the wallet when it answers', async () => {
    const { adapter, testWallet, connectorId, events } = await setup({ wallet: { connected: true } })
    const controller = new AbortController()
    controller.abort()
    await expect(
      adapter.reconnect({ connectorId, timeoutMs: 1_000, signal: controller.signal }),
    ).rejects.toThrow()
    const before = events.length
    testWallet.setAccount(1)
    expect(events.slice(before).filter((event) => event.type !== 'connectors')).toEqual([])
  })

  it('gives up with ProviderTimeoutError when a silent connect never answers', async () => {
    const { adapter, testWallet, connectorId } = await setup({ wallet: { connected: true } })
    const connect = testWallet.wallet.features['standard:connect']
    const original = connect.connect
    // A wallet whose silent connect hangs: the modal must not wait past its own time limit.
    ;(connect as { connect: typeof original }).connect = () => new Promise(() => {})
    cleanups.push(() => {
      ;(connect as { connect: typeof original }).connect = original
    })
    await expect(adapter.reconnect({ connectorId, timeoutMs: 80 })).rejects.toBeInstanceOf(
      ProviderTimeoutError,
    )
  })
})

describe('events and disconnect', () => {
  it('reports an account switched in the wallet as accountsChanged', async () => {
    const { adapter, testWallet, connectorId, events } = await setup()
    await adapter.connect({ connectorId })
    testWallet.setAccount(1)
    expect(events.at(-1)).toEqual({
      type: 'accountsChanged',
      connectorId,
      accounts: [testWallet.addresses[1]],
    })
  })

  it('does not report a change event that leaves the accounts as they were', async () => {
    const { adapter, testWallet, connectorId, events } = await setup()
    await adapter.connect({ connectorId })
    const before = events.length
    testWallet.setChains(['solana:localnet', 'solana:devnet', 'solana:testnet'])
    expect(events).toHaveLength(before)
  })

  it('reports a disconnect made in the wallet and stops listening to it', async () => {
    const { adapter, testWallet, connectorId, events } = await setup()
    await adapter.connect({ connectorId })
    testWallet.disconnectFromWallet()
    expect(events.at(-1)).toEqual({ type: 'disconnect', connectorId })
    const count = events.length
    await testWallet.wallet.features['standard:connect'].connect()
    testWallet.setAccount(3)
    expect(events).toHaveLength(count)
    await expect(
      adapter.signMessage({ connectorId, address: testWallet.addresses[3]!, message: 'hi' }),
    ).rejects.toBeInstanceOf(NotConnectedError)
  })

  it('disconnects through standard:disconnect and reports nothing back to core', async () => {
    const { adapter, testWallet, connectorId, events } = await setup()
    await adapter.connect({ connectorId })
    const count = events.length
    await adapter.disconnect({ connectorId })
    expect(testWallet.requests().map((request) => request.feature)).toEqual([
      'standard:connect',
      'standard:disconnect',
    ])
    expect(testWallet.getState().connected).toBe(false)
    expect(events).toHaveLength(count)
  })

  it('forgets the connection even when standard:disconnect never answers', async () => {
    const { adapter, testWallet, connectorId } = await setup({ adapter: { disconnectTimeoutMs: 50 } })
    await adapter.connect({ connectorId })
    const feature = testWallet.wallet.features['standard:disconnect']
    const original = feature.disconnect
    ;(feature as { disconnect: typeof original }).disconnect = () => new Promise(() => {})
    cleanups.push(() => {
      ;(feature as { disconnect: typeof original }).disconnect = original
    })
    await adapter.disconnect({ connectorId })
    await expect(
      adapter.signMessage({ connectorId, address: testWallet.addresses[0]!, message: 'hi' }),
    ).rejects.toBeInstanceOf(NotConnectedError)
  })
})

describe('switchNetwork', () => {
  it('switches locally to a cluster the account supports and reports chainChanged', async () => {
    const { adapter, testWallet, connectorId, events } = await setup()
    await adapter.connect({ connectorId })
    await adapter.switchNetwork({ connectorId, network: solanaDevnet })
    expect(events.at(-1)).toEqual({ type: 'chainChanged', connectorId, chainId: solanaDevnet.id })
    // No request reaches the wallet: Solana wallets have no switch call.
    expect(testWallet.requests()).toHaveLength(1)
  })

  it('refuses a cluster the account does not support with a clear error', async () => {
    const { adapter, connectorId, events } = await setup()
    await adapter.connect({ connectorId })
    const count = events.length
    const error = await adapter.switchNetwork({ connectorId, network: solanaMainnet }).catch((e) => e)
    expect(error).toBeInstanceOf(SolanaChainNotSupportedError)
    expect(error).toBeInstanceOf(UnrecognizedChainError)
    expect(error.details).toContain('not solana:mainnet')
    expect(events).toHaveLength(count)
  })

  it('needs a connection', async () => {
    const { adapter, connectorId } = await setup()
    await expect(adapter.switchNetwork({ connectorId, network: solanaDevnet })).rejects.toBeInstanceOf(
      NotConnectedError,
    )
  })
})

describe('signMessage', () => {
  it('returns the base58 ed25519 signature of the UTF-8 message by the account', async () => {
    const { adapter, testWallet, connectorId } = await setup()
    const { address } = await adapter.connect({ connectorId })
    const message = 'Sign in to shop.example — nonce 8f3kQ'
    const signature = await adapter.signMessage({ connectorId, address, message })
    const bytes = getBase58Encoder().encode(signature)
    expect(bytes).toHaveLength(64)
    const publicKey = await getPublicKeyFromAddress(toAddress(address))
    const encoded = getUtf8Encoder().encode(message)
    expect(await verifySignature(publicKey, bytes as SignatureBytes, encoded)).toBe(true)
    expect(
      await verifySignature(publicKey, bytes as SignatureBytes, getUtf8Encoder().encode(`${message}!`)),
    ).toBe(false)
    const [request] = testWallet.requests().filter((entry) => entry.feature === 'solana:signMessage')
    expect(((request?.input ?? []) as { message: Uint8Array }[])[0]?.message).toEqual(new Uint8Array(encoded))
  })

  it('rejects with UserRejectedRequestError when the visitor declines', async () => {
    const { adapter, testWallet, connectorId } = await setup()
    const { address } = await adapter.connect({ connectorId })
    testWallet.setMode('reject')
    await expect(adapter.signMessage({ connectorId, address, message: 'hello' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
  })

  it('gives up with ProviderTimeoutError when the wallet never answers', async () => {
    const { adapter, testWallet, connectorId } = await setup({ adapter: { promptTimeoutMs: 100 } })
    const { address } = await adapter.connect({ connectorId })
    testWallet.setMode('hang')
    await expect(adapter.signMessage({ connectorId, address, message: 'hello' })).rejects.toBeInstanceOf(
      ProviderTimeoutError,
    )
  })

  it('refuses an address the wallet does not expose', async () => {
    const { adapter, testWallet, connectorId } = await setup()
    await adapter.connect({ connectorId })
    const error = await adapter
      .signMessage({ connectorId, address: testWallet.addresses[1]!, message: 'hello' })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ProviderRequestError)
    expect(error.shortMessage).toBe('The wallet no longer exposes this account.')
  })

  it('refuses a signature that is not 64 bytes', async () => {
    const { adapter, testWallet, connectorId } = await setup()
    const { address } = await adapter.connect({ connectorId })
    const feature = testWallet.wallet.features['solana:signMessage']
    const original = feature.signMessage
    const truncated: typeof original = async (...inputs) =>
      (await original(...inputs)).map((output) => ({ ...output, signature: output.signature.slice(0, 32) }))
    ;(feature as { signMessage: unknown }).signMessage = truncated
    cleanups.push(() => {
      ;(feature as { signMessage: unknown }).signMessage = original
    })
    await expect(adapter.signMessage({ connectorId, address, message: 'hello' })).rejects.toBeInstanceOf(
      InvalidResponseError,
    )
  })
})

describe('getBalance', () => {
  it('reads the SOL balance from the network RPC', async () => {
    const { adapter, testWallet } = await setup()
    const owner = testWallet.addresses[9]!
    const before = await adapter.getBalance({ address: owner, network: local })
    await validator.airdrop(owner, 1_234_567n)
    expect(await adapter.getBalance({ address: owner, network: local })).toEqual({
      value: before.value + 1_234_567n,
      decimals: 9,
      symbol: 'SOL',
    })
  })

  it('refuses an address that is not base58 of 32 bytes', async () => {
    const { adapter } = await setup()
    await expect(adapter.getBalance({ address: '0xabc', network: local })).rejects.toBeInstanceOf(
      ProviderRequestError,
    )
  })

  it('fails with ProviderRequestError when the RPC is unreachable', async () => {
    const { adapter, testWallet } = await setup()
    const offline = defineSolanaNetwork({ id: 'offline', name: 'Offline', rpcUrl: 'http://127.0.0.1:1' })
    const error = await adapter
      .getBalance({ address: testWallet.addresses[0]!, network: offline })
      .catch((e) => e)
    expect(error).toBeInstanceOf(ProviderRequestError)
    expect(error.details).toContain('getBalance on solana:offline')
  })
})
