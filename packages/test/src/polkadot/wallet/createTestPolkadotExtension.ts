import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { u8aToHex } from '@polkadot/util'
import { cryptoWaitReady, decodeAddress } from '@polkadot/util-crypto'
import { DEV_WALLET_ICON, DEV_WALLET_NAME } from '../../wallet/icon.js'
import { POLKADOT_TEST_ACCOUNTS } from '../testAccounts.js'
import type {
  Injected,
  InjectedAccount,
  InjectedWindowProvider,
  SignerPayloadJSON,
  SignerPayloadRaw,
  SignerResult,
} from './injectedWeb3.js'
import { signMessageWithPair, signPayloadWithPair } from './signWithPair.js'

/**
 * How the extension answers what a person would have to approve (letting a site in, signing):
 * approve; reject as extensions do (an Error 'Cancelled' for a signature, a "not allowed" Error for
 * access); fail with an error of the extension's own; or never answer.
 */
export type TestPolkadotExtensionMode = 'approve' | 'reject' | 'fail' | 'hang'

/** A key the extension holds. */
export interface TestPolkadotExtensionKey {
  /** Secret URI for @polkadot/keyring, e.g. '//Alice'. */
  uri: string
  name?: string
  /** Default sr25519. */
  type?: 'sr25519' | 'ed25519'
}

export interface TestPolkadotExtensionOptions {
  /** Default the six development accounts (//Alice … //Ferdie), sr25519. */
  keys?: readonly TestPolkadotExtensionKey[]
  /**
   * The SS58 prefix of the addresses it hands out; default 42 (generic Substrate), as extensions do
   * unless a person picks a network: a site re-encodes them for its chain.
   */
  ss58Prefix?: number
  /** Default 'approve'. */
  mode?: TestPolkadotExtensionMode
  /** The site is already allowed in (as after an earlier visit): `enable` answers without asking. */
  authorized?: boolean
  /** Indices of the keys the site sees; default all of them. */
  exposed?: readonly number[]
  /** Called after every change of {@link TestPolkadotExtensionState}, e.g. to persist it. */
  onStateChange?: (state: TestPolkadotExtensionState) => void
}

export interface TestPolkadotExtensionState {
  authorized: boolean
  exposed: readonly number[]
  mode: TestPolkadotExtensionMode
}

export interface TestPolkadotExtensionRequest {
  method: 'enable' | 'accounts.get' | 'signRaw' | 'signPayload'
  input: unknown
}

/** The key under `window.injectedWeb3` and the face of the test extension. */
export const POLKADOT_DEV_WALLET = Object.freeze({
  /** Its `injectedWeb3` key. */
  key: 'portico-dev-wallet',
  /** The same name as the EVM and Solana dev wallets, so a site shows one multi-chain row. */
  name: DEV_WALLET_NAME,
  icon: DEV_WALLET_ICON,
})

/** The protocol version the extension reports, as @polkadot/extension-inject does its own. */
export const TEST_POLKADOT_EXTENSION_VERSION = '0.62.1'

/** A Polkadot extension made of code: the injected protocol over local keys, plus test switches. */
export interface TestPolkadotExtension {
  /** The object to put under `window.injectedWeb3[key]`. */
  provider: InjectedWindowProvider
  /** Every key the extension holds, exposed or not, in the order given. */
  accounts: readonly (InjectedAccount & { address: string; publicKey: `0x${string}` })[]
  setMode(mode: TestPolkadotExtensionMode): void
  /** Changes which keys the site sees, as a person would in the extension; subscribers are told. */
  setAccounts(indices: readonly number[]): void
  /** Withdraws the site's access, as a person would in the extension; subscribers get []. */
  revoke(): void
  /** Every call so far, oldest first. */
  requests(): TestPolkadotExtensionRequest[]
  getState(): TestPolkadotExtensionState
}

/**
 * Creates a Polkadot wallet extension written against the injected-extension protocol, backed by
 * @polkadot/keyring: `enable(originName)` → `{ accounts: { get, subscribe }, signer: { signRaw,
 * signPayload } }`. `signRaw` signs the `<Bytes>`-wrapped data as extensions do; `signPayload`
 * builds the ExtrinsicPayload from the SignerPayloadJSON and answers a typed signature the chain
 * accepts. Resolves once the WebAssembly crypto is ready.
 * @example
 * const extension = await createTestPolkadotExtension()
 * window.injectedWeb3 = { [POLKADOT_DEV_WALLET.key]: extension.provider }
 * extension.setMode('reject')
 */
export async function createTestPolkadotExtension(
  options: TestPolkadotExtensionOptions = {},
): Promise<TestPolkadotExtension> {
  await cryptoWaitReady()
  const ss58Prefix = options.ss58Prefix ?? 42
  const definitions: readonly TestPolkadotExtensionKey[] =
    options.keys ?? POLKADOT_TEST_ACCOUNTS.map(({ uri, name }) => ({ uri, name }))
  if (definitions.length === 0) throw new RangeError('The test extension needs at least one key.')
  const keyrings = {
    sr25519: new Keyring({ type: 'sr25519', ss58Format: ss58Prefix }),
    ed25519: new Keyring({ type: 'ed25519', ss58Format: ss58Prefix }),
  }
  const pairs: KeyringPair[] = definitions.map(({ uri, type = 'sr25519', name }) =>
    keyrings[type].addFromUri(uri, name === undefined ? {} : { name }),
  )
  const accounts = pairs.map((pair, index) =>
    Object.freeze({
      address: pair.address,
      publicKey: u8aToHex(pair.publicKey),
      genesisHash: null,
      name: definitions[index]?.name ?? `Account ${index + 1}`,
      type: pair.type as 'sr25519' | 'ed25519',
    }),
  )
  type Held = (typeof accounts)[number]

  let mode: TestPolkadotExtensionMode = options.mode ?? 'approve'
  let authorized = options.authorized ?? false
  let exposed = checkIndices(options.exposed ?? accounts.map((_, index) => index), accounts.length)
  let nextId = 1
  const log: TestPolkadotExtensionRequest[] = []
  const subscribers = new Set<(accounts: InjectedAccount[]) => void>()

  const state = (): TestPolkadotExtensionState => ({ authorized, exposed, mode })
  const visible = (): InjectedAccount[] =>
    authorized
      ? exposed.map((index) => {
          // What extensions answer: no public key, only the address.
          const { address, genesisHash, name, type } = accounts[index] as Held
          return { address, genesisHash, name, type }
        })
      : []
  const notify = () => {
    options.onStateChange?.(state())
    const current = visible()
    for (const subscriber of [...subscribers]) {
      try {
        subscriber(current.map((account) => ({ ...account })))
      } catch (error) {
        console.error('An accounts subscriber of the test extension threw.', error)
      }
    }
  }

  /** Waits for the person: approves, or rejects with `rejection`, or never answers. */
  const ask = async (rejection: () => Error) => {
    if (mode === 'reject') throw rejection()
    if (mode === 'fail') throw new Error('Internal error in the test extension.')
    if (mode === 'hang') await new Promise<never>(() => {})
  }
  const cancelled = () => new Error('Cancelled')

  /** The pair for an exposed account named by an address of any prefix (or a hex public key). */
  const pairFor = (address: unknown): KeyringPair => {
    if (!authorized) throw new Error('The site is not allowed to use this extension; call enable first.')
    let publicKey: string
    try {
      publicKey = u8aToHex(decodeAddress(address as string))
    } catch {
      throw new Error(`${String(address)} is not an SS58 address or public key.`)
    }
    const index = exposed.find((candidate) => accounts[candidate]?.publicKey === publicKey)
    if (index === undefined)
      throw new Error(`Unable to find the account ${String(address)} in the extension.`)
    return pairs[index] as KeyringPair
  }

  const injected: Injected = {
    accounts: {
      get: async (anyType) => {
        log.push({ method: 'accounts.get', input: anyType })
        return visible()
      },
      subscribe: (callback) => {
        // Own wrapper, so subscribing the same function twice needs two unsubscribes.
        const own = (list: InjectedAccount[]) => callback(list)
        subscribers.add(own)
        // Extensions answer a new subscriber with the current list straight away.
        queueMicrotask(() => {
          if (subscribers.has(own)) own(visible())
        })
        return () => {
          subscribers.delete(own)
        }
      },
    },
    signer: {
      signRaw: async (raw: SignerPayloadRaw): Promise<SignerResult> => {
        log.push({ method: 'signRaw', input: { ...raw } })
        const pair = pairFor(raw?.address)
        if (typeof raw.data !== 'string') throw new Error('signRaw needs data as a hex or text string.')
        await ask(cancelled)
        return { id: nextId++, signature: signMessageWithPair(pair, raw.data) }
      },
      signPayload: async (payload: SignerPayloadJSON): Promise<SignerResult> => {
        log.push({ method: 'signPayload', input: { ...payload } })
        const pair = pairFor(payload?.address)
        if (!Array.isArray(payload.signedExtensions) || typeof payload.method !== 'string')
          throw new Error('signPayload needs a SignerPayloadJSON (method, signedExtensions, ...).')
        await ask(cancelled)
        return { id: nextId++, signature: signPayloadWithPair(pair, payload) }
      },
    },
  }

  const provider: InjectedWindowProvider = {
    version: TEST_POLKADOT_EXTENSION_VERSION,
    enable: async (originName) => {
      log.push({ method: 'enable', input: originName })
      if (typeof originName !== 'string' || originName.trim() === '')
        throw new Error('An app must give its name to enable an extension.')
      // A site let in once is not asked again, as extensions remember authorised sites.
      if (!authorized) {
        await ask(() => new Error(`The source ${originName} is not allowed to interact with this extension`))
        authorized = true
        notify()
      }
      return injected
    },
  }

  return {
    provider,
    accounts,
    setMode(next) {
      mode = next
      options.onStateChange?.(state())
    },
    setAccounts(indices) {
      exposed = checkIndices(indices, accounts.length)
      notify()
    },
    revoke() {
      if (!authorized) return
      authorized = false
      notify()
    },
    requests: () => log.map((entry) => ({ ...entry })),
    getState: state,
  }
}

function checkIndices(indices: readonly number[], count: number): readonly number[] {
  for (const index of indices)
    if (!Number.isInteger(index) || index < 0 || index >= count)
      throw new RangeError(`There is no account ${index}; the extension holds ${count}.`)
  return Object.freeze([...new Set(indices)])
}
