import type { CaipNetworkId } from '@portico/core'
import { ProviderTimeoutError, UserRejectedRequestError } from '@portico/core/adapter-kit'
import { bip122Verifier } from '@portico/siwx/bip122'
import { createTestAdapterContext } from '@portico/test'
import { createTestBitcoinWallet, type TestBitcoinWallet } from '@portico/test/bitcoin/wallet'
import { afterEach, describe, expect, it } from 'vitest'
import { type BitcoinAdapterOptions, bitcoin } from './bitcoin.js'
import { BitcoinAddressNetworkError, BitcoinSendValidationError } from './errors.js'
import { bitcoinMainnet, defineBitcoinNetwork } from './networks.js'

const regtest = defineBitcoinNetwork({ name: 'Regtest' })
const CONNECTOR = 'wbip004:PorticoDevWallet.BitcoinProvider'
const verifier = bip122Verifier()
const verify = (
  address: string,
  message: string,
  signature: string,
  chainId: CaipNetworkId = regtest.caipNetworkId,
) => verifier.verify({ data: { accountAddress: address, chainId } as never, message, signature })

let cleanup: (() => void) | undefined
afterEach(() => cleanup?.())

function setup(
  walletOptions: Parameters<typeof createTestBitcoinWallet>[0] = {},
  options: BitcoinAdapterOptions = {},
) {
  const page = {}
  const wallet: TestBitcoinWallet = createTestBitcoinWallet(walletOptions)
  const uninstall = wallet.install(page)
  const { context, events, warnings } = createTestAdapterContext([regtest, bitcoinMainnet])
  const adapter = bitcoin({ window: page, promptTimeoutMs: 200, ...options })(context)
  adapter.start()
  cleanup = () => {
    adapter.destroy()
    uninstall()
  }
  return { wallet, adapter, events, warnings, page }
}

describe('discovery', () => {
  it('lists each btc_providers wallet under the name it announces, in the bip122 namespace', () => {
    const { adapter } = setup()
    expect(adapter.getConnectors()).toEqual([
      expect.objectContaining({
        id: CONNECTOR,
        name: 'Portico Dev Wallet',
        type: 'INJECTED',
        namespace: 'bip122',
        installed: true,
        imageUrl: expect.stringMatching(/^data:image\//),
      }),
    ])
  })

  it('drops malformed entries and entries whose id names no provider', () => {
    const page = { btc_providers: [{ id: 'Nowhere.Provider', name: 'Ghost' }, { name: 'No id' }, 42] }
    const { context, warnings } = createTestAdapterContext([regtest])
    const adapter = bitcoin({ window: page })(context)
    adapter.start()
    expect(adapter.getConnectors()).toEqual([])
    expect(warnings.length).toBeGreaterThan(0)
  })
})

describe('connect', () => {
  it('answers the payment address first, then the ordinals one, on the network the addresses are of', async () => {
    const { adapter, wallet } = setup()
    const result = await adapter.connect({ connectorId: CONNECTOR })
    expect(result).toEqual({
      address: wallet.accounts[0]!.payment,
      accounts: [wallet.accounts[0]!.payment, wallet.accounts[0]!.ordinals],
      chainId: regtest.id,
    })
    expect(result.address).toMatch(/^bcrt1q/)
    expect(result.accounts[1]).toMatch(/^bcrt1p/)
    expect(wallet.requests[0]).toEqual({
      method: 'getAccounts',
      params: { purposes: ['payment', 'ordinals'] },
    })
  })

  it('reports a decline as UserRejectedRequestError and a wallet that never answers as ProviderTimeoutError', async () => {
    const { adapter, wallet } = setup()
    wallet.setMode('reject')
    await expect(adapter.connect({ connectorId: CONNECTOR })).rejects.toBeInstanceOf(UserRejectedRequestError)
    wallet.setMode('hang')
    await expect(adapter.connect({ connectorId: CONNECTOR })).rejects.toBeInstanceOf(ProviderTimeoutError)
  })
})

describe('reconnect', () => {
  it('restores the accounts without a prompt, and answers undefined once the wallet forgot the site', async () => {
    const { adapter, wallet } = setup({ connected: true })
    const restored = await adapter.reconnect({ connectorId: CONNECTOR, timeoutMs: 500 })
    expect(restored?.address).toBe(wallet.accounts[0]!.payment)
    expect(wallet.requests.map((request) => request.method)).toEqual(['getAddresses'])
    wallet.revoke()
    expect(await adapter.reconnect({ connectorId: CONNECTOR, timeoutMs: 500 })).toBeUndefined()
  })

  it('rejects when the wallet does not answer in time or the visitor picks another wallet', async () => {
    const { adapter, wallet } = setup({ connected: true })
    wallet.hangSilently()
    await expect(adapter.reconnect({ connectorId: CONNECTOR, timeoutMs: 50 })).rejects.toBeInstanceOf(
      ProviderTimeoutError,
    )
    const controller = new AbortController()
    const pending = adapter.reconnect({ connectorId: CONNECTOR, timeoutMs: 5_000, signal: controller.signal })
    controller.abort(new Error('picked another wallet'))
    await expect(pending).rejects.toThrow('picked another wallet')
  })

  it('waits for a wallet that puts itself in btc_providers after the page started', async () => {
    const page: Record<string, unknown> = {}
    const { context } = createTestAdapterContext([regtest])
    const adapter = bitcoin({ window: page })(context)
    adapter.start()
    const wallet = createTestBitcoinWallet({ connected: true })
    setTimeout(() => wallet.install(page), 150)
    const restored = await adapter.reconnect({ connectorId: CONNECTOR, timeoutMs: 2_000 })
    expect(restored?.address).toBe(wallet.accounts[0]!.payment)
    adapter.destroy()
  })
})

describe('accounts', () => {
  it('makes the ordinals address active and back, reported as accountsChanged with the active one first', async () => {
    const { adapter, wallet, events } = setup()
    await adapter.connect({ connectorId: CONNECTOR })
    const { payment, ordinals } = wallet.accounts[0]!
    adapter.setActiveAccount({ connectorId: CONNECTOR, purpose: 'ordinals' })
    expect(adapter.getAccounts(CONNECTOR)?.active).toBe('ordinals')
    expect(adapter.accountTypes.get(CONNECTOR)).toEqual([
      { type: 'payment', address: payment },
      { type: 'ordinal', address: ordinals },
    ])
    adapter.accountTypes.set({ connectorId: CONNECTOR, type: 'payment' })
    expect(events.filter((event) => event.type === 'accountsChanged')).toEqual([
      { type: 'accountsChanged', connectorId: CONNECTOR, accounts: [ordinals, payment] },
      { type: 'accountsChanged', connectorId: CONNECTOR, accounts: [payment, ordinals] },
    ])
  })

  it('follows an account picked in the wallet, and reports disconnect when the wallet forgets the site', async () => {
    const { adapter, wallet, events } = setup()
    await adapter.connect({ connectorId: CONNECTOR })
    wallet.setAccount(1)
    await expect
      .poll(() => events.filter((event) => event.type === 'accountsChanged'))
      .toEqual([
        {
          type: 'accountsChanged',
          connectorId: CONNECTOR,
          accounts: [wallet.accounts[1]!.payment, wallet.accounts[1]!.ordinals],
        },
      ])
    wallet.revoke()
    await expect.poll(() => events.at(-1)).toEqual({ type: 'disconnect', connectorId: CONNECTOR })
  })
})

describe('signMessage', () => {
  const message = 'portico.example wants you to sign in with your Bitcoin account'

  it('signs with BIP-322 by default, from the payment (P2WPKH) and the ordinals (P2TR) address', async () => {
    const { adapter, wallet } = setup()
    await adapter.connect({ connectorId: CONNECTOR })
    const { payment, ordinals } = wallet.accounts[0]!
    const segwit = await adapter.signMessage({ connectorId: CONNECTOR, address: payment, message })
    const taproot = await adapter.signMessage({ connectorId: CONNECTOR, address: ordinals, message })
    expect(await verify(payment, message, segwit)).toBe(true)
    expect(await verify(ordinals, message, taproot)).toBe(true)
    expect(verifier.signatureType?.({ signature: segwit } as never)).toBe('bip322')
    expect(await verify(payment, `${message}!`, segwit)).toBe(false)
  })

  it('signs a legacy ECDSA message (BIP-137) when the site asks for it', async () => {
    const { adapter, wallet } = setup({}, { messageProtocol: 'ecdsa' })
    await adapter.connect({ connectorId: CONNECTOR })
    const { payment } = wallet.accounts[0]!
    const signature = await adapter.signMessage({ connectorId: CONNECTOR, address: payment, message })
    expect(verifier.signatureType?.({ signature } as never)).toBe('bip137')
    expect(await verify(payment, message, signature)).toBe(true)
    expect(wallet.requests.at(-1)?.params).toMatchObject({ protocol: 'ECDSA' })
  })

  it('refuses an address the connection does not have, and passes a decline on', async () => {
    const { adapter, wallet } = setup()
    await adapter.connect({ connectorId: CONNECTOR })
    await expect(
      adapter.signMessage({ connectorId: CONNECTOR, address: wallet.accounts[1]!.payment, message }),
    ).rejects.toThrow('The wallet no longer exposes this account.')
    wallet.setMode('reject')
    await expect(
      adapter.signMessage({ connectorId: CONNECTOR, address: wallet.accounts[0]!.payment, message }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })
})

describe('send checks before anything is loaded or asked', () => {
  it('refuses a testnet address on mainnet by the name of its chain', async () => {
    const { adapter } = setup()
    const error = await adapter.send
      .estimateFee({
        address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4',
        to: 'tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7',
        amount: 10_000n,
        network: bitcoinMainnet,
      })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BitcoinAddressNetworkError)
    expect((error as Error).message).toBe(
      'This is a Bitcoin testnet address; this send is on Bitcoin mainnet.',
    )
  })

  it('never spends from the ordinals address, and sends no tokens', async () => {
    const { adapter, wallet } = setup()
    await adapter.connect({ connectorId: CONNECTOR })
    adapter.setActiveAccount({ connectorId: CONNECTOR, purpose: 'ordinals' })
    const parameters = {
      connectorId: CONNECTOR,
      address: wallet.accounts[0]!.ordinals,
      to: wallet.accounts[1]!.payment,
      amount: 10_000n,
      network: regtest,
    }
    await expect(adapter.send.send(parameters)).rejects.toMatchObject({ problem: 'ordinalsSender' })
    await expect(adapter.send.estimateFee(parameters)).rejects.toMatchObject({ problem: 'ordinalsSender' })
    await expect(
      adapter.send.send({ ...parameters, address: wallet.accounts[0]!.payment, token: 'rune' }),
    ).rejects.toBeInstanceOf(BitcoinSendValidationError)
    expect(wallet.requests.map((request) => request.method)).toEqual(['getAccounts'])
  })

  it('accepts Bitcoin addresses of every chain as addresses, and nothing else', () => {
    const { adapter } = setup()
    expect(adapter.send.isAddress('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(true)
    expect(adapter.send.isAddress('bcrt1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(false)
    expect(adapter.send.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  })
})
