import {
  type Address,
  createWalletClient,
  defineChain,
  type Hex,
  hexToBigInt,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  numberToHex,
  type TypedDataDefinition,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { WalletErrorCode, WalletRpcError } from './errors.js'

/** A chain the test wallet can be on. */
export interface TestWalletChain {
  chainId: number
  rpcUrl: string
  name: string
  nativeCurrency?: { name: string; symbol: string; decimals: number }
}

/**
 * How the wallet answers requests that need the visitor's approval: approve them, decline
 * (4001), fail with an internal error (-32603), or never answer.
 */
export type TestWalletMode = 'approve' | 'reject' | 'fail' | 'hang'

export interface TestWalletOptions {
  privateKeys: readonly Hex[]
  chains: readonly TestWalletChain[]
  /** Defaults to the first chain. */
  initialChainId?: number
  /** Defaults to 'approve'. */
  mode?: TestWalletMode
  /** Start as if the site had been connected earlier (eth_accounts answers at once). */
  connected?: boolean
  /** The account selected at start. Defaults to the first. */
  initialAccountIndex?: number
  /** Milliseconds the wallet waits before it answers these methods (see `setMethodDelay`). */
  methodDelays?: Readonly<Record<string, number>>
}

export interface TestWalletRequest {
  method: string
  params: unknown
  status: 'pending' | 'ok' | 'error'
  result?: unknown
  error?: { code: number; message: string }
  startedAt: number
}

export type TestWalletEvent = 'accountsChanged' | 'chainChanged' | 'connect' | 'disconnect' | 'message'
type Listener = (payload: never) => void

export interface TestWalletState {
  connected: boolean
  accountIndex: number
  address: Address
  chainId: number
  mode: TestWalletMode
  chains: readonly TestWalletChain[]
  methodDelays: Readonly<Record<string, number>>
}

/** An EIP-1193 provider that signs for real with local keys, plus switches for tests. */
export interface TestWallet {
  /** Marks the provider as a test wallet; real wallets do not set it. */
  readonly isPorticoTestWallet: true
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on(event: string, listener: (payload: never) => void): TestWallet
  removeListener(event: string, listener: (payload: never) => void): TestWallet
  /** Changes how requests that need approval are answered from now on. */
  setMode(mode: TestWalletMode): void
  /** Overrides the mode for one method, approval or not (e.g. make `eth_accounts` hang). */
  setMethodMode(method: string, mode: TestWalletMode | undefined): void
  /**
   * Makes the wallet answer `method` only after `ms` milliseconds, as a locked or busy extension
   * does (e.g. `eth_accounts` after 5 s); undefined answers at once again.
   */
  setMethodDelay(method: string, ms: number | undefined): void
  /** Selects another account, as a person would in the wallet; emits `accountsChanged` when connected. */
  setAccount(index: number): void
  /** Moves to another known chain, as a person would in the wallet; emits `chainChanged`. */
  setChain(chainId: number): void
  /** Drops the connection from the wallet side and emits `disconnect` (code 4900). */
  disconnectFromWallet(): void
  /** Revokes the site's access from the wallet side and emits `accountsChanged` with `[]`. */
  revokeFromWallet(): void
  getState(): TestWalletState
  getRequests(): readonly TestWalletRequest[]
  clearRequests(): void
}

// Requests a person has to approve in a real wallet; the mode applies to these.
const approvalMethods = new Set([
  'eth_requestAccounts',
  'wallet_requestPermissions',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
])

// Key-using methods the wallet does not offer; everything else `eth_`/`net_`/`web3_` is forwarded.
const unsupportedMethods = new Set([
  'eth_sign',
  'eth_signTransaction',
  'eth_signTypedData',
  'eth_signTypedData_v3',
])

/**
 * Creates an EIP-1193 wallet over viem local accounts that talks to real chains over HTTP.
 * Browser-safe: it is bundled into the demo and injected into pages by end-to-end tests.
 * @example
 * const wallet = createTestWallet({
 *   privateKeys: ANVIL_PRIVATE_KEYS,
 *   chains: [{ chainId: 31337, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
 * })
 * wallet.setMode('reject')
 */
export function createTestWallet(options: TestWalletOptions): TestWallet {
  if (options.privateKeys.length === 0) throw new Error('createTestWallet needs at least one private key.')
  if (options.chains.length === 0) throw new Error('createTestWallet needs at least one chain.')
  const accounts: PrivateKeyAccount[] = options.privateKeys.map((key) => privateKeyToAccount(key))
  const chains: TestWalletChain[] = [...options.chains]
  const listeners = new Map<string, Set<Listener>>()
  const methodModes = new Map<string, TestWalletMode>()
  const methodDelays = new Map<string, number>(Object.entries(options.methodDelays ?? {}))
  const log: TestWalletRequest[] = []
  let mode: TestWalletMode = options.mode ?? 'approve'
  let connected = options.connected ?? false
  let accountIndex = options.initialAccountIndex ?? 0
  if (!accounts[accountIndex]) throw new Error(`initialAccountIndex ${accountIndex} has no private key.`)
  let chainId = options.initialChainId ?? chains[0]!.chainId
  if (!chains.some((chain) => chain.chainId === chainId)) {
    throw new Error(`initialChainId ${chainId} is not one of the wallet's chains.`)
  }

  const emit = (event: TestWalletEvent, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) {
      try {
        ;(listener as (value: unknown) => void)(payload)
      } catch (error) {
        console.error(`A ${event} listener of the test wallet threw`, error)
      }
    }
  }

  const currentChain = () => chains.find((chain) => chain.chainId === chainId)!
  const exposedAccounts = (): Address[] => {
    const selected = accounts[accountIndex]!.address
    return [selected, ...accounts.map((account) => account.address).filter((address) => address !== selected)]
  }
  const accountFor = (address: unknown): PrivateKeyAccount => {
    if (!connected) throw new WalletRpcError(WalletErrorCode.unauthorized, 'The site is not connected.')
    const account =
      typeof address === 'string' && isAddress(address, { strict: false })
        ? accounts.find((candidate) => isAddressEqual(candidate.address, address))
        : undefined
    if (!account)
      throw new WalletRpcError(WalletErrorCode.unauthorized, 'The address is not an account of this wallet.')
    return account
  }
  const permissions = () => [
    {
      parentCapability: 'eth_accounts',
      invoker: globalThis.location?.origin ?? 'http://localhost',
      caveats: [{ type: 'restrictReturnedAccounts', value: exposedAccounts() }],
      date: Date.now(),
    },
  ]

  const approve = async (method: string) => {
    const effective = methodModes.get(method) ?? mode
    if (effective === 'reject')
      throw new WalletRpcError(WalletErrorCode.userRejected, 'User rejected the request.')
    if (effective === 'fail')
      throw new WalletRpcError(WalletErrorCode.internal, 'Internal error in the test wallet.')
    if (effective === 'hang') await new Promise<never>(() => {})
  }

  const forward = async (method: string, params: unknown): Promise<unknown> => {
    let response: Response
    try {
      response = await fetch(currentChain().rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: Date.now(), method, params: params ?? [] }),
      })
    } catch (error) {
      throw new WalletRpcError(
        WalletErrorCode.chainDisconnected,
        `The chain's RPC is unreachable: ${String(error)}`,
      )
    }
    const body = (await response.json()) as {
      result?: unknown
      error?: { code: number; message: string; data?: unknown }
    }
    if (body.error) throw new WalletRpcError(body.error.code, body.error.message, body.error.data)
    return body.result
  }

  const sendTransaction = async (request: Record<string, unknown>): Promise<Hex> => {
    const account = accountFor(request.from)
    const chain = currentChain()
    const client = createWalletClient({
      account,
      chain: defineChain({
        id: chain.chainId,
        name: chain.name,
        nativeCurrency: chain.nativeCurrency ?? { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [chain.rpcUrl] } },
      }),
      transport: http(chain.rpcUrl),
    })
    const quantity = (key: string) => {
      const value = request[key]
      return typeof value === 'string' && isHex(value) ? hexToBigInt(value) : undefined
    }
    const to = request.to
    const data = request.data ?? request.input
    try {
      return await client.sendTransaction({
        ...(typeof to === 'string' && isAddress(to, { strict: false }) ? { to } : {}),
        ...(typeof data === 'string' && isHex(data) ? { data } : {}),
        ...optional('value', quantity('value')),
        ...optional('gas', quantity('gas')),
        ...(quantity('gasPrice') !== undefined
          ? { gasPrice: quantity('gasPrice')! }
          : {
              ...optional('maxFeePerGas', quantity('maxFeePerGas')),
              ...optional('maxPriorityFeePerGas', quantity('maxPriorityFeePerGas')),
            }),
        ...(quantity('nonce') !== undefined ? { nonce: Number(quantity('nonce')) } : {}),
      } as Parameters<typeof client.sendTransaction>[0])
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      throw new WalletRpcError(WalletErrorCode.internal, `The transaction failed: ${message}`)
    }
  }

  const handle = async (method: string, params: unknown): Promise<unknown> => {
    const list = Array.isArray(params) ? (params as unknown[]) : []
    const delay = methodDelays.get(method)
    if (delay) await new Promise((resolve) => setTimeout(resolve, delay))
    const override = methodModes.get(method)
    if (override && !approvalMethods.has(method)) await approve(method)

    switch (method) {
      case 'eth_accounts':
        return connected ? exposedAccounts() : []
      case 'eth_chainId':
        return numberToHex(chainId)
      case 'net_version':
        return String(chainId)
      case 'eth_requestAccounts':
        // A site that already has access gets the accounts without a prompt, as in real wallets.
        if (!connected) {
          await approve(method)
          connected = true
          emit('connect', { chainId: numberToHex(chainId) })
        }
        return exposedAccounts()
      case 'wallet_getPermissions':
        return connected ? permissions() : []
      case 'wallet_requestPermissions': {
        await approve(method)
        connected = true
        return permissions()
      }
      case 'wallet_revokePermissions':
        connected = false
        return null
      case 'wallet_switchEthereumChain': {
        const target = parseChainId((list[0] as { chainId?: unknown } | undefined)?.chainId)
        if (!chains.some((chain) => chain.chainId === target)) {
          throw new WalletRpcError(
            WalletErrorCode.unrecognizedChain,
            `Unrecognized chain ID ${numberToHex(target)}. Try adding the chain using wallet_addEthereumChain first.`,
          )
        }
        if (target === chainId) return null
        await approve(method)
        chainId = target
        emit('chainChanged', numberToHex(chainId))
        return null
      }
      case 'wallet_addEthereumChain': {
        const parameters = list[0] as
          | { chainId?: unknown; chainName?: unknown; rpcUrls?: unknown; nativeCurrency?: unknown }
          | undefined
        const target = parseChainId(parameters?.chainId)
        const rpcUrl = Array.isArray(parameters?.rpcUrls) ? parameters.rpcUrls[0] : undefined
        if (typeof rpcUrl !== 'string' || typeof parameters?.chainName !== 'string') {
          throw new WalletRpcError(WalletErrorCode.invalidParams, 'chainName and rpcUrls are required.')
        }
        await approve(method)
        // Adding does not switch: the site asks for the switch itself, which keeps both steps visible.
        const added: TestWalletChain = { chainId: target, rpcUrl, name: parameters.chainName }
        const currency = parameters.nativeCurrency as TestWalletChain['nativeCurrency'] | undefined
        if (currency) added.nativeCurrency = currency
        const index = chains.findIndex((chain) => chain.chainId === target)
        if (index === -1) chains.push(added)
        else chains[index] = added
        return null
      }
      case 'personal_sign': {
        const [message, address] = list
        const account = accountFor(address)
        if (typeof message !== 'string')
          throw new WalletRpcError(WalletErrorCode.invalidParams, 'The message is missing.')
        await approve(method)
        return account.signMessage({ message: isHex(message) ? { raw: message } : message })
      }
      case 'eth_signTypedData_v4': {
        const [address, payload] = list
        const account = accountFor(address)
        let typedData: TypedDataDefinition
        try {
          typedData = (typeof payload === 'string' ? JSON.parse(payload) : payload) as TypedDataDefinition
        } catch {
          throw new WalletRpcError(WalletErrorCode.invalidParams, 'The typed data is not valid JSON.')
        }
        await approve(method)
        try {
          return await account.signTypedData(typedData)
        } catch (error) {
          throw new WalletRpcError(WalletErrorCode.invalidParams, `Invalid typed data: ${String(error)}`)
        }
      }
      case 'eth_sendTransaction': {
        const request = list[0]
        if (typeof request !== 'object' || request === null) {
          throw new WalletRpcError(WalletErrorCode.invalidParams, 'The transaction is missing.')
        }
        accountFor((request as { from?: unknown }).from)
        await approve(method)
        return sendTransaction(request as Record<string, unknown>)
      }
      default:
        if (unsupportedMethods.has(method) || !/^(eth|net|web3)_/.test(method)) {
          throw new WalletRpcError(
            WalletErrorCode.unsupportedMethod,
            `The method ${method} is not supported.`,
          )
        }
        return forward(method, params)
    }
  }

  const wallet: TestWallet = {
    isPorticoTestWallet: true,
    async request(args) {
      const entry: TestWalletRequest = {
        method: args?.method,
        params: args?.params,
        status: 'pending',
        startedAt: Date.now(),
      }
      log.push(entry)
      try {
        if (typeof args?.method !== 'string') {
          throw new WalletRpcError(WalletErrorCode.invalidParams, 'The request has no method.')
        }
        const result = await handle(args.method, args.params)
        entry.status = 'ok'
        entry.result = result
        return result
      } catch (error) {
        const rpcError =
          error instanceof WalletRpcError
            ? error
            : new WalletRpcError(WalletErrorCode.internal, String(error))
        entry.status = 'error'
        entry.error = { code: rpcError.code, message: rpcError.message }
        throw rpcError
      }
    },
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) {
        set = new Set()
        listeners.set(event, set)
      }
      set.add(listener)
      return wallet
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
      return wallet
    },
    setMode(next) {
      mode = next
    },
    setMethodMode(method, next) {
      if (next) methodModes.set(method, next)
      else methodModes.delete(method)
    },
    setMethodDelay(method, ms) {
      if (ms === undefined || ms <= 0) methodDelays.delete(method)
      else if (Number.isFinite(ms)) methodDelays.set(method, ms)
      else throw new Error(`A delay is a number of milliseconds, not ${ms}.`)
    },
    setAccount(index) {
      if (!accounts[index]) throw new Error(`The test wallet has no account ${index}.`)
      if (index === accountIndex) return
      accountIndex = index
      if (connected) emit('accountsChanged', exposedAccounts())
    },
    setChain(next) {
      if (!chains.some((chain) => chain.chainId === next))
        throw new Error(`The test wallet does not know chain ${next}.`)
      if (next === chainId) return
      chainId = next
      emit('chainChanged', numberToHex(chainId))
    },
    disconnectFromWallet() {
      connected = false
      emit('disconnect', new WalletRpcError(WalletErrorCode.disconnected, 'The wallet disconnected.'))
    },
    revokeFromWallet() {
      connected = false
      emit('accountsChanged', [])
    },
    getState: () => ({
      connected,
      accountIndex,
      address: accounts[accountIndex]!.address,
      chainId,
      mode,
      chains: [...chains],
      methodDelays: Object.fromEntries(methodDelays),
    }),
    getRequests: () => log.map((entry) => ({ ...entry })),
    clearRequests() {
      log.length = 0
    },
  }
  return wallet
}

function optional<K extends string, V>(key: K, value: V | undefined): { [P in K]?: V } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: V }
}

function parseChainId(value: unknown): number {
  if (typeof value === 'string' && /^0x[0-9a-fA-F]+$/.test(value)) return Number.parseInt(value, 16)
  throw new WalletRpcError(WalletErrorCode.invalidParams, `Expected a hex chain id, got ${String(value)}.`)
}
