import { signatureVerify } from '@polkadot/util-crypto'
import { polkadotVerifier } from '@portico/siwx/polkadot'
import { createTestAdapterContext } from '@portico/test'
import { afterEach, describe, expect, it } from 'vitest'
import { definePolkadotNetwork, kusama, polkadotMainnet } from './networks.js'
import { polkadot } from './polkadot.js'
import { decodeSs58, encodeSs58 } from './ss58.js'
import { createTestExtension } from './testExtension.testkit.js'

const networks = [polkadotMainnet, kusama]
const destroyers: Array<() => void> = []
afterEach(() => {
  for (const destroy of destroyers.splice(0)) destroy()
})

async function setup(options: { promptTimeoutMs?: number; networks?: typeof networks } = {}) {
  const wallet = await createTestExtension()
  const window = { injectedWeb3: { 'polkadot-js': wallet.extension } as Record<string, unknown> }
  const { context, events, warnings } = createTestAdapterContext(options.networks ?? networks)
  const adapter = polkadot({
    appName: 'Portico test',
    window,
    promptTimeoutMs: options.promptTimeoutMs ?? 1_000,
  })(context)
  adapter.start()
  destroyers.push(() => adapter.destroy())
  return { wallet, window, context, events, warnings, adapter }
}

const onPolkadot = (address: string) => encodeSs58(decodeSs58(address)!.accountId, 0)

describe('connect', () => {
  it('asks the extension with the site name and answers its accounts written for the network', async () => {
    const { adapter, wallet } = await setup()
    const result = await adapter.connect({ connectorId: 'polkadot-js', network: polkadotMainnet })
    expect(wallet.origins).toEqual(['Portico test'])
    expect(result).toEqual({
      address: onPolkadot(wallet.pairs[0]!.address),
      accounts: wallet.pairs.map((pair) => onPolkadot(pair.address)),
      chainId: polkadotMainnet.id,
    })
  })

  it('a declined request is UserRejectedRequestError, one never answered ProviderTimeoutError', async () => {
    const { adapter, wallet } = await setup({ promptTimeoutMs: 50 })
    wallet.setMode('reject')
    await expect(adapter.connect({ connectorId: 'polkadot-js' })).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
    wallet.setMode('hang')
    await expect(adapter.connect({ connectorId: 'polkadot-js' })).rejects.toMatchObject({
      name: 'ProviderTimeoutError',
    })
  })

  it('an extension that is not there is ConnectorNotFoundError', async () => {
    const { adapter } = await setup()
    await expect(adapter.connect({ connectorId: 'talisman' })).rejects.toMatchObject({
      name: 'ConnectorNotFoundError',
    })
  })

  it('leaves out Ethereum accounts and accounts limited to another chain', async () => {
    const wallet = await createTestExtension(['//Alice'], {
      extraAccounts: [
        { address: `0x${'11'.repeat(20)}`, type: 'ethereum' },
        { address: encodeSs58(new Uint8Array(32).fill(7), 42), genesisHash: `0x${'ab'.repeat(32)}` },
      ],
    })
    const { context } = createTestAdapterContext(networks)
    const adapter = polkadot({ window: { injectedWeb3: { 'polkadot-js': wallet.extension } } })(context)
    adapter.start()
    destroyers.push(() => adapter.destroy())
    const result = await adapter.connect({ connectorId: 'polkadot-js' })
    expect(result.accounts).toEqual([onPolkadot(wallet.pairs[0]!.address)])
  })
})

describe('reconnect', () => {
  it('comes back without a prompt, with the account picked last time first', async () => {
    const { adapter, wallet, context } = await setup()
    await adapter.connect({ connectorId: 'polkadot-js' })
    wallet.setAccount(1)
    await new Promise((resolve) => setTimeout(resolve, 0))
    // A new page: a new adapter on the same storage.
    const next = polkadot({ window: { injectedWeb3: { 'polkadot-js': wallet.extension } } })(context)
    next.start()
    destroyers.push(() => next.destroy())
    wallet.setMode('reject')
    const restored = await next.reconnect({ connectorId: 'polkadot-js', timeoutMs: 1_000 })
    expect(restored?.address).toBe(onPolkadot(wallet.pairs[1]!.address))
  })

  it('answers undefined once the visitor revoked the site, and rejects when the extension is silent', async () => {
    const { adapter, wallet } = await setup()
    await adapter.connect({ connectorId: 'polkadot-js' })
    wallet.hangSilently()
    await expect(adapter.reconnect({ connectorId: 'polkadot-js', timeoutMs: 50 })).rejects.toMatchObject({
      name: 'ProviderTimeoutError',
    })
    const other = await setup()
    await other.adapter.connect({ connectorId: 'polkadot-js' })
    other.wallet.revoke()
    other.wallet.setMode('reject')
    await expect(
      other.adapter.reconnect({ connectorId: 'polkadot-js', timeoutMs: 1_000 }),
    ).resolves.toBeUndefined()
  })

  it('waits for an extension that injects itself late, and gives up after the bound', async () => {
    const wallet = await createTestExtension()
    const window: { injectedWeb3: Record<string, unknown> } = { injectedWeb3: {} }
    const { context } = createTestAdapterContext(networks)
    const adapter = polkadot({ window })(context)
    adapter.start()
    destroyers.push(() => adapter.destroy())
    await expect(adapter.reconnect({ connectorId: 'talisman', timeoutMs: 30 })).resolves.toBeUndefined()
    setTimeout(() => {
      window.injectedWeb3.talisman = wallet.extension
    }, 50)
    const restored = await adapter.reconnect({ connectorId: 'talisman', timeoutMs: 2_000 })
    expect(restored?.address).toBe(onPolkadot(wallet.pairs[0]!.address))
  })
})

describe('events', () => {
  it('reports another account picked in the extension, and disconnect when access ends', async () => {
    const { adapter, wallet, events } = await setup()
    await adapter.connect({ connectorId: 'polkadot-js' })
    wallet.setAccount(1)
    expect(events.at(-1)).toEqual({
      type: 'accountsChanged',
      connectorId: 'polkadot-js',
      accounts: [onPolkadot(wallet.pairs[1]!.address), onPolkadot(wallet.pairs[0]!.address)],
    })
    wallet.revoke()
    expect(events.at(-1)).toEqual({ type: 'disconnect', connectorId: 'polkadot-js' })
  })

  it('after disconnect hears nothing more from the extension', async () => {
    const { adapter, wallet, events } = await setup()
    await adapter.connect({ connectorId: 'polkadot-js' })
    await adapter.disconnect({ connectorId: 'polkadot-js' })
    const before = events.length
    wallet.setAccount(1)
    expect(events.length).toBe(before)
  })
})

describe('selectAccount', () => {
  it('makes the picked account first, reports it, and keeps it for the next visit', async () => {
    const { adapter, wallet, events, context } = await setup()
    await adapter.connect({ connectorId: 'polkadot-js', network: polkadotMainnet })
    const bob = onPolkadot(wallet.pairs[1]!.address)
    await adapter.selectAccount({ connectorId: 'polkadot-js', address: bob })
    expect(events.at(-1)).toEqual({
      type: 'accountsChanged',
      connectorId: 'polkadot-js',
      accounts: [bob, onPolkadot(wallet.pairs[0]!.address)],
    })
    // An account added in the extension does not undo the pick made on the site.
    const next = polkadot({ window: { injectedWeb3: { 'polkadot-js': wallet.extension } } })(context)
    next.start()
    destroyers.push(() => next.destroy())
    expect((await next.reconnect({ connectorId: 'polkadot-js', timeoutMs: 1_000 }))?.address).toBe(bob)
    await expect(
      adapter.selectAccount({
        connectorId: 'polkadot-js',
        address: encodeSs58(new Uint8Array(32).fill(9), 0),
      }),
    ).rejects.toMatchObject({ name: 'ProviderRequestError' })
  })
})

describe('switchNetwork', () => {
  it('writes the accounts with the new network prefix and reports the chain', async () => {
    const { adapter, wallet, events } = await setup()
    await adapter.connect({ connectorId: 'polkadot-js', network: polkadotMainnet })
    await adapter.switchNetwork({ connectorId: 'polkadot-js', network: kusama })
    const kusamaAddress = encodeSs58(wallet.pairs[0]!.publicKey, 2)
    expect(events.slice(-2)).toEqual([
      {
        type: 'accountsChanged',
        connectorId: 'polkadot-js',
        accounts: [kusamaAddress, encodeSs58(wallet.pairs[1]!.publicKey, 2)],
      },
      { type: 'chainChanged', connectorId: 'polkadot-js', chainId: kusama.id },
    ])
    const restored = await adapter.reconnect({ connectorId: 'polkadot-js', timeoutMs: 1_000 })
    expect(restored).toMatchObject({ address: kusamaAddress, chainId: kusama.id })
  })
})

describe('signMessage', () => {
  it('signs the message wrapped in <Bytes>, which the sign-in verifier accepts', async () => {
    const { adapter, wallet } = await setup()
    const { address } = await adapter.connect({ connectorId: 'polkadot-js', network: polkadotMainnet })
    const message = 'portico.test wants you to sign in\n✓ line two'
    const signature = await adapter.signMessage({ connectorId: 'polkadot-js', address, message })
    expect(signatureVerify(message, signature, wallet.pairs[0]!.publicKey).isValid).toBe(true)
    const verifier = polkadotVerifier()
    const data = { accountAddress: address, chainId: polkadotMainnet.caipNetworkId } as never
    await expect(verifier.verify({ data, message, signature } as never)).resolves.toBe(true)
  })

  it('a declined signature is UserRejectedRequestError; an unconnected connector NotConnectedError', async () => {
    const { adapter, wallet } = await setup()
    const { address } = await adapter.connect({ connectorId: 'polkadot-js' })
    wallet.setMode('reject')
    await expect(
      adapter.signMessage({ connectorId: 'polkadot-js', address, message: 'x' }),
    ).rejects.toMatchObject({
      name: 'UserRejectedRequestError',
    })
    await adapter.disconnect({ connectorId: 'polkadot-js' })
    await expect(
      adapter.signMessage({ connectorId: 'polkadot-js', address, message: 'x' }),
    ).rejects.toMatchObject({
      name: 'NotConnectedError',
    })
  })
})

describe('send.isAddress and explorer links', () => {
  it('takes SS58 addresses and Subscan links', async () => {
    const { adapter, wallet } = await setup()
    const address = onPolkadot(wallet.pairs[0]!.address)
    expect(adapter.send.isAddress(address)).toBe(true)
    expect(adapter.send.isAddress(`${address.slice(0, -1)}x`)).toBe(false)
    expect(adapter.send.isAddress(`0x${'11'.repeat(20)}`)).toBe(false)
    expect(adapter.getAddressExplorerUrl?.({ address, network: polkadotMainnet })).toBe(
      `https://polkadot.subscan.io/account/${address}`,
    )
    expect(adapter.getTransactionExplorerUrl?.({ hash: `0x${'ab'.repeat(32)}`, network: kusama })).toBe(
      `https://kusama.subscan.io/extrinsic/0x${'ab'.repeat(32)}`,
    )
    const local = definePolkadotNetwork({
      id: `0x${'45'.repeat(32)}`,
      name: 'Local',
      rpcUrl: 'ws://127.0.0.1:9944',
      ss58Prefix: 42,
      token: { symbol: 'ROC', decimals: 12 },
    })
    expect(adapter.getAddressExplorerUrl?.({ address, network: local })).toBeUndefined()
  })
})
