import { InvalidResponseError, UserRejectedRequestError } from '@portico/core/adapter-kit'
import { bip122Verifier } from '@portico/siwx/bip122'
import { createTestAdapterContext } from '@portico/test'
import { bitcoinRpc } from '@portico/test/bitcoin'
import {
  createTestBitcoinStandardWallet,
  createTestBitcoinWallet,
  createTestPhantomBitcoinWallet,
  createTestUnisatWallet,
} from '@portico/test/bitcoin/wallet'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type BitcoinAdapterOptions, bitcoin } from './bitcoin.js'
import { defineBitcoinNetwork } from './networks.js'
import {
  type PorticoBitcoinServer,
  startPorticoBitcoinServer,
} from './testing/porticoBitcoinServer.testkit.js'

const regtest = defineBitcoinNetwork({ name: 'Regtest' })
const verifier = bip122Verifier()
const verify = (address: string, message: string, signature: string) =>
  verifier.verify({
    data: { accountAddress: address, chainId: regtest.caipNetworkId } as never,
    message,
    signature,
  })
const message = 'portico.example wants you to sign in with your Bitcoin account'

const cleanups: (() => void)[] = []
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup()
})

function start(page: EventTarget, options: BitcoinAdapterOptions = {}) {
  const { context, events, warnings } = createTestAdapterContext([regtest])
  const adapter = bitcoin({ window: page, promptTimeoutMs: 200, ...options })(context)
  adapter.start()
  cleanups.push(() => adapter.destroy())
  return { adapter, events, warnings }
}

describe('discovery', () => {
  it('lists each injected wallet where it puts its API, under its name and a picture of its own', () => {
    const page = new EventTarget()
    cleanups.push(
      createTestUnisatWallet().install(page, 'unisat'),
      createTestUnisatWallet().install(page, 'okx'),
      createTestUnisatWallet().install(page, 'bitget'),
      createTestPhantomBitcoinWallet().install(page),
    )
    const { adapter } = start(page)
    expect(
      adapter.getConnectors().map(({ id, name, type, namespace }) => ({ id, name, type, namespace })),
    ).toEqual([
      { id: 'injected:unisat', name: 'UniSat Wallet', type: 'INJECTED', namespace: 'bip122' },
      { id: 'injected:okx', name: 'OKX Wallet', type: 'INJECTED', namespace: 'bip122' },
      { id: 'injected:bitget', name: 'Bitget Wallet', type: 'INJECTED', namespace: 'bip122' },
      { id: 'injected:phantom', name: 'Phantom', type: 'INJECTED', namespace: 'bip122' },
    ])
    for (const connector of adapter.getConnectors())
      expect(connector.imageUrl).toMatch(/^data:image\/svg\+xml,/)
  })

  it('finds Bitcoin wallets of the Wallet Standard, registered before or after the app, and leaves the others', () => {
    const page = new EventTarget()
    cleanups.push(createTestBitcoinStandardWallet({ name: 'Early' }).register(page))
    const { adapter, events } = start(page)
    cleanups.push(createTestBitcoinStandardWallet({ name: 'Late' }).register(page))
    // A Solana-only wallet of the standard is not a Bitcoin one.
    const solanaOnly = {
      ...createTestBitcoinStandardWallet({ name: 'Solana Only' }).wallet,
      chains: ['solana:devnet'],
    }
    page.dispatchEvent(
      new CustomEvent('wallet-standard:register-wallet', {
        detail: ({ register }: { register: (wallet: unknown) => () => void }) =>
          cleanups.push(register(solanaOnly)),
      }),
    )
    expect(adapter.getConnectors().map((connector) => [connector.id, connector.type])).toEqual([
      ['wallet-standard:Early', 'ANNOUNCED'],
      ['wallet-standard:Late', 'ANNOUNCED'],
    ])
    expect(events.filter((event) => event.type === 'connectors').length).toBeGreaterThan(0)
  })

  it('shows a wallet that speaks several protocols once, through the Wallet Standard', () => {
    const page = new EventTarget()
    const satsConnect = createTestBitcoinWallet({ name: 'Both Ways' })
    cleanups.push(
      satsConnect.install(page),
      createTestBitcoinStandardWallet({ name: 'Both Ways' }).register(page),
    )
    const { adapter } = start(page)
    expect(adapter.getConnectors().map((connector) => connector.id)).toEqual(['wallet-standard:Both Ways'])
  })

  it('ignores an injected object that lacks the calls of its API', () => {
    const page = Object.assign(new EventTarget(), { unisat: { requestAccounts() {} } })
    expect(start(page).adapter.getConnectors()).toEqual([])
  })
})

describe('the Bitcoin Wallet Standard', () => {
  const CONNECTOR = 'wallet-standard:Standard Test Wallet'
  const setup = (options: Parameters<typeof createTestBitcoinStandardWallet>[0] = {}) => {
    const page = new EventTarget()
    const test = createTestBitcoinStandardWallet({ name: 'Standard Test Wallet', ...options })
    cleanups.push(test.register(page))
    return { test, ...start(page) }
  }

  it('connects with the purposes payment then ordinals, and signs BIP-322 from both addresses', async () => {
    const { test, adapter } = setup()
    const { payment, ordinals } = test.accounts[0]!
    expect(await adapter.connect({ connectorId: CONNECTOR })).toMatchObject({ accounts: [payment, ordinals] })
    expect(test.requests[0]).toEqual({
      feature: 'bitcoin:connect',
      input: { purposes: ['payment', 'ordinals'] },
    })
    expect(adapter.getAccounts(CONNECTOR)).toMatchObject({
      payment: {
        address: payment,
        purpose: 'payment',
        publicKey: expect.stringMatching(/^0[23][0-9a-f]{64}$/),
      },
      ordinals: { address: ordinals, purpose: 'ordinals' },
    })
    for (const address of [payment, ordinals]) {
      const signature = await adapter.signMessage({ connectorId: CONNECTOR, address, message })
      expect(await verify(address, message, signature)).toBe(true)
    }
  })

  it('waits for a stored wallet that registers after the page started, and ends the session with standard:disconnect', async () => {
    const page = new EventTarget()
    const { adapter } = start(page)
    const test = createTestBitcoinStandardWallet({ name: 'Standard Test Wallet', connected: true })
    setTimeout(() => cleanups.push(test.register(page)), 100)
    const restored = await adapter.reconnect({ connectorId: CONNECTOR, timeoutMs: 2_000 })
    expect(restored?.address).toBe(test.accounts[0]!.payment)
    await adapter.disconnect({ connectorId: CONNECTOR })
    expect(test.state().connected).toBe(false)
    expect(test.requests.at(-1)?.feature).toBe('standard:disconnect')
  })

  it('gives InvalidResponseError for a malformed answer to connect, sign and signTransaction', async () => {
    const { test, adapter } = setup()
    test.setMode('malformed')
    await expect(adapter.connect({ connectorId: CONNECTOR })).rejects.toThrow(
      'Received a malformed account list.',
    )
    test.setMode('approve')
    await adapter.connect({ connectorId: CONNECTOR })
    test.setMode('malformed')
    const error = await adapter
      .signMessage({ connectorId: CONNECTOR, address: test.accounts[0]!.payment, message })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(InvalidResponseError)
    expect((error as Error).message).toMatch(/^Received a malformed signature\./)
  })
})

describe('the Unisat-style API', () => {
  const setup = () => {
    const page = new EventTarget()
    const wallet = createTestUnisatWallet()
    cleanups.push(wallet.install(page, 'okx'))
    return { wallet, ...start(page) }
  }

  it('has one address for payment and ordinals, so there is no account type to switch to', async () => {
    const { wallet, adapter } = setup()
    const result = await adapter.connect({ connectorId: 'injected:okx' })
    expect(result.accounts).toEqual([wallet.accounts[0]])
    expect(adapter.getAccounts('injected:okx')).toMatchObject({ ordinals: undefined, active: 'payment' })
    expect(adapter.accountTypes.get('injected:okx')).toEqual([
      { type: 'payment', address: wallet.accounts[0] },
    ])
    expect(() => adapter.setActiveAccount({ connectorId: 'injected:okx', purpose: 'ordinals' })).toThrow(
      'This wallet gave no ordinals address.',
    )
  })

  it("signs with 'bip322-simple' by default and 'ecdsa' when the site asks, both verified", async () => {
    for (const messageProtocol of ['bip322', 'ecdsa'] as const) {
      const page = new EventTarget()
      const wallet = createTestUnisatWallet()
      cleanups.push(wallet.install(page))
      const { adapter } = start(page, { messageProtocol })
      await adapter.connect({ connectorId: 'injected:unisat' })
      const signature = await adapter.signMessage({
        connectorId: 'injected:unisat',
        address: wallet.accounts[0]!,
        message,
      })
      expect(await verify(wallet.accounts[0]!, message, signature)).toBe(true)
      expect(verifier.signatureType?.({ signature } as never)).toBe(
        messageProtocol === 'ecdsa' ? 'bip137' : 'bip322',
      )
      expect(wallet.requests.at(-1)).toEqual({
        method: 'signMessage',
        params: [message, messageProtocol === 'ecdsa' ? 'ecdsa' : 'bip322-simple'],
      })
    }
  })

  it('gives a clear error for a malformed answer, and passes a decline on', async () => {
    const { wallet, adapter } = setup()
    wallet.setMode('malformed')
    await expect(adapter.connect({ connectorId: 'injected:okx' })).rejects.toThrow(
      'Received a malformed account list.',
    )
    wallet.setMode('reject')
    await expect(adapter.connect({ connectorId: 'injected:okx' })).rejects.toBeInstanceOf(
      UserRejectedRequestError,
    )
    wallet.setMode('approve')
    await adapter.connect({ connectorId: 'injected:okx' })
    wallet.setMode('malformed')
    await expect(
      adapter.signMessage({ connectorId: 'injected:okx', address: wallet.accounts[0]!, message }),
    ).rejects.toThrow('Received a malformed signature.')
  })
})

describe("Phantom's bitcoin provider", () => {
  it('takes the accounts by their purpose, follows a change, and forgets the site when Phantom does', async () => {
    const page = new EventTarget()
    const wallet = createTestPhantomBitcoinWallet()
    cleanups.push(wallet.install(page))
    const { adapter, events } = start(page)
    const result = await adapter.connect({ connectorId: 'injected:phantom' })
    // Phantom lists the ordinals address first; the payment one is still the default.
    expect(result.accounts).toEqual([wallet.accounts[0]!.payment, wallet.accounts[0]!.ordinals])
    wallet.setAccount(1)
    await expect
      .poll(() => events.filter((event) => event.type === 'accountsChanged').at(-1))
      .toMatchObject({ accounts: [wallet.accounts[1]!.payment, wallet.accounts[1]!.ordinals] })
    wallet.revoke()
    await expect.poll(() => events.at(-1)).toEqual({ type: 'disconnect', connectorId: 'injected:phantom' })
    // Forgotten: a reconnect does not ask again (a request would prompt in the real wallet).
    const asked = wallet.requests.length
    expect(await adapter.reconnect({ connectorId: 'injected:phantom', timeoutMs: 500 })).toBeUndefined()
    expect(wallet.requests.length).toBe(asked)
  })

  it('gives a clear error for a malformed account list', async () => {
    const page = new EventTarget()
    const wallet = createTestPhantomBitcoinWallet({ mode: 'malformed' })
    cleanups.push(wallet.install(page))
    const { adapter } = start(page)
    await expect(adapter.connect({ connectorId: 'injected:phantom' })).rejects.toThrow(
      'Received a malformed account list.',
    )
  })
})

describe('sends through wallets that broadcast themselves', () => {
  let backend: PorticoBitcoinServer
  beforeAll(async () => {
    backend = await startPorticoBitcoinServer()
  }, 120_000)
  afterAll(() => backend?.stop())

  const broadcast = (hex: string) => bitcoinRpc<string>(backend.node.url, 'sendrawtransaction', [hex])

  it('a Wallet Standard wallet with only bitcoin:signAndSendTransaction signs and sends the PSBT; the adapter follows it to a block', async () => {
    const page = new EventTarget()
    const test = createTestBitcoinStandardWallet({ name: 'Sender', broadcast, sendOnly: true })
    cleanups.push(test.register(page))
    await backend.node.fund(test.accounts[0]!.payment, 50_000_000n)
    const { context } = createTestAdapterContext([backend.network])
    const adapter = bitcoin({ window: page, fetch: backend.fetch, confirmationPollingIntervalMs: 100 })(
      context,
    )
    adapter.start()
    cleanups.push(() => adapter.destroy())
    await adapter.connect({ connectorId: 'wallet-standard:Sender' })
    const receiver = test.accounts[1]!.payment
    const hash = await adapter.send.send({
      connectorId: 'wallet-standard:Sender',
      address: test.accounts[0]!.payment,
      to: receiver,
      amount: 25_000n,
      network: backend.network,
    })
    expect(hash).toMatch(/^[0-9a-f]{64}$/)
    expect(test.requests.at(-1)).toMatchObject({
      feature: 'bitcoin:signAndSendTransaction',
      input: [{ chain: 'bitcoin:regtest', inputsToSign: [{ signingIndexes: [0] }] }],
    })
    await backend.node.mine(1)
    expect(
      await adapter.send.waitForTransaction({ hash, network: backend.network, timeoutMs: 10_000 }),
    ).toEqual({
      status: 'success',
    })
    // The receiver's history, read once the transaction is in a block: it received the amount.
    const history = await adapter.getTransactions({ address: receiver, network: backend.network })
    expect(history.find((transaction) => transaction.txid === hash)).toMatchObject({
      confirmed: true,
      delta: 25_000n,
    })
  }, 60_000)

  it('a wallet that answers something other than a transaction id gives a clear error', async () => {
    const page = new EventTarget()
    const test = createTestBitcoinStandardWallet({
      name: 'Odd Sender',
      broadcast: async () => 'sent!',
      sendOnly: true,
    })
    cleanups.push(test.register(page))
    await backend.node.fund(test.accounts[0]!.payment, 10_000_000n)
    const { context } = createTestAdapterContext([backend.network])
    const adapter = bitcoin({ window: page, fetch: backend.fetch })(context)
    adapter.start()
    cleanups.push(() => adapter.destroy())
    await adapter.connect({ connectorId: 'wallet-standard:Odd Sender' })
    await expect(
      adapter.send.send({
        connectorId: 'wallet-standard:Odd Sender',
        address: test.accounts[0]!.payment,
        to: test.accounts[1]!.payment,
        amount: 25_000n,
        network: backend.network,
      }),
    ).rejects.toThrow('Received a malformed transaction id.')
  }, 60_000)
})
