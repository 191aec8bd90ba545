import {
  deriveTestAccounts,
  finalizeToHex,
  Psbt,
  playPrompt,
  signMessageAs,
  signPsbtAs,
  TEST_BITCOIN_NETWORKS,
  type TestBitcoinPromptMode,
  type TestBitcoinWalletChain,
} from './testBitcoinSigner.js'

/** Where Unisat-style wallets put the API: UniSat itself, OKX, Bitget. */
export type TestUnisatPlacement = 'unisat' | 'okx' | 'bitget'

const PATHS: Record<TestUnisatPlacement, readonly string[]> = {
  unisat: ['unisat'],
  okx: ['okxwallet', 'bitcoin'],
  bitget: ['bitkeep', 'unisat'],
}

export interface TestUnisatWalletOptions {
  chain?: TestBitcoinWalletChain
  accounts?: number
  mode?: TestBitcoinPromptMode
  connected?: boolean
  accountIndex?: number
  /** Lets `pushPsbt` broadcast the finalized transaction (hex), answering its id. */
  broadcast?: (transactionHex: string) => Promise<string>
  onStateChange?: (state: TestUnisatWalletState) => void
}

export interface TestUnisatWalletState {
  connected: boolean
  accountIndex: number
  mode: TestBitcoinPromptMode
}

/** The Unisat-style injected API, as the test wallet answers it. */
export interface TestUnisatProvider {
  requestAccounts(): Promise<string[]>
  getAccounts(): Promise<string[]>
  getPublicKey(): Promise<string>
  getNetwork(): Promise<string>
  getChain(): Promise<{ enum: string; name: string; network: string }>
  switchChain(chain: string): Promise<unknown>
  signMessage(message: string, type?: string): Promise<string>
  signPsbt(
    psbtHex: string,
    options?: { autoFinalized?: boolean; toSignInputs?: { index: number; address?: string }[] },
  ): Promise<string>
  pushPsbt(psbtHex: string): Promise<string>
  on(event: string, listener: (...args: unknown[]) => void): void
  removeListener(event: string, listener: (...args: unknown[]) => void): void
}

export interface TestUnisatWallet {
  provider: TestUnisatProvider
  /** Each account's one address (the test key's P2WPKH): payment and ordinals at once. */
  accounts: readonly string[]
  state(): TestUnisatWalletState
  setMode(mode: TestBitcoinPromptMode): void
  setAccount(index: number): void
  revoke(): void
  /** Puts the provider where the wallet of `placement` does; returns the removal. */
  install(target: object, placement?: TestUnisatPlacement): () => void
  readonly requests: readonly { method: string; params: unknown[] }[]
}

// The test chain answers under a name of its own: Unisat's enums have no regtest.
const CHAIN_ENUMS: Record<TestBitcoinWalletChain, string> = {
  mainnet: 'BITCOIN_MAINNET',
  testnet: 'BITCOIN_TESTNET',
  regtest: 'BITCOIN_REGTEST',
}

/**
 * A wallet of the Unisat-style injected API made of code: one address per account (the test key's
 * P2WPKH, holding payment and ordinals alike), `signMessage` with 'ecdsa' or 'bip322-simple', hex
 * PSBTs, `accountsChanged` events.
 * @example
 * createTestUnisatWallet().install(window, 'okx') // window.okxwallet.bitcoin
 */
export function createTestUnisatWallet(options: TestUnisatWalletOptions = {}): TestUnisatWallet {
  const chain = options.chain ?? 'regtest'
  let mode = options.mode ?? 'approve'
  let connected = options.connected ?? false
  let accountIndex = options.accountIndex ?? 0
  const keys = deriveTestAccounts(chain, options.accounts ?? 2)
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const requests: { method: string; params: unknown[] }[] = []
  const state = (): TestUnisatWalletState => ({ connected, accountIndex, mode })
  const changed = () => options.onStateChange?.(state())
  const address = () => keys[accountIndex]!.payment.address
  const visible = () => (connected ? [address()] : [])
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const requireConnected = () => {
    if (!connected) throw Object.assign(new Error('The site is not connected.'), { code: 4100 })
  }
  const log = (method: string, ...params: unknown[]) => requests.push({ method, params })
  const signHex = (psbtHex: string, toSign: { index: number; address?: string }[] | undefined) => {
    requireConnected()
    const psbt = Psbt.fromHex(psbtHex, { network: TEST_BITCOIN_NETWORKS[chain] })
    const indexes = toSign?.map((input) => input.index) ?? psbt.data.inputs.map((_, index) => index)
    return signPsbtAs(keys[accountIndex]!, psbt, address(), indexes)
  }

  const provider: TestUnisatProvider = {
    requestAccounts() {
      log('requestAccounts')
      // A site already allowed is answered at once, as the extension does.
      if (connected) return Promise.resolve([address()])
      return playPrompt(mode, () => {
        connected = true
        changed()
        return [address()]
      }, ['not an address'])
    },
    async getAccounts() {
      log('getAccounts')
      return visible()
    },
    async getPublicKey() {
      requireConnected()
      return keys[accountIndex]!.payment.publicKey
    },
    async getNetwork() {
      return chain === 'mainnet' ? 'livenet' : 'testnet'
    },
    async getChain() {
      return {
        enum: CHAIN_ENUMS[chain],
        name: `Bitcoin ${chain}`,
        network: chain === 'mainnet' ? 'livenet' : 'testnet',
      }
    },
    async switchChain(next) {
      log('switchChain', next)
      if (next !== CHAIN_ENUMS[chain])
        throw Object.assign(new Error(`The test wallet stays on ${chain}.`), { code: 4200 })
      return this.getChain()
    },
    signMessage(message, type) {
      log('signMessage', message, type)
      return playPrompt(
        mode,
        () => {
          requireConnected()
          return signMessageAs(keys[accountIndex]!, address(), message, type === 'ecdsa' ? 'ecdsa' : 'bip322')
        },
        { signature: 'not a string' },
      )
    },
    signPsbt(psbtHex, signOptions) {
      log('signPsbt', psbtHex, signOptions)
      return playPrompt(
        mode,
        () => {
          const psbt = signHex(psbtHex, signOptions?.toSignInputs)
          if (signOptions?.autoFinalized !== false) psbt.finalizeAllInputs()
          return psbt.toHex()
        },
        'zz',
      )
    },
    async pushPsbt(psbtHex) {
      log('pushPsbt', psbtHex)
      if (!options.broadcast) throw new Error('The test wallet has no node to push to.')
      const psbt = Psbt.fromHex(psbtHex, { network: TEST_BITCOIN_NETWORKS[chain] })
      return options.broadcast(finalizeToHex(psbt))
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      listeners.set(event, set)
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }

  return {
    provider,
    accounts: keys.map((account) => account.payment.address),
    state,
    setMode(next) {
      mode = next
      changed()
    },
    setAccount(index) {
      if (!keys[index]) throw new RangeError(`The wallet has ${keys.length} accounts.`)
      accountIndex = index
      changed()
      emit('accountsChanged', visible())
    },
    revoke() {
      connected = false
      changed()
      emit('accountsChanged', [])
    },
    install(target, placement = 'unisat') {
      return placeProvider(target, PATHS[placement], provider)
    },
    requests,
  }
}

/** Puts `provider` at `path` on `target`, keeping what else the namespace object holds; returns the removal. */
export function placeProvider(target: object, path: readonly string[], provider: object): () => void {
  let node = target as Record<string, unknown>
  for (const key of path.slice(0, -1)) {
    if (typeof node[key] !== 'object' || node[key] === null) node[key] = {}
    node = node[key] as Record<string, unknown>
  }
  const last = path.at(-1)!
  node[last] = provider
  return () => {
    if (node[last] === provider) delete node[last]
  }
}
