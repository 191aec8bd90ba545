import {
  createKeyPairSignerFromPrivateKeyBytes,
  getAddressEncoder,
  getBase58Encoder,
  getBase64Decoder,
  type KeyPairSigner,
  signBytes,
} from '@solana/kit'
import { WalletErrorCode, WalletRpcError } from '../../wallet/errors.js'
import { DEV_WALLET_ICON } from '../../wallet/icon.js'
import { sendWireTransaction } from './sendWireTransaction.js'
import { SUPPORTED_TRANSACTION_VERSIONS, signWireTransaction } from './signWireTransaction.js'
import { SOLANA_TEST_SEEDS } from './testSeeds.js'
import type {
  IdentifierString,
  SolanaSignAndSendTransactionInput,
  SolanaSignMessageInput,
  SolanaSignTransactionInput,
  StandardEventsChangeListener,
  StandardEventsChangeProperties,
  TestSolanaWalletFeatures,
  Wallet,
  WalletAccount,
  WalletIcon,
} from './walletStandard.js'

/**
 * How the wallet answers what a person would have to approve (connecting, signing): approve,
 * decline (4001 'User rejected the request.'), fail with an internal error (-32603), or never answer.
 */
export type TestSolanaWalletMode = 'approve' | 'reject' | 'fail' | 'hang'

/** The wallet's state, as persisted across page loads and reported after each change. */
export interface TestSolanaWalletState {
  /** Whether the app is authorised (connected). */
  connected: boolean
  accountIndex: number
  mode: TestSolanaWalletMode
  chains: readonly IdentifierString[]
}

export interface TestSolanaWalletOptions {
  /** The JSON-RPC endpoint `solana:signAndSendTransaction` sends to. */
  rpcUrl: string
  /** 32-byte ed25519 seeds, one per account; default SOLANA_TEST_SEEDS (deterministic, exported). */
  seeds?: readonly Uint8Array[]
  /** Default 'Portico Solana Dev Wallet'. */
  name?: string
  /** Default the Portico dev wallet's icon. */
  icon?: WalletIcon
  /** Default `['solana:localnet', 'solana:devnet']`. */
  chains?: readonly string[]
  /** Default 'approve'. */
  mode?: TestSolanaWalletMode
  /** Start already authorised, as after an earlier visit (silent connect answers the account). */
  connected?: boolean
  /** The account exposed at start; default 0. */
  accountIndex?: number
  /** Called after every change of {@link TestSolanaWalletState}, e.g. to persist it. */
  onStateChange?: (state: TestSolanaWalletState) => void
}

/** The Wallet Standard object of the test wallet, with its features typed. */
export interface TestSolanaWalletStandard extends Wallet {
  readonly features: TestSolanaWalletFeatures
}

export interface TestSolanaWalletRequest {
  feature: string
  input: unknown
}

/** A Wallet Standard Solana wallet that signs for real with local keys, plus switches for tests. */
export interface TestSolanaWallet {
  /** The Wallet Standard object to register with a page. */
  wallet: TestSolanaWalletStandard
  /** base58 addresses, in seed order. */
  addresses: readonly string[]
  /** Changes how requests that need approval are answered from now on. */
  setMode(mode: TestSolanaWalletMode): void
  /** Exposes another account, as a person would switch in the wallet; emits change `{ accounts }` when connected. */
  setAccount(index: number): void
  /** Changes the chains the wallet and its accounts support; emits change `{ chains, accounts }`. */
  setChains(chains: readonly string[]): void
  /** Ends the connection from the wallet's side; emits change `{ accounts: [] }`. */
  disconnectFromWallet(): void
  /** Every feature call so far, oldest first. */
  requests(): { feature: string; input: unknown }[]
  getState(): TestSolanaWalletState
}

/** The name of a Solana-only dev wallet; pass `DEV_WALLET_NAME` for one wallet in both namespaces. */
export const DEFAULT_SOLANA_DEV_WALLET_NAME = 'Portico Solana Dev Wallet'
const DEFAULT_CHAINS: readonly IdentifierString[] = ['solana:localnet', 'solana:devnet']
const ACCOUNT_FEATURES: readonly IdentifierString[] = [
  'solana:signMessage',
  'solana:signTransaction',
  'solana:signAndSendTransaction',
]

interface Key {
  signer: KeyPairSigner
  publicKey: Uint8Array
}

/**
 * Creates a Solana wallet made of code that implements the Wallet Standard (connect, disconnect,
 * events, signMessage, signTransaction, signAndSendTransaction) with real ed25519 keys, and
 * returns it with switches a test can flip (mode, account, chains, wallet-side disconnect).
 * @example
 * const { wallet, addresses, setMode } = await createTestSolanaWallet({ rpcUrl: validator.url })
 * registerTestSolanaWallet(wallet)
 */
export async function createTestSolanaWallet(options: TestSolanaWalletOptions): Promise<TestSolanaWallet> {
  const seeds = options.seeds ?? SOLANA_TEST_SEEDS
  if (seeds.length === 0) throw new RangeError('The Solana test wallet needs at least one seed.')
  const keys: Key[] = []
  for (const [index, seed] of seeds.entries()) {
    if (seed.length !== 32)
      throw new RangeError(`Seed ${index} has ${seed.length} bytes; an ed25519 seed has 32.`)
    // A copy, so a caller changing the array later cannot change the key.
    const signer = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed))
    keys.push({ signer, publicKey: new Uint8Array(getAddressEncoder().encode(signer.address)) })
  }
  const name = options.name ?? DEFAULT_SOLANA_DEV_WALLET_NAME
  const icon = options.icon ?? (DEV_WALLET_ICON as WalletIcon)
  let chains = checkChains(options.chains ?? DEFAULT_CHAINS)
  let mode: TestSolanaWalletMode = options.mode ?? 'approve'
  let connected = options.connected ?? false
  let accountIndex = options.accountIndex ?? 0
  if (!keys[accountIndex])
    throw new RangeError(`There is no account ${accountIndex}; the wallet has ${keys.length}.`)
  const log: TestSolanaWalletRequest[] = []
  const listeners = new Set<StandardEventsChangeListener>()

  // Account objects keep their identity while nothing about them changes, as apps may compare them.
  const makeAccounts = () =>
    keys.map(
      ({ signer, publicKey }): WalletAccount =>
        Object.freeze({ address: signer.address, publicKey, chains, features: ACCOUNT_FEATURES }),
    )
  let accounts = makeAccounts()
  // One array per state, so `wallet.accounts` is stable between changes for snapshot-based readers.
  let exposedAccounts: readonly WalletAccount[] = []
  const refresh = () => {
    exposedAccounts = connected ? Object.freeze([accounts[accountIndex] as WalletAccount]) : Object.freeze([])
  }
  refresh()
  const exposed = () => exposedAccounts

  const emit = (properties: StandardEventsChangeProperties) => {
    for (const listener of [...listeners]) {
      try {
        listener(properties)
      } catch (error) {
        console.error('A standard:events change listener threw.', error)
      }
    }
  }
  const state = (): TestSolanaWalletState => ({ connected, accountIndex, mode, chains })
  const changed = () => options.onStateChange?.(state())
  const setConnected = (value: boolean) => {
    if (connected === value) return
    connected = value
    refresh()
    changed()
    emit({ accounts: exposed() })
  }

  const approve = async () => {
    if (mode === 'reject')
      throw new WalletRpcError(WalletErrorCode.userRejected, 'User rejected the request.')
    if (mode === 'fail')
      throw new WalletRpcError(WalletErrorCode.internal, 'Internal error in the test wallet.')
    if (mode === 'hang') await new Promise<never>(() => {})
  }

  /** The key of the account an input names, which must be the one the app is authorised for. */
  const keyFor = (account: WalletAccount | undefined): Key => {
    const current = keys[accountIndex] as Key
    if (!connected || account?.address !== current.signer.address)
      throw new WalletRpcError(
        WalletErrorCode.unauthorized,
        `The account ${String(account?.address)} is not connected to this app.`,
      )
    return current
  }
  const checkChain = (chain: unknown, required: boolean) => {
    if (chain === undefined && !required) return
    if (typeof chain !== 'string' || !chains.includes(chain as IdentifierString))
      throw new WalletRpcError(
        WalletErrorCode.invalidParams,
        `The chain ${String(chain)} is not one of this wallet's chains (${chains.join(', ')}).`,
      )
  }

  const record = (feature: string, input: unknown) => log.push({ feature, input })

  const features: TestSolanaWalletFeatures = {
    'standard:connect': {
      version: '1.0.0',
      connect: async (input) => {
        record('standard:connect', input)
        // An app already authorised is not asked again, as wallets remember trusted sites.
        if (!connected) {
          if (input?.silent) return { accounts: [] }
          await approve()
          setConnected(true)
        }
        return { accounts: exposed() }
      },
    },
    'standard:disconnect': {
      version: '1.0.0',
      disconnect: async () => {
        record('standard:disconnect', undefined)
        setConnected(false)
      },
    },
    'standard:events': {
      version: '1.0.0',
      on: (event, listener) => {
        if (event !== 'change') return () => {}
        // Each registration is its own, so the same function added twice is removed once per off().
        const own: StandardEventsChangeListener = (properties) => listener(properties)
        listeners.add(own)
        return () => listeners.delete(own)
      },
    },
    'solana:signMessage': {
      version: '1.1.0',
      signMessage: async (...inputs: readonly SolanaSignMessageInput[]) => {
        record('solana:signMessage', inputs)
        const signers = inputs.map((input) => keyFor(input.account))
        for (const input of inputs)
          if (!(input.message instanceof Uint8Array))
            throw new WalletRpcError(WalletErrorCode.invalidParams, 'The message must be bytes.')
        await approve()
        return Promise.all(
          inputs.map(async (input, index) => ({
            signedMessage: input.message,
            signature: new Uint8Array(
              await signBytes((signers[index] as Key).signer.keyPair.privateKey, input.message),
            ),
            signatureType: 'ed25519' as const,
          })),
        )
      },
    },
    'solana:signTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: SUPPORTED_TRANSACTION_VERSIONS,
      signTransaction: async (...inputs: readonly SolanaSignTransactionInput[]) => {
        record('solana:signTransaction', inputs)
        const signers = inputs.map((input) => {
          checkChain(input.chain, false)
          return keyFor(input.account)
        })
        await approve()
        const outputs = []
        for (const [index, input] of inputs.entries())
          outputs.push({
            signedTransaction: await signWireTransaction((signers[index] as Key).signer, input.transaction),
          })
        return outputs
      },
    },
    'solana:signAndSendTransaction': {
      version: '1.0.0',
      supportedTransactionVersions: SUPPORTED_TRANSACTION_VERSIONS,
      signAndSendTransaction: async (...inputs: readonly SolanaSignAndSendTransactionInput[]) => {
        record('solana:signAndSendTransaction', inputs)
        const signers = inputs.map((input) => {
          checkChain(input.chain, true)
          return keyFor(input.account)
        })
        await approve()
        // Sent one after another in the given order, which also satisfies mode 'parallel'.
        const outputs = []
        for (const [index, input] of inputs.entries()) {
          const signed = await signWireTransaction((signers[index] as Key).signer, input.transaction)
          const signature = await sendWireTransaction(
            options.rpcUrl,
            getBase64Decoder().decode(signed),
            input.options,
          )
          outputs.push({ signature: new Uint8Array(getBase58Encoder().encode(signature)) })
        }
        return outputs
      },
    },
  }

  const wallet: TestSolanaWalletStandard = {
    version: '1.0.0',
    name,
    icon,
    get chains() {
      return chains
    },
    features,
    get accounts() {
      return exposed()
    },
  }

  return {
    wallet,
    addresses: keys.map((key) => key.signer.address),
    setMode(next) {
      mode = next
      changed()
    },
    setAccount(index) {
      if (!keys[index]) throw new RangeError(`There is no account ${index}; the wallet has ${keys.length}.`)
      if (index === accountIndex) return
      accountIndex = index
      refresh()
      changed()
      if (connected) emit({ accounts: exposed() })
    },
    setChains(next) {
      chains = checkChains(next)
      accounts = makeAccounts()
      refresh()
      changed()
      emit(connected ? { chains, accounts: exposed() } : { chains })
    },
    disconnectFromWallet() {
      setConnected(false)
    },
    requests: () => log.map((entry) => ({ ...entry })),
    getState: state,
  }
}

function checkChains(chains: readonly string[]): readonly IdentifierString[] {
  for (const chain of chains)
    if (!/^solana:[a-z0-9-]+$/.test(chain))
      throw new RangeError(`${chain} is not a Solana Wallet Standard chain such as 'solana:devnet'.`)
  return Object.freeze([...chains]) as readonly IdentifierString[]
}
