import { placeProvider } from './createTestUnisatWallet.js'
import {
  base64ToBytes,
  deriveTestAccounts,
  Psbt,
  playPrompt,
  signMessageAs,
  signPsbtAs,
  TEST_BITCOIN_NETWORKS,
  type TestBitcoinPromptMode,
  type TestBitcoinWalletChain,
} from './testBitcoinSigner.js'

export interface TestPhantomBitcoinWalletOptions {
  chain?: TestBitcoinWalletChain
  accounts?: number
  mode?: TestBitcoinPromptMode
  connected?: boolean
  accountIndex?: number
  onStateChange?: (state: TestPhantomBitcoinWalletState) => void
}

export interface TestPhantomBitcoinWalletState {
  connected: boolean
  accountIndex: number
  mode: TestBitcoinPromptMode
}

export interface TestPhantomBitcoinAccount {
  address: string
  addressType: 'p2wpkh' | 'p2tr'
  publicKey: string
  purpose: 'payment' | 'ordinals'
}

/** Phantom's bitcoin provider, as the test wallet answers it. */
export interface TestPhantomBitcoinProvider {
  readonly isPhantom: true
  requestAccounts(): Promise<TestPhantomBitcoinAccount[]>
  signMessage(address: string, message: Uint8Array): Promise<{ signature: Uint8Array }>
  signPSBT(
    psbt: Uint8Array,
    options: { inputsToSign: { address: string; signingIndexes: number[] }[]; finalize?: boolean },
  ): Promise<Uint8Array>
  on(event: string, listener: (...args: unknown[]) => void): void
  removeListener(event: string, listener: (...args: unknown[]) => void): void
}

export interface TestPhantomBitcoinWallet {
  provider: TestPhantomBitcoinProvider
  accounts: readonly { payment: string; ordinals: string }[]
  state(): TestPhantomBitcoinWalletState
  setMode(mode: TestBitcoinPromptMode): void
  setAccount(index: number): void
  revoke(): void
  /** Puts the provider at `window.phantom.bitcoin`, next to whatever else `window.phantom` holds. */
  install(target: object): () => void
  readonly requests: readonly { method: string; params: unknown[] }[]
}

/**
 * Phantom's bitcoin provider made of code: accounts with purposes (P2WPKH payment, P2TR ordinals),
 * `signMessage(address, bytes)`, `signPSBT(bytes, { inputsToSign })`, `accountsChanged` events.
 * @example
 * createTestPhantomBitcoinWallet().install(window)
 */
export function createTestPhantomBitcoinWallet(
  options: TestPhantomBitcoinWalletOptions = {},
): TestPhantomBitcoinWallet {
  const chain = options.chain ?? 'regtest'
  let mode = options.mode ?? 'approve'
  let connected = options.connected ?? false
  let accountIndex = options.accountIndex ?? 0
  const keys = deriveTestAccounts(chain, options.accounts ?? 2)
  const listeners = new Map<string, Set<(...args: unknown[]) => void>>()
  const requests: { method: string; params: unknown[] }[] = []
  const state = (): TestPhantomBitcoinWalletState => ({ connected, accountIndex, mode })
  const changed = () => options.onStateChange?.(state())
  const list = (): TestPhantomBitcoinAccount[] => {
    const account = keys[accountIndex]!
    return [
      {
        address: account.ordinals.address,
        addressType: 'p2tr',
        publicKey: account.ordinals.publicKey,
        purpose: 'ordinals',
      },
      {
        address: account.payment.address,
        addressType: 'p2wpkh',
        publicKey: account.payment.publicKey,
        purpose: 'payment',
      },
    ]
  }
  const emit = (event: string, ...args: unknown[]) => {
    for (const listener of listeners.get(event) ?? []) listener(...args)
  }
  const requireConnected = () => {
    if (!connected) throw Object.assign(new Error('The site is not connected.'), { code: 4100 })
  }
  const log = (method: string, ...params: unknown[]) => requests.push({ method, params })

  const provider: TestPhantomBitcoinProvider = {
    isPhantom: true,
    requestAccounts() {
      log('requestAccounts')
      // A trusted site is answered without a prompt, as Phantom does.
      if (connected) return Promise.resolve(list())
      return playPrompt(mode, () => {
        connected = true
        changed()
        return list()
      }, [{ address: 42 }])
    },
    signMessage(address, message) {
      log('signMessage', address, message)
      return playPrompt(
        mode,
        () => {
          requireConnected()
          return {
            signature: base64ToBytes(
              signMessageAs(keys[accountIndex]!, address, new TextDecoder().decode(message)),
            ),
          }
        },
        { signature: 'not bytes' },
      )
    },
    signPSBT(bytes, signOptions) {
      log('signPSBT', bytes, signOptions)
      return playPrompt(
        mode,
        () => {
          requireConnected()
          const psbt = Psbt.fromBuffer(bytes, { network: TEST_BITCOIN_NETWORKS[chain] })
          for (const input of signOptions.inputsToSign)
            signPsbtAs(keys[accountIndex]!, psbt, input.address, input.signingIndexes)
          if (signOptions.finalize) psbt.finalizeAllInputs()
          return psbt.toBuffer()
        },
        'not bytes',
      )
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
    accounts: keys.map((account) => ({
      payment: account.payment.address,
      ordinals: account.ordinals.address,
    })),
    state,
    setMode(next) {
      mode = next
      changed()
    },
    setAccount(index) {
      if (!keys[index]) throw new RangeError(`The wallet has ${keys.length} accounts.`)
      accountIndex = index
      changed()
      emit('accountsChanged', connected ? list() : [])
    },
    revoke() {
      connected = false
      changed()
      emit('accountsChanged', [])
    },
    install: (target) => placeProvider(target, ['phantom', 'bitcoin'], provider),
    requests,
  }
}
