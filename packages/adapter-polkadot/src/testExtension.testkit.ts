// A keyring-backed implementation of the injected-extension protocol for the adapter's own tests:
// real sr25519 signatures over `<Bytes>…</Bytes>` and over extrinsic payloads, a site that must be
// let in once, and a visitor who approves, declines or never answers.
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import type { Registry } from '@polkadot/types/types'
import { u8aToHex, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import type { Injected, InjectedAccount, InjectedExtension, SignerPayloadRaw } from './injectedWeb3.js'

export type TestExtensionMode = 'approve' | 'reject' | 'hang'

export interface TestExtension {
  extension: InjectedExtension
  pairs: KeyringPair[]
  /** How prompts (access, signing) are answered from now on. */
  setMode(mode: TestExtensionMode): void
  /** Puts account `index` first, as picking another account in the extension does. */
  setAccount(index: number): void
  /**
   * The visitor turns the site's access off (polkadot{.js}' "Manage website access"): subscribers
   * hear an empty list, and `enable` refuses at once, without a prompt.
   */
  revoke(): void
  /** Silent requests (enable for an allowed site, accounts.get) go unanswered. */
  hangSilently(): void
  /** What `enable` was called with. */
  origins: string[]
  /** Payloads the extension signed. */
  signedPayloads: Record<string, unknown>[]
}

export async function createTestExtension(
  seeds: readonly string[] = ['//Alice', '//Bob'],
  options: {
    ss58Format?: number
    extraAccounts?: InjectedAccount[]
    /** The chain's registry (`api.registry`), so payloads are read with its metadata as extensions do. */
    registry?: Registry
    /** Runs after the visitor approved a transaction and before it is signed (to change the chain meanwhile). */
    beforeSign?: () => Promise<void>
  } = {},
): Promise<TestExtension> {
  await cryptoWaitReady()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: options.ss58Format ?? 42 })
  const pairs = seeds.map((seed) => keyring.addFromUri(seed))
  let order = pairs.map((_, index) => index)
  let mode: TestExtensionMode = 'approve'
  let allowed = false
  let denied = false
  let silentHang = false
  const listeners = new Set<(accounts: InjectedAccount[]) => void>()
  const origins: string[] = []
  const signedPayloads: Record<string, unknown>[] = []

  const accounts = (): InjectedAccount[] =>
    allowed
      ? [
          ...order.map((index) => ({
            address: pairs[index]!.address,
            name: `Test ${index}`,
            type: 'sr25519',
          })),
          ...(options.extraAccounts ?? []),
        ]
      : []
  const notify = () => {
    for (const listener of listeners) listener(accounts())
  }
  const prompt = async <T>(answer: () => T | Promise<T>): Promise<T> => {
    if (mode === 'hang') return new Promise<T>(() => {})
    if (mode === 'reject') throw new Error('Cancelled')
    return answer()
  }
  const pairOf = (address: string) => {
    const pair = pairs.find((candidate) => candidate.address === keyring.encodeAddress(address))
    if (!pair) throw new Error(`Unable to find a keypair for ${address}`)
    return pair
  }

  const injected: Injected = {
    accounts: {
      get: async () => {
        if (silentHang) return new Promise(() => {})
        return accounts()
      },
      subscribe: (callback) => {
        listeners.add(callback)
        queueMicrotask(() => callback(accounts()))
        return () => listeners.delete(callback)
      },
    },
    signer: {
      signRaw: (payload: SignerPayloadRaw) =>
        prompt(() => ({
          id: 1,
          signature: u8aToHex(pairOf(payload.address).sign(u8aWrapBytes(payload.data))),
        })),
      signPayload: (payload: Record<string, unknown>) =>
        prompt(async () => {
          await options.beforeSign?.()
          const registry = options.registry ?? new TypeRegistry()
          if (!options.registry) registry.setSignedExtensions(payload.signedExtensions as string[])
          const extrinsic = registry.createType('ExtrinsicPayload', payload, {
            version: payload.version as number,
          })
          signedPayloads.push(payload)
          return { id: 2, ...extrinsic.sign(pairOf(payload.address as string)) }
        }),
    },
  }

  return {
    pairs,
    origins,
    signedPayloads,
    extension: {
      version: '0.1.0-test',
      enable: async (origin: string) => {
        origins.push(origin)
        if (denied) throw new Error(`The source ${origin} is not allowed to interact with this extension`)
        if (allowed) {
          if (silentHang) return new Promise(() => {})
          return injected
        }
        return prompt(() => {
          allowed = true
          return injected
        })
      },
    },
    setMode: (next) => {
      mode = next
    },
    setAccount: (index) => {
      order = [index, ...order.filter((candidate) => candidate !== index)]
      notify()
    },
    revoke: () => {
      allowed = false
      denied = true
      notify()
    },
    hangSilently: () => {
      silentHang = true
    },
  }
}
