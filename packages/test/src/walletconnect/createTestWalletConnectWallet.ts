import type { KeyringPair } from '@polkadot/keyring/types'
import { createKeyPairSignerFromPrivateKeyBytes, type KeyPairSigner } from '@solana/kit'
import { SignClient } from '@walletconnect/sign-client'
import type { JsonRpcRecord, SessionTypes, SignClientTypes } from '@walletconnect/types'
import { buildAuthObject, getSdkError, populateAuthPayload } from '@walletconnect/utils'
import type { LocalAccount } from 'viem'
import { WalletErrorCode, WalletRpcError } from '../wallet/errors.js'
import type { Bip122TransferApi, Bip122Wallet, TestBip122Chain } from './answerBip122Request.js'
import type { answerPolkadotRequest } from './answerPolkadotRequest.js'
import { answerSolanaRequest, TEST_WALLETCONNECT_SOLANA_METHODS } from './answerSolanaRequest.js'
import { answerWalletRequest, TEST_WALLETCONNECT_METHODS } from './answerWalletRequest.js'
import { TEST_WALLETCONNECT_BIP122_METHODS } from './bip122Methods.js'
import { createWalletConnectMemoryStorage } from './createWalletConnectMemoryStorage.js'
import { TEST_WALLETCONNECT_POLKADOT_METHODS } from './polkadotMethods.js'

/** A sign-client 2.21.8 instance. */
export type WalletConnectSignClient = InstanceType<typeof SignClient>
type WalletConnectAuthenticateEvent = SignClientTypes.EventArguments['session_authenticate']

export type TestWalletConnectMode = 'approve' | 'reject' | 'ignore'

/** The Solana side of the test wallet: one ed25519 account, offered on the given clusters. */
export interface TestWalletConnectSolanaOptions {
  /** The account's 32-byte ed25519 seed. */
  seed: Uint8Array
  /** The JSON-RPC endpoint `solana_signAndSendTransaction` sends to. */
  rpcUrl: string
  /** CAIP-2 ids (`solana:<genesis hash prefix>`) the wallet approves when a proposal asks for them. */
  chains: readonly string[]
  /**
   * The Solana methods the wallet approves; default every one of
   * `TEST_WALLETCONNECT_SOLANA_METHODS`. Leaving one out makes a wallet that does not offer it, as
   * older WalletConnect Solana wallets lack `solana_signAndSendTransaction`.
   */
  methods?: readonly string[]
}

/** The Polkadot side of the test wallet: one keyring account, offered on the given chains. */
export interface TestWalletConnectPolkadotOptions {
  /** The account's secret URI; default '//Alice'. */
  uri?: string
  /** Default sr25519. */
  type?: 'sr25519' | 'ed25519'
  /** The SS58 prefix of the address in the session's accounts; default 42 (generic Substrate). */
  ss58Prefix?: number
  /** CAIP-2 ids (`polkadot:<genesis hash prefix>`) the wallet approves when a proposal asks for them. */
  chains: readonly string[]
}

/** The Bitcoin side of the test wallet: one bitcoin test key's payment and ordinals addresses. */
export interface TestWalletConnectBip122Options {
  /** CAIP-2 ids (`bip122:<genesis hash prefix>`) the wallet approves when a proposal asks for them. */
  chains: readonly string[]
  /** Which bitcoin test key (`bitcoinTestKey(index)`, as the node funds them); default 0. */
  accountIndex?: number
  /** Whose addresses it gives: default 'regtest' (`bcrt1…`). */
  chain?: TestBip122Chain
  /**
   * The Bitcoin methods the wallet approves; default every one of `TEST_WALLETCONNECT_BIP122_METHODS`
   * (`sendTransfer` only with `api`). Leaving `signPsbt` out makes a wallet that only sends.
   */
  methods?: readonly string[]
  /** The Esplora-compatible API `sendTransfer` reads the coins from and broadcasts to. */
  api?: Bip122TransferApi
}

export interface CreateTestWalletConnectWalletOptions {
  relayUrl: string
  /** The eip155 account. Without it the wallet offers no eip155 chain: a Solana-only wallet. */
  account?: LocalAccount
  /** Chain id → JSON-RPC URL; eth_sendTransaction goes there. */
  rpcUrls: Readonly<Record<number, string>>
  /** Chains the wallet offers; defaults to every chain in `rpcUrls`. */
  chains?: readonly number[]
  /** Defaults to "Portico Test Wallet". */
  name?: string
  projectId?: string
  /**
   * Whether the wallet signs in while pairing (wc_sessionAuthenticate). Default true; false makes it
   * a wallet that only approves the session proposal sent alongside.
   */
  authenticate?: boolean
  /**
   * Also approve a `solana` namespace when a proposal asks for one of these chains, and answer
   * `solana_signMessage`, `solana_signTransaction`, `solana_signAndSendTransaction` and
   * `solana_signAllTransactions` with real ed25519 signatures. The eip155 side is unchanged.
   */
  solana?: TestWalletConnectSolanaOptions
  /**
   * Also approve a `polkadot` namespace when a proposal asks for one of these chains, and answer
   * `polkadot_signMessage` and `polkadot_signTransaction` with its keyring account.
   */
  polkadot?: TestWalletConnectPolkadotOptions
  /**
   * Also approve a `bip122` namespace when a proposal asks for one of these chains (its account the
   * payment address), and answer `getAccountAddresses`, `signMessage`, `signPsbt` and `sendTransfer`.
   */
  bip122?: TestWalletConnectBip122Options
}

/** One request the wallet received, in arrival order. */
export interface TestWalletConnectRequest {
  id: number
  topic: string
  /** CAIP-2, e.g. `eip155:31337`. */
  chainId: string
  method: string
  params: unknown
}

export interface TestWalletConnectWallet {
  /** The wallet's sign-client, for what the helpers below do not cover. */
  client: WalletConnectSignClient
  /** The base58 address of the Solana account, when the `solana` option is set. */
  solanaAddress: string | undefined
  /** The SS58 address of the Polkadot account (in the `polkadot.ss58Prefix`), when that option is set. */
  polkadotAddress: string | undefined
  /** The payment (P2WPKH) and ordinals (P2TR) addresses of the Bitcoin account, when the `bip122` option is set. */
  bip122Addresses: { payment: string; ordinals: string } | undefined
  /** Pairs with a dapp's `wc:` URI; resolves once the wallet listens on the pairing topic. */
  pair(uri: string): Promise<void>
  /** What to do with session proposals and sign-in requests from now on (default `approve`). */
  setMode(mode: TestWalletConnectMode): void
  /** Whether sign-in requests are answered from now on (see the `authenticate` option). */
  setAuthenticateSupport(supported: boolean): void
  /** Sign-in requests (wc_sessionAuthenticate) the wallet received (their ids), in order. */
  authentications(): number[]
  /** What to do with requests from now on (default `approve`; `reject` answers 4001). */
  setRequestMode(mode: TestWalletConnectMode): void
  /** Proposals the wallet received (their ids), in order. */
  proposals(): number[]
  /** Requests the wallet received, in order. */
  requests(): TestWalletConnectRequest[]
  /** The sessions the wallet holds. */
  sessions(): SessionTypes.Struct[]
  /**
   * Replaces a session's namespaces (wc_sessionUpdate: the wallet moved to another chain or account)
   * and resolves once the dapp accepted them; rejects with `SessionUpdateRefusedError` when the dapp
   * refuses them, and with `SessionUpdateTimeoutError` when no answer comes within `timeoutMs`
   * (default 10 s).
   */
  updateSession(topic: string, namespaces: SessionTypes.Namespaces, timeoutMs?: number): Promise<void>
  /** Ends every session from the wallet's side; the dapp gets `session_delete`. */
  disconnect(): Promise<void>
  /** Emits accountsChanged (CAIP-10-free addresses) on every session. */
  emitAccountsChanged(accounts: readonly string[]): Promise<void>
  /** Emits chainChanged on every session whose namespace includes the chain. */
  emitChainChanged(chainId: number): Promise<void>
  /** Closes the relay socket and stops the client's timers. */
  close(): Promise<void>
}

/** A session update (wc_sessionUpdate) the dapp did not answer in the time it was given. */
export class SessionUpdateTimeoutError extends Error {
  override name = 'SessionUpdateTimeoutError'
  readonly timeoutMs: number

  constructor(timeoutMs: number) {
    super(`The dapp did not answer the session update within ${timeoutMs} ms.`)
    this.timeoutMs = timeoutMs
  }
}

let instanceCount = 0

/** How long `updateSession` waits for the dapp's answer by default. */
const SESSION_UPDATE_TIMEOUT_MS = 10_000
// The events of sign-client 2.21.8's JSON-RPC history (HISTORY_EVENTS of @walletconnect/core).
const HISTORY_CREATED = 'history_created'
const HISTORY_UPDATED = 'history_updated'

/** `DEBUG_WC` in Node's environment; a browser page (the demo's phone) has none. */
function debugEnabled(): boolean {
  return Boolean(
    (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env?.DEBUG_WC,
  )
}

/**
 * Starts a WalletConnect wallet made of code: a sign-client 2.21.8 acting as the wallet, answering
 * with a viem account and sending transactions to the given RPC URLs, and with `solana` also with an
 * ed25519 key on the given Solana clusters. Its storage is in memory, its logger is silent unless
 * `DEBUG_WC` is set, and it skips the Verify API (unreachable here).
 * @example
 * const wallet = await createTestWalletConnectWallet({ relayUrl: relay.url, account: privateKeyToAccount(ANVIL_PRIVATE_KEYS[0]), rpcUrls: { 31337: anvil.rpcUrl } })
 * const { uri, approval } = await dapp.connect({ optionalNamespaces: { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } } })
 * await wallet.pair(uri!)
 * const session = await approval()
 */
export async function createTestWalletConnectWallet(
  options: CreateTestWalletConnectWalletOptions,
): Promise<TestWalletConnectWallet> {
  const { account, rpcUrls } = options
  // Answering a sign-in reads and writes its ReCap with Node's Buffer; a browser page has none.
  const globals = globalThis as { Buffer?: unknown }
  if (globals.Buffer === undefined) globals.Buffer ??= (await import('buffer')).Buffer
  const offered = new Set(options.chains ?? Object.keys(rpcUrls).map(Number))
  const solana = options.solana
  let solanaSigner: KeyPairSigner | undefined
  if (solana) {
    if (solana.seed.length !== 32)
      throw new RangeError(`The Solana seed has ${solana.seed.length} bytes; an ed25519 seed has 32.`)
    // A copy, so a caller changing the array later cannot change the key.
    solanaSigner = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(solana.seed))
  }
  const solanaChains = new Set(solana?.chains ?? [])
  const polkadot = options.polkadot
  let polkadotPair: KeyringPair | undefined
  let answerPolkadotWith: typeof answerPolkadotRequest | undefined
  if (polkadot) {
    // Loaded only for a wallet with a Polkadot account: the libraries are large.
    const [{ Keyring }, { cryptoWaitReady }, answering] = await Promise.all([
      import('@polkadot/keyring'),
      import('@polkadot/util-crypto'),
      import('./answerPolkadotRequest.js'),
    ])
    await cryptoWaitReady()
    polkadotPair = new Keyring({
      type: polkadot.type ?? 'sr25519',
      ss58Format: polkadot.ss58Prefix ?? 42,
    }).addFromUri(polkadot.uri ?? '//Alice')
    answerPolkadotWith = answering.answerPolkadotRequest
  }
  const polkadotChains = new Set(polkadot?.chains ?? [])
  const bip122 = options.bip122
  let bip122Wallet: Bip122Wallet | undefined
  let answerBip122With: typeof import('./answerBip122Request.js').answerBip122Request | undefined
  if (bip122) {
    // Loaded only for a wallet with a Bitcoin account: bitcoinjs-lib and its curve are large.
    const answering = await import('./answerBip122Request.js')
    bip122Wallet = answering.createBip122Wallet(
      bip122.accountIndex ?? 0,
      bip122.chain ?? 'regtest',
      bip122.api,
    )
    answerBip122With = answering.answerBip122Request
  }
  const bip122Chains = new Set(bip122?.chains ?? [])
  const bip122Methods = (bip122?.methods ?? TEST_WALLETCONNECT_BIP122_METHODS).filter(
    (method) => method !== 'sendTransfer' || bip122?.api !== undefined,
  )
  // A unique prefix keeps 2.21.8 from handing this wallet another client's global core.
  const prefix = `portico-test-wallet-${globalThis.crypto.randomUUID()}-${++instanceCount}`
  const client = await SignClient.init({
    relayUrl: options.relayUrl,
    projectId: options.projectId ?? 'portico-test',
    name: prefix,
    customStoragePrefix: prefix,
    storage: createWalletConnectMemoryStorage(),
    logger: debugEnabled() ? 'debug' : 'silent',
    telemetryEnabled: false,
    metadata: {
      name: options.name ?? 'Portico Test Wallet',
      description: 'A wallet made of code for Portico tests',
      url: 'http://localhost',
      icons: [],
    },
  })
  // The Verify API is a hosted service: resolving an attestation would wait for a host that is not
  // reachable from tests, and a test wallet has nothing to show the result to.
  Object.assign(client.core.verify, { resolve: async () => undefined, register: async () => '' })

  let mode: TestWalletConnectMode = 'approve'
  let requestMode: TestWalletConnectMode = 'approve'
  const proposals: number[] = []
  const authentications: number[] = []
  const offeredChain = (chain: string) => {
    const [namespace, reference] = chain.split(':')
    return (
      account !== undefined &&
      namespace === 'eip155' &&
      offered.has(Number(reference)) &&
      rpcUrls[Number(reference)] !== undefined
    )
  }
  const offeredSolanaChain = (chain: string) => chain.startsWith('solana:') && solanaChains.has(chain)
  const offeredPolkadotChain = (chain: string) => chain.startsWith('polkadot:') && polkadotChains.has(chain)
  const offeredBip122Chain = (chain: string) => chain.startsWith('bip122:') && bip122Chains.has(chain)
  const requests: TestWalletConnectRequest[] = []
  const reportFailure = (error: unknown) => {
    if (debugEnabled()) console.warn('test WalletConnect wallet:', error)
  }

  client.on('session_proposal', ({ id, params }) => {
    proposals.push(id)
    if (mode === 'ignore') return
    const requested = [
      ...Object.values(params.requiredNamespaces ?? {}),
      ...Object.values(params.optionalNamespaces ?? {}),
    ].flatMap((namespace) => namespace.chains ?? [])
    const chains = [...new Set(requested)].filter(offeredChain)
    const solanaApproved = [...new Set(requested)].filter(offeredSolanaChain)
    const polkadotApproved = [...new Set(requested)].filter(offeredPolkadotChain)
    const bip122Approved = [...new Set(requested)].filter(offeredBip122Chain)
    const namespaces: SessionTypes.Namespaces = {}
    if (account && chains.length > 0) {
      namespaces.eip155 = {
        chains,
        accounts: chains.map((chain) => `${chain}:${account.address}`),
        methods: [...TEST_WALLETCONNECT_METHODS],
        events: ['accountsChanged', 'chainChanged'],
      }
    }
    if (solanaSigner && solanaApproved.length > 0) {
      namespaces.solana = {
        chains: solanaApproved,
        accounts: solanaApproved.map((chain) => `${chain}:${solanaSigner.address}`),
        methods: [...(solana?.methods ?? TEST_WALLETCONNECT_SOLANA_METHODS)],
        events: [],
      }
    }
    if (polkadotPair && polkadotApproved.length > 0) {
      namespaces.polkadot = {
        chains: polkadotApproved,
        accounts: polkadotApproved.map((chain) => `${chain}:${polkadotPair.address}`),
        methods: [...TEST_WALLETCONNECT_POLKADOT_METHODS],
        events: [],
      }
    }
    if (bip122Wallet && bip122Approved.length > 0) {
      // WalletConnect's Bitcoin reference: the session's account is the first external address, the payment one.
      namespaces.bip122 = {
        chains: bip122Approved,
        accounts: bip122Approved.map((chain) => `${chain}:${bip122Wallet.keys.payment.address}`),
        methods: [...bip122Methods],
        events: ['bip122_addressesChanged'],
      }
    }
    const answer =
      mode === 'reject' || Object.keys(namespaces).length === 0
        ? client.reject({
            id,
            reason: getSdkError(mode === 'reject' ? 'USER_REJECTED' : 'UNSUPPORTED_CHAINS'),
          })
        : client.approve({ id, namespaces }).then(({ acknowledged }) => acknowledged())
    answer.catch(reportFailure)
  })

  // sign-client hands a wallet the proposal sent alongside a sign-in request only when nothing listens
  // for sign-in requests: a wallet that does not support them.
  const onAuthenticate = ({ id, params }: WalletConnectAuthenticateEvent) => {
    authentications.push(id)
    if (mode === 'ignore') return
    const answer = async () => {
      const chains = params.authPayload.chains.filter(offeredChain)
      if (mode === 'reject' || chains.length === 0 || !account) {
        await client.rejectSessionAuthenticate({
          id,
          reason: getSdkError(mode === 'reject' ? 'USER_REJECTED' : 'UNSUPPORTED_CHAINS'),
        })
        return
      }
      // One sign-in, on the first chain asked for that the wallet offers, as most wallets do.
      const payload = populateAuthPayload({
        authPayload: params.authPayload,
        chains,
        methods: [...TEST_WALLETCONNECT_METHODS],
      })
      const issuer = `did:pkh:${chains[0]}:${account.address}`
      const message = client.formatAuthMessage({ request: payload, iss: issuer })
      const signature = await account.signMessage({ message })
      const cacao = buildAuthObject(payload, { t: 'eip191', s: signature }, issuer)
      await client.approveSessionAuthenticate({ id, auths: [cacao] })
    }
    answer().catch(reportFailure)
  }
  const setAuthenticateSupport = (supported: boolean) => {
    client.off('session_authenticate', onAuthenticate)
    if (supported) client.on('session_authenticate', onAuthenticate)
  }
  setAuthenticateSupport(options.authenticate ?? true)

  client.on('session_request', ({ id, topic, params }) => {
    const { chainId, request } = params
    requests.push({ id, topic, chainId, method: request.method, params: request.params })
    if (requestMode === 'ignore') return
    const respond = async () => {
      try {
        if (requestMode === 'reject') {
          throw new WalletRpcError(WalletErrorCode.userRejected, 'The user rejected the request.')
        }
        const result = chainId.startsWith('solana:')
          ? await answerSolana(chainId, request.method, request.params)
          : chainId.startsWith('polkadot:')
            ? answerPolkadot(chainId, request.method, request.params)
            : chainId.startsWith('bip122:')
              ? await answerBip122(chainId, request.method, request.params)
              : await answerWalletRequest(
                  {
                    account: requireAccount(chainId),
                    rpcUrls,
                    chainId: Number(chainId.split(':')[1]),
                    switchChain: (target) => switchChain(topic, target, requireAccount(chainId).address),
                  },
                  request.method,
                  request.params,
                )
        await client.respond({ topic, response: { id, jsonrpc: '2.0', result } })
      } catch (error) {
        const code = error instanceof WalletRpcError ? error.code : WalletErrorCode.internal
        const message = error instanceof Error ? error.message : String(error)
        await client.respond({ topic, response: { id, jsonrpc: '2.0', error: { code, message } } })
      }
    }
    respond().catch(reportFailure)
  })

  function answerSolana(chainId: string, method: string, params: unknown): Promise<unknown> {
    if (!solana || !solanaSigner || !solanaChains.has(chainId)) {
      throw new WalletRpcError(
        WalletErrorCode.unrecognizedChain,
        `The test wallet has no Solana account on ${chainId}.`,
      )
    }
    return answerSolanaRequest({ signer: solanaSigner, rpcUrl: solana.rpcUrl }, method, params)
  }

  function answerPolkadot(chainId: string, method: string, params: unknown): unknown {
    if (!polkadotPair || !answerPolkadotWith || !polkadotChains.has(chainId))
      throw new WalletRpcError(
        WalletErrorCode.unrecognizedChain,
        `The test wallet has no Polkadot account on ${chainId}.`,
      )
    return answerPolkadotWith(polkadotPair, method, params)
  }

  function answerBip122(chainId: string, method: string, params: unknown): Promise<unknown> {
    if (!bip122Wallet || !answerBip122With || !bip122Chains.has(chainId))
      throw new WalletRpcError(
        WalletErrorCode.unrecognizedChain,
        `The test wallet has no Bitcoin account on ${chainId}.`,
      )
    // A method the wallet did not approve is one it does not offer, as a real wallet answers it.
    if (!bip122Methods.includes(method))
      throw new WalletRpcError(
        WalletErrorCode.unsupportedMethod,
        `The test wallet does not support ${method}.`,
      )
    return answerBip122With(bip122Wallet, method, params)
  }

  function requireAccount(chainId: string): LocalAccount {
    if (!account)
      throw new WalletRpcError(
        WalletErrorCode.unrecognizedChain,
        `The test wallet has no account on ${chainId}.`,
      )
    return account
  }

  async function switchChain(topic: string, chainId: number, address: string): Promise<void> {
    const session = client.session.get(topic)
    const chain = `eip155:${chainId}`
    const eip155 = session.namespaces.eip155
    if (eip155 && !eip155.chains?.includes(chain)) {
      await updateSession(topic, {
        ...session.namespaces,
        eip155: {
          ...eip155,
          chains: [...(eip155.chains ?? []), chain],
          accounts: [...eip155.accounts, `${chain}:${address}`],
        },
      })
    }
    await client.emit({ topic, chainId: chain, event: { name: 'chainChanged', data: chainId } })
  }

  /**
   * client.update() in sign-client 2.21.8 hands back `acknowledged` only once its own publish has
   * returned, and an answer that reaches the client before `acknowledged()` is called is dropped
   * (its delayed promise resolves nothing until it is awaited): a dapp that answers within the
   * wallet's publish round trip leaves the caller waiting five minutes. The client's JSON-RPC
   * history records the answer whenever it comes, so the wait listens there, from before the update
   * is sent.
   */
  async function updateSession(
    topic: string,
    namespaces: SessionTypes.Namespaces,
    timeoutMs = SESSION_UPDATE_TIMEOUT_MS,
  ): Promise<void> {
    const { history } = client.core
    let requestId: number | undefined
    let stopListening = () => {}
    const answered = new Promise<void>((resolve, reject) => {
      // The update's request is recorded synchronously while it is sent, before any answer can come.
      const onCreated = (record: JsonRpcRecord) => {
        if (requestId === undefined && record.topic === topic && record.request.method === 'wc_sessionUpdate')
          requestId = record.id
      }
      const onUpdated = (record: JsonRpcRecord) => {
        if (record.id !== requestId || !record.response) return
        stopListening()
        if ('error' in record.response) {
          const { code, message } = record.response.error
          reject(new WalletRpcError(code, `The dapp refused the session update: ${message}`))
        } else resolve()
      }
      const timer = setTimeout(() => {
        stopListening()
        reject(new SessionUpdateTimeoutError(timeoutMs))
      }, timeoutMs)
      history.on(HISTORY_CREATED, onCreated)
      history.on(HISTORY_UPDATED, onUpdated)
      stopListening = () => {
        clearTimeout(timer)
        history.off(HISTORY_CREATED, onCreated)
        history.off(HISTORY_UPDATED, onUpdated)
      }
    })
    // Settled while the update may still be publishing; the await below reports it.
    answered.catch(() => {})
    try {
      await client.update({ topic, namespaces })
    } catch (error) {
      stopListening()
      throw error
    }
    await answered
  }

  const sessions = () => client.session.getAll()

  return {
    client,
    solanaAddress: solanaSigner?.address,
    polkadotAddress: polkadotPair?.address,
    bip122Addresses: bip122Wallet && {
      payment: bip122Wallet.keys.payment.address,
      ordinals: bip122Wallet.keys.ordinals.address,
    },
    pair: async (uri) => {
      await client.pair({ uri })
    },
    setMode: (next) => {
      mode = next
    },
    setAuthenticateSupport,
    authentications: () => [...authentications],
    setRequestMode: (next) => {
      requestMode = next
    },
    proposals: () => [...proposals],
    requests: () => [...requests],
    sessions,
    updateSession,
    disconnect: async () => {
      for (const { topic } of sessions()) {
        await client.disconnect({ topic, reason: getSdkError('USER_DISCONNECTED') })
      }
    },
    emitAccountsChanged: async (accounts) => {
      for (const session of sessions()) {
        const chain = session.namespaces.eip155?.chains?.[0]
        if (chain)
          await client.emit({
            topic: session.topic,
            chainId: chain,
            event: { name: 'accountsChanged', data: accounts },
          })
      }
    },
    emitChainChanged: async (chainId) => {
      const chain = `eip155:${chainId}`
      for (const session of sessions()) {
        if (session.namespaces.eip155?.chains?.includes(chain)) {
          await client.emit({
            topic: session.topic,
            chainId: chain,
            event: { name: 'chainChanged', data: chainId },
          })
        }
      }
    },
    close: () => closeSignClient(client),
  }
}

/**
 * Stops a sign-client 2.21.8 for good: it has no close of its own, and its heartbeat and relay
 * socket would otherwise keep a test process alive and reconnecting.
 * @example
 * afterEach(() => closeSignClient(dapp))
 */
export async function closeSignClient(client: WalletConnectSignClient): Promise<void> {
  client.core.heartbeat.stop()
  await client.core.relayer.transportClose().catch(() => {})
  client.removeAllListeners('session_proposal')
  client.removeAllListeners('session_request')
  client.removeAllListeners('session_authenticate')
  const prefix = client.core.customStoragePrefix.replace(/^:/, '')
  delete (globalThis as Record<string, unknown>)[`_walletConnectCore_${prefix}`]
  delete (globalThis as Record<string, unknown>)[`_walletConnectCore_${prefix}_count`]
}
