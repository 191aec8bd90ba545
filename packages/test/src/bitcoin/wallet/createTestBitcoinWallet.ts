import { networks as bitcoinNetworks, type Network, Psbt } from 'bitcoinjs-lib'
import { DEV_WALLET_ICON, DEV_WALLET_NAME } from '../../wallet/icon.js'
import {
  deriveAccountKeys,
  signBip137,
  signBip322,
  type TestBitcoinAccountKeys,
  testPrivateKey,
} from './bitcoinKeys.js'

/**
 * How the wallet answers what a person would approve (connecting, signing): approve, decline
 * (sats-connect's USER_REJECTION, -32000), fail (-32603), or never answer.
 */
export type TestBitcoinWalletMode = 'approve' | 'reject' | 'fail' | 'hang'

/** The chain whose addresses the wallet gives. */
export type TestBitcoinChain = 'regtest' | 'testnet' | 'mainnet'

export interface TestBitcoinWalletOptions {
  /** Default 'regtest' (`bcrt1…` addresses). */
  chain?: TestBitcoinChain
  /** Default 'Portico Dev Wallet', so it is one multi-chain row with the EVM and Solana dev wallets. */
  name?: string
  /** The `btc_providers` id, also its path on `window`; default 'PorticoDevWallet.BitcoinProvider'. */
  providerId?: string
  /** How many accounts the wallet holds (each a payment and an ordinals address); default 2. */
  accounts?: number
  mode?: TestBitcoinWalletMode
  /** Start already authorised, as after an earlier visit. */
  connected?: boolean
  accountIndex?: number
  /** Called after every change of the state, e.g. to persist it across page loads. */
  onStateChange?: (state: TestBitcoinWalletState) => void
}

export interface TestBitcoinWalletState {
  connected: boolean
  accountIndex: number
  mode: TestBitcoinWalletMode
  chain: TestBitcoinChain
}

/** A sats-connect JSON-RPC answer, as `request` resolves it. */
export type SatsConnectResponse =
  | { jsonrpc: '2.0'; id: string; result: unknown }
  | { jsonrpc: '2.0'; id: string; error: { code: number; message: string } }

export interface TestSatsConnectProvider {
  request(method: string, params?: unknown): Promise<SatsConnectResponse>
  addListener(event: string, listener: (payload: unknown) => void): () => void
}

export interface TestBitcoinWallet {
  /** The `btc_providers` entry (WBIP-004). */
  info: { id: string; name: string; icon: string; methods: readonly string[] }
  provider: TestSatsConnectProvider
  /** Every account's addresses, by index. */
  accounts: readonly { payment: string; ordinals: string }[]
  /** The active account's keys. */
  keys(): TestBitcoinAccountKeys
  state(): TestBitcoinWalletState
  setMode(mode: TestBitcoinWalletMode): void
  /** Picks another account and tells the site (`accountChange`). */
  setAccount(index: number): void
  /** The wallet forgets the site: `getAddresses` answers ACCESS_DENIED, the site hears `accountChange`. */
  revoke(): void
  /** Silent requests (`getAddresses`) go unanswered from now on. */
  hangSilently(): void
  /** Puts the wallet in `target.btc_providers` and its provider at `providerId` on `target`. */
  install(target: object): () => void
  /** Every request the site made, in order. */
  readonly requests: readonly { method: string; params: unknown }[]
}

const NETWORKS: Record<TestBitcoinChain, Network> = {
  regtest: bitcoinNetworks.regtest,
  testnet: bitcoinNetworks.testnet,
  mainnet: bitcoinNetworks.bitcoin,
}
const CHAIN_NAMES: Record<TestBitcoinChain, string> = {
  regtest: 'Regtest',
  testnet: 'Testnet',
  mainnet: 'Mainnet',
}
// sats-connect's RpcErrorCode values.
const USER_REJECTION = -32000
const ACCESS_DENIED = -32002
const METHOD_NOT_FOUND = -32601
const INVALID_PARAMS = -32602
const INTERNAL_ERROR = -32603

/**
 * A Bitcoin wallet made of code that speaks sats-connect's request API behind `window.btc_providers`
 * (WBIP-004), over bitcoinjs-lib keys: a P2WPKH payment and a P2TR ordinals address per account,
 * BIP-322 and BIP-137 message signatures, PSBT signing.
 * @example
 * const wallet = createTestBitcoinWallet({ chain: 'regtest' })
 * wallet.install(window)
 */
export function createTestBitcoinWallet(options: TestBitcoinWalletOptions = {}): TestBitcoinWallet {
  let chain = options.chain ?? 'regtest'
  let mode: TestBitcoinWalletMode = options.mode ?? 'approve'
  let connected = options.connected ?? false
  let accountIndex = options.accountIndex ?? 0
  let silentHang = false
  const count = options.accounts ?? 2
  const providerId = options.providerId ?? 'PorticoDevWallet.BitcoinProvider'
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const requests: { method: string; params: unknown }[] = []
  const derive = () =>
    Array.from({ length: count }, (_, index) =>
      deriveAccountKeys(
        // One key per account, as the demo's node funds it: its P2WPKH pays, its P2TR holds ordinals.
        testPrivateKey(index),
        testPrivateKey(index),
        NETWORKS[chain],
      ),
    )
  let keys = derive()

  const state = (): TestBitcoinWalletState => ({ connected, accountIndex, mode, chain })
  const changed = () => options.onStateChange?.(state())
  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }
  const addresses = () => {
    const account = keys[accountIndex]!
    return [
      {
        address: account.payment.address,
        publicKey: account.payment.publicKey,
        purpose: 'payment',
        addressType: 'p2wpkh',
      },
      {
        address: account.ordinals.address,
        publicKey: account.ordinals.publicKey,
        purpose: 'ordinals',
        addressType: 'p2tr',
      },
    ]
  }

  let nextId = 0
  const ok = (result: unknown): SatsConnectResponse => ({ jsonrpc: '2.0', id: String(nextId++), result })
  const fail = (code: number, message: string): SatsConnectResponse => ({
    jsonrpc: '2.0',
    id: String(nextId++),
    error: { code, message },
  })
  /** What a person would answer: the mode decides, `approve` runs `then`. */
  const prompt = (then: () => SatsConnectResponse): Promise<SatsConnectResponse> => {
    if (mode === 'hang') return new Promise(() => {})
    if (mode === 'reject') return Promise.resolve(fail(USER_REJECTION, 'User rejected the request.'))
    if (mode === 'fail') return Promise.resolve(fail(INTERNAL_ERROR, 'The wallet failed.'))
    try {
      return Promise.resolve(then())
    } catch (error) {
      return Promise.resolve(fail(INVALID_PARAMS, error instanceof Error ? error.message : String(error)))
    }
  }
  const keyOf = (address: unknown) => {
    const account = keys[accountIndex]!
    if (address === account.payment.address) return { kind: 'payment' as const, account }
    if (address === account.ordinals.address) return { kind: 'ordinals' as const, account }
    throw new Error(`The wallet has no account ${String(address)}.`)
  }

  const provider: TestSatsConnectProvider = {
    async request(method, params) {
      requests.push({ method, params })
      const input = (params ?? {}) as Record<string, unknown>
      switch (method) {
        case 'getAccounts':
          return prompt(() => {
            connected = true
            changed()
            return ok(addresses())
          })
        case 'getAddresses':
          if (silentHang) return new Promise(() => {})
          return connected ? ok({ addresses: addresses() }) : fail(ACCESS_DENIED, 'Access denied.')
        case 'signMessage': {
          if (!connected) return fail(ACCESS_DENIED, 'Access denied.')
          return prompt(() => {
            const { kind, account } = keyOf(input.address)
            const message = String(input.message)
            if (input.protocol === 'ECDSA') {
              if (kind !== 'payment')
                throw new Error('ECDSA signatures are made by the payment address only.')
              return ok({
                signature: signBip137(message, account.payment.key),
                address: input.address,
                protocol: 'ECDSA',
              })
            }
            const signature =
              kind === 'payment'
                ? signBip322(message, account.payment.script, account.payment.key)
                : signBip322(
                    message,
                    account.ordinals.script,
                    account.ordinals.tweaked,
                    account.ordinals.key.publicKey.subarray(1, 33),
                  )
            return ok({ signature, address: input.address, protocol: 'BIP322' })
          })
        }
        case 'signPsbt': {
          if (!connected) return fail(ACCESS_DENIED, 'Access denied.')
          return prompt(() => {
            const psbt = Psbt.fromBase64(String(input.psbt), { network: NETWORKS[chain] })
            const signInputs = (input.signInputs ?? {}) as Record<string, number[]>
            for (const [address, indexes] of Object.entries(signInputs)) {
              const { kind, account } = keyOf(address)
              for (const index of indexes)
                psbt.signInput(index, kind === 'payment' ? account.payment.key : account.ordinals.tweaked)
            }
            return ok({ psbt: psbt.toBase64() })
          })
        }
        case 'wallet_getNetwork':
          return ok({ bitcoin: { name: CHAIN_NAMES[chain] } })
        case 'wallet_changeNetwork':
          return prompt(() => {
            const next = (Object.keys(CHAIN_NAMES) as TestBitcoinChain[]).find(
              (key) => CHAIN_NAMES[key] === input.name,
            )
            if (!next) throw new Error(`Unknown network ${String(input.name)}.`)
            chain = next
            keys = derive()
            changed()
            emit('networkChange', { bitcoin: { name: CHAIN_NAMES[chain] } })
            return ok(null)
          })
        case 'wallet_renouncePermissions':
          connected = false
          changed()
          return ok(null)
        default:
          return fail(METHOD_NOT_FOUND, `Method ${method} is not supported.`)
      }
    },
    addListener(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
      return () => set.delete(listener)
    },
  }

  const info = {
    id: providerId,
    name: options.name ?? DEV_WALLET_NAME,
    icon: DEV_WALLET_ICON,
    methods: [
      'getAccounts',
      'getAddresses',
      'signMessage',
      'signPsbt',
      'wallet_getNetwork',
      'wallet_changeNetwork',
    ],
  }

  return {
    info,
    provider,
    get accounts() {
      return keys.map((account) => ({ payment: account.payment.address, ordinals: account.ordinals.address }))
    },
    keys: () => keys[accountIndex]!,
    state,
    setMode(next) {
      mode = next
      changed()
    },
    setAccount(index) {
      if (!keys[index]) throw new RangeError(`The wallet has ${keys.length} accounts.`)
      accountIndex = index
      changed()
      emit('accountChange', { addresses: connected ? addresses() : [] })
    },
    revoke() {
      connected = false
      changed()
      emit('accountChange', { addresses: [] })
    },
    hangSilently() {
      silentHang = true
    },
    install(target) {
      const holder = target as Record<string, unknown> & { btc_providers?: unknown[] }
      const path = providerId.split('.')
      let node = holder as Record<string, unknown>
      for (const key of path.slice(0, -1)) {
        if (typeof node[key] !== 'object' || node[key] === null) node[key] = {}
        node = node[key] as Record<string, unknown>
      }
      node[path.at(-1)!] = provider
      holder.btc_providers = [...(Array.isArray(holder.btc_providers) ? holder.btc_providers : []), info]
      return () => {
        delete node[path.at(-1)!]
        holder.btc_providers = (holder.btc_providers ?? []).filter((entry) => entry !== info)
      }
    },
    requests,
  }
}
