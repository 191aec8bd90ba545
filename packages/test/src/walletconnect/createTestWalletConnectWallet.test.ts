import type { JsonRpcRecord, SessionTypes } from '@walletconnect/types'
import { createPublicClient, http, parseEther, toHex, verifyMessage, verifyTypedData } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ADDRESSES, ANVIL_PRIVATE_KEYS } from '../accounts.js'
import { type AnvilInstance, startAnvil } from '../anvil.js'
import { createTestDappSignClient } from './createTestDappSignClient.js'
import {
  closeSignClient,
  createTestWalletConnectWallet,
  SessionUpdateTimeoutError,
  type TestWalletConnectWallet,
  type WalletConnectSignClient,
} from './createTestWalletConnectWallet.js'
import { startWalletConnectRelay, type WalletConnectRelay } from './startWalletConnectRelay.js'

const CHAIN_ID = 31_471
const OTHER_CHAIN_ID = 31_472
const CHAIN = `eip155:${CHAIN_ID}`
// The relay tag of a wc_sessionUpdate request (ENGINE_RPC_OPTS of sign-client 2.21.8).
const SESSION_UPDATE_REQUEST_TAG = 1104
const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]!)

const eip155Request = (chains: string[]) => ({
  optionalNamespaces: {
    eip155: {
      chains,
      methods: ['personal_sign', 'eth_signTypedData_v4', 'eth_sendTransaction', 'wallet_switchEthereumChain'],
      events: ['accountsChanged', 'chainChanged'],
    },
  },
})

describe('createTestWalletConnectWallet', () => {
  let relay: WalletConnectRelay
  let anvil: AnvilInstance
  let other: AnvilInstance
  let wallet: TestWalletConnectWallet
  let dapp: WalletConnectSignClient

  beforeAll(async () => {
    ;[relay, anvil, other] = await Promise.all([
      startWalletConnectRelay(),
      startAnvil({ chainId: CHAIN_ID }),
      startAnvil({ chainId: OTHER_CHAIN_ID }),
    ])
  })
  afterAll(async () => {
    await Promise.all([relay.close(), anvil.stop(), other.stop()])
  })

  async function start(rpcUrls: Record<number, string> = { [CHAIN_ID]: anvil.rpcUrl }) {
    wallet = await createTestWalletConnectWallet({ relayUrl: relay.url, account, rpcUrls })
    dapp = await createTestDappSignClient(relay.url)
  }
  afterEach(async () => {
    await closeSignClient(dapp)
    await wallet.close()
  })

  async function connect(chains = [CHAIN]) {
    const { uri, approval } = await dapp.connect(eip155Request(chains))
    if (!uri) throw new Error('connect() gave no pairing URI.')
    await wallet.pair(uri)
    return approval()
  }

  it('approves a session with its account on every requested chain it has an RPC URL for', async () => {
    await start()
    const session = await connect([CHAIN, 'eip155:1'])
    expect(session.namespaces.eip155?.accounts).toEqual([`${CHAIN}:${account.address}`])
    expect(session.peer.metadata.name).toBe('Portico Test Wallet')
    expect(wallet.sessions().map((s) => s.topic)).toEqual([session.topic])
  })

  it('signs personal_sign so that viem verifies it against the account', async () => {
    await start()
    const { topic } = await connect()
    const message = 'Sign in to Portico'
    const signature = (await dapp.request({
      topic,
      chainId: CHAIN,
      request: { method: 'personal_sign', params: [toHex(message), account.address] },
    })) as `0x${string}`
    expect(await verifyMessage({ address: account.address, message, signature })).toBe(true)
    expect(wallet.requests()).toMatchObject([{ method: 'personal_sign', chainId: CHAIN, topic }])
  })

  it('signs eth_signTypedData_v4 over the typed data it was sent', async () => {
    await start()
    const { topic } = await connect()
    const typedData = {
      domain: { name: 'Portico', version: '1', chainId: CHAIN_ID },
      types: {
        EIP712Domain: [
          { name: 'name', type: 'string' },
          { name: 'version', type: 'string' },
          { name: 'chainId', type: 'uint256' },
        ],
        Greeting: [{ name: 'text', type: 'string' }],
      },
      primaryType: 'Greeting',
      message: { text: 'hello' },
    } as const
    const signature = (await dapp.request({
      topic,
      chainId: CHAIN,
      request: { method: 'eth_signTypedData_v4', params: [account.address, JSON.stringify(typedData)] },
    })) as `0x${string}`
    const { EIP712Domain: _, ...types } = typedData.types
    expect(await verifyTypedData({ ...typedData, types, address: account.address, signature })).toBe(true)
  })

  it('sends eth_sendTransaction to anvil and returns the hash of a mined transfer', async () => {
    await start()
    const { topic } = await connect()
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const recipient = ANVIL_ADDRESSES[3]!
    const before = await client.getBalance({ address: recipient })
    const hash = (await dapp.request({
      topic,
      chainId: CHAIN,
      request: {
        method: 'eth_sendTransaction',
        params: [{ from: account.address, to: recipient, value: toHex(parseEther('1.5')) }],
      },
    })) as `0x${string}`
    const receipt = await client.waitForTransactionReceipt({ hash })
    expect(receipt.from.toLowerCase()).toBe(account.address.toLowerCase())
    expect(await client.getBalance({ address: recipient })).toBe(before + parseEther('1.5'))
  })

  it('rejects a proposal when set to reject, and the dapp learns it', async () => {
    await start()
    wallet.setMode('reject')
    await expect(connect()).rejects.toMatchObject({ code: 5000 })
    expect(wallet.sessions()).toEqual([])
  })

  it('answers a request with 4001 when set to reject requests', async () => {
    await start()
    const { topic } = await connect()
    wallet.setRequestMode('reject')
    await expect(
      dapp.request({
        topic,
        chainId: CHAIN,
        request: { method: 'personal_sign', params: ['0x68', account.address] },
      }),
    ).rejects.toMatchObject({ code: 4001 })
  })

  it('leaves an ignored proposal unanswered', async () => {
    await start()
    wallet.setMode('ignore')
    const { uri, approval } = await dapp.connect(eip155Request([CHAIN]))
    await wallet.pair(uri!)
    const settled = approval().then(
      () => 'approved',
      () => 'rejected',
    )
    const deadline = Date.now() + 5000
    while (wallet.proposals().length === 0 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 20))
    expect(wallet.proposals()).toHaveLength(1)
    const outcome = await Promise.race([settled, new Promise((r) => setTimeout(() => r('pending'), 1500))])
    expect(outcome).toBe('pending')
    expect(wallet.sessions()).toEqual([])
  })

  it('refuses to pair with a URI whose expiry has passed', async () => {
    await start()
    const { uri } = await dapp.connect(eip155Request([CHAIN]))
    // sign-client 2.21.8 fixes a pairing's life at 5 minutes: an expired one is a URI shown too long.
    const expired = uri!.replace(
      /expiryTimestamp=\d+/,
      `expiryTimestamp=${Math.floor(Date.now() / 1000) - 1}`,
    )
    await expect(wallet.pair(expired)).rejects.toThrow(/expired/i)
    expect(wallet.proposals()).toEqual([])
  })

  it('ends the session from the wallet side, and the dapp gets session_delete', async () => {
    await start()
    const { topic } = await connect()
    const deleted = new Promise<string>((resolve) => dapp.on('session_delete', ({ topic }) => resolve(topic)))
    await wallet.disconnect()
    expect(await deleted).toBe(topic)
    expect(wallet.sessions()).toEqual([])
  })

  it('switches to a chain it knows: the session grows and the dapp gets chainChanged', async () => {
    await start({ [CHAIN_ID]: anvil.rpcUrl, [OTHER_CHAIN_ID]: other.rpcUrl })
    const { topic } = await connect([CHAIN])
    const changed = new Promise<unknown>((resolve) =>
      dapp.on('session_event', ({ params }) => params.event.name === 'chainChanged' && resolve(params)),
    )
    await dapp.request({
      topic,
      chainId: CHAIN,
      request: { method: 'wallet_switchEthereumChain', params: [{ chainId: toHex(OTHER_CHAIN_ID) }] },
    })
    expect(await changed).toMatchObject({
      chainId: `eip155:${OTHER_CHAIN_ID}`,
      event: { data: OTHER_CHAIN_ID },
    })
    expect(dapp.session.get(topic).namespaces.eip155?.accounts).toContain(
      `eip155:${OTHER_CHAIN_ID}:${account.address}`,
    )
  })

  /** The session's eip155 namespace moved to the other chain alone, as a wallet that switched. */
  const movedToOther = (namespaces: SessionTypes.Namespaces): SessionTypes.Namespaces => ({
    eip155: {
      ...namespaces.eip155!,
      chains: [`eip155:${OTHER_CHAIN_ID}`],
      accounts: [`eip155:${OTHER_CHAIN_ID}:${account.address}`],
    },
  })

  it('hears the dapp accept a session update that it answered before the wallet’s own publish returned', async () => {
    await start({ [CHAIN_ID]: anvil.rpcUrl, [OTHER_CHAIN_ID]: other.rpcUrl })
    const { topic, namespaces } = await connect([CHAIN])
    // A dapp quicker than the wallet's publish round trip: the wallet's publish of the update
    // returns only once its client has handled the dapp's answer (and dropped the request's record).
    const { relayer, history } = wallet.client.core
    const publish = relayer.publish.bind(relayer)
    relayer.publish = async (publishTopic, message, opts) => {
      if (opts?.tag !== SESSION_UPDATE_REQUEST_TAG) return publish(publishTopic, message, opts)
      const handled = new Promise<void>((resolve) =>
        history.on('history_deleted', (record: JsonRpcRecord) => {
          if (record.request.method === 'wc_sessionUpdate') resolve()
        }),
      )
      await publish(publishTopic, message, opts)
      await handled
    }
    await wallet.updateSession(topic, movedToOther(namespaces))
    expect(dapp.session.get(topic).namespaces.eip155?.chains).toEqual([`eip155:${OTHER_CHAIN_ID}`])
  })

  it('gives up on a session update the dapp never answers, after the time it was given', async () => {
    await start({ [CHAIN_ID]: anvil.rpcUrl, [OTHER_CHAIN_ID]: other.rpcUrl })
    const { topic, namespaces } = await connect([CHAIN])
    // The dapp stops listening on the session: the update waits at the relay, unanswered.
    await dapp.core.relayer.unsubscribe(topic)
    await expect(wallet.updateSession(topic, movedToOther(namespaces), 500)).rejects.toBeInstanceOf(
      SessionUpdateTimeoutError,
    )
  })

  it('refuses to switch to or add a chain it has no RPC URL for', async () => {
    await start()
    const { topic } = await connect()
    const ask = (method: string) =>
      dapp.request({ topic, chainId: CHAIN, request: { method, params: [{ chainId: toHex(999) }] } })
    await expect(ask('wallet_switchEthereumChain')).rejects.toMatchObject({ code: 4902 })
    await expect(ask('wallet_addEthereumChain')).rejects.toMatchObject({ code: 4001 })
  })

  it('emits accountsChanged to the dapp', async () => {
    await start()
    const { topic } = await connect()
    const changed = new Promise<unknown>((resolve) =>
      dapp.on(
        'session_event',
        ({ params }) => params.event.name === 'accountsChanged' && resolve(params.event.data),
      ),
    )
    await wallet.emitAccountsChanged([ANVIL_ADDRESSES[2]!])
    expect(await changed).toEqual([ANVIL_ADDRESSES[2]])
    expect(topic).toBeTruthy()
  })
})
