import {
  registerTestSolanaWallet,
  type WalletStandardTarget,
} from '../../solana/wallet/registerTestSolanaWallet.js'
import type { Wallet } from '../../solana/wallet/walletStandard.js'
import { DEV_WALLET_ICON, DEV_WALLET_NAME } from '../../wallet/icon.js'
import {
  base64ToBytes,
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

/** A Wallet Standard account, as the wallet hands it out. */
interface StandardAccount {
  readonly address: string
  readonly publicKey: Uint8Array
  readonly chains: readonly `${string}:${string}`[]
  readonly features: readonly `${string}:${string}`[]
}

export interface TestBitcoinStandardWalletOptions {
  /** Default 'Portico Dev Wallet'. */
  name?: string
  icon?: string
  chain?: TestBitcoinWalletChain
  accounts?: number
  mode?: TestBitcoinPromptMode
  connected?: boolean
  accountIndex?: number
  /**
   * Offer `bitcoin:signAndSendTransaction`, broadcasting the finalized transaction (hex) through this
   * and answering its id; with `sendOnly`, `bitcoin:signTransaction` is left out.
   */
  broadcast?: (transactionHex: string) => Promise<string>
  sendOnly?: boolean
  onStateChange?: (state: TestBitcoinStandardWalletState) => void
}

export interface TestBitcoinStandardWalletState {
  connected: boolean
  accountIndex: number
  mode: TestBitcoinPromptMode
}

export interface TestBitcoinStandardWallet {
  /** The Wallet Standard wallet object, as the page's register receives it. */
  wallet: Wallet
  accounts: readonly { payment: string; ordinals: string }[]
  state(): TestBitcoinStandardWalletState
  setMode(mode: TestBitcoinPromptMode): void
  /** Picks another account and tells the site (`standard:events` change). */
  setAccount(index: number): void
  /** The wallet forgets the site: no accounts, and a change event saying so. */
  revoke(): void
  /** Registers the wallet with the page by the Wallet Standard's events; returns the unregister. */
  register(target?: WalletStandardTarget): () => void
  /** Every feature call the site made, in order. */
  readonly requests: readonly { feature: string; input: unknown }[]
}

const CHAINS: Record<TestBitcoinWalletChain, `bitcoin:${string}`> = {
  regtest: 'bitcoin:regtest',
  testnet: 'bitcoin:testnet',
  mainnet: 'bitcoin:mainnet',
}

const fromHex = (value: string) =>
  Uint8Array.from(value.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))

/**
 * A Bitcoin wallet of the Wallet Standard made of code (`bitcoin:connect`, `bitcoin:signMessage`,
 * `bitcoin:signTransaction`, `bitcoin:signAndSendTransaction` with `broadcast`, `standard:events`,
 * `standard:disconnect`) over test keys: a P2WPKH payment and a P2TR ordinals address per account.
 * @example
 * const test = createTestBitcoinStandardWallet()
 * test.register(window)
 */
export function createTestBitcoinStandardWallet(
  options: TestBitcoinStandardWalletOptions = {},
): TestBitcoinStandardWallet {
  const chain = options.chain ?? 'regtest'
  let mode = options.mode ?? 'approve'
  let connected = options.connected ?? false
  let accountIndex = options.accountIndex ?? 0
  const keys = deriveTestAccounts(chain, options.accounts ?? 2)
  const listeners = new Set<(change: { accounts?: readonly StandardAccount[] }) => void>()
  const requests: { feature: string; input: unknown }[] = []
  const features = ['bitcoin:signMessage', 'bitcoin:signTransaction'] as const
  // One object per address, as wallets keep them: the site may compare them.
  const standardAccounts = keys.map((account) => ({
    payment: {
      address: account.payment.address,
      publicKey: fromHex(account.payment.publicKey),
      chains: [CHAINS[chain]],
      features,
    } satisfies StandardAccount,
    ordinals: {
      address: account.ordinals.address,
      publicKey: fromHex(account.ordinals.publicKey),
      chains: [CHAINS[chain]],
      features,
    } satisfies StandardAccount,
  }))
  const state = (): TestBitcoinStandardWalletState => ({ connected, accountIndex, mode })
  const changed = () => options.onStateChange?.(state())
  const current = () => standardAccounts[accountIndex]!
  const visible = (): readonly StandardAccount[] => (connected ? [current().payment, current().ordinals] : [])
  const emit = () => {
    for (const listener of listeners) listener({ accounts: visible() })
  }
  const requireConnected = () => {
    if (!connected) throw Object.assign(new Error('The site is not connected.'), { code: 4100 })
  }
  const signPsbt = (input: {
    psbt: Uint8Array
    inputsToSign: { account: StandardAccount; signingIndexes: number[] }[]
  }) => {
    requireConnected()
    const psbt = Psbt.fromBuffer(input.psbt, { network: TEST_BITCOIN_NETWORKS[chain] })
    for (const { account, signingIndexes } of input.inputsToSign)
      signPsbtAs(keys[accountIndex]!, psbt, account.address, signingIndexes)
    return psbt
  }

  const featureSet: Record<string, unknown> = {
    'bitcoin:connect': {
      version: '1.0.0',
      connect(input: { purposes: ('payment' | 'ordinals')[] }) {
        requests.push({ feature: 'bitcoin:connect', input })
        return playPrompt(
          mode,
          () => {
            connected = true
            changed()
            const byPurpose = { payment: current().payment, ordinals: current().ordinals }
            return { accounts: input.purposes.map((purpose) => byPurpose[purpose]) }
          },
          { accounts: [{ address: 'not an address' }] },
        )
      },
    },
    'bitcoin:signMessage': {
      version: '1.0.0',
      signMessage(...inputs: { account: StandardAccount; message: Uint8Array }[]) {
        requests.push({ feature: 'bitcoin:signMessage', input: inputs })
        return playPrompt(mode, () => {
          requireConnected()
          return inputs.map(({ account, message }) => ({
            signedMessage: message,
            signature: base64ToBytes(
              signMessageAs(keys[accountIndex]!, account.address, new TextDecoder().decode(message)),
            ),
          }))
        }, [{ signature: 'not bytes' }])
      },
    },
    'standard:events': {
      version: '1.0.0',
      on(event: string, listener: (change: { accounts?: readonly StandardAccount[] }) => void) {
        if (event !== 'change') return () => {}
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      async disconnect() {
        requests.push({ feature: 'standard:disconnect', input: undefined })
        connected = false
        changed()
      },
    },
  }
  if (!options.sendOnly)
    featureSet['bitcoin:signTransaction'] = {
      version: '1.0.0',
      signTransaction(input: Parameters<typeof signPsbt>[0]) {
        requests.push({ feature: 'bitcoin:signTransaction', input })
        return playPrompt(mode, () => ({ signedPsbt: signPsbt(input).toBuffer() }), {
          signedPsbt: 'not bytes',
        })
      },
    }
  const { broadcast } = options
  if (broadcast)
    featureSet['bitcoin:signAndSendTransaction'] = {
      version: '1.0.0',
      async signAndSendTransaction(...inputs: Parameters<typeof signPsbt>[0][]) {
        requests.push({ feature: 'bitcoin:signAndSendTransaction', input: inputs })
        const signed = await playPrompt(mode, () => inputs.map((input) => finalizeToHex(signPsbt(input))), [])
        if (!Array.isArray(signed) || signed.length === 0) return [{ txId: 'not a transaction id' }]
        return Promise.all(signed.map(async (hex) => ({ txId: await broadcast(hex) })))
      },
    }

  const wallet: Wallet = {
    version: '1.0.0',
    name: options.name ?? DEV_WALLET_NAME,
    icon: (options.icon ?? DEV_WALLET_ICON) as Wallet['icon'],
    chains: [CHAINS[chain]] as unknown as Wallet['chains'],
    features: featureSet as Wallet['features'],
    get accounts() {
      return visible() as unknown as Wallet['accounts']
    },
  }

  return {
    wallet,
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
      emit()
    },
    revoke() {
      connected = false
      changed()
      emit()
    },
    register: (target) => registerTestSolanaWallet(wallet, target),
    requests,
  }
}
