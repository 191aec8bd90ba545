// The injected-extension protocol of Polkadot wallets, as extensions implement it: each one puts
// `{ version, enable(originName) }` under its own key of `window.injectedWeb3`; `enable` asks the
// visitor to let the site in and answers the accounts and a signer. Written from the protocol,
// not from a library, so the entry stays small.

/** One account an extension exposes. */
export interface InjectedAccount {
  address: string
  /** The chain the account is limited to, when the visitor limited it. */
  genesisHash?: string | null
  name?: string
  /** 'sr25519', 'ed25519', 'ecdsa' or 'ethereum'. */
  type?: string
}

export interface SignerPayloadRaw {
  address: string
  /** 0x-hex of the bytes to sign; the extension wraps them in `<Bytes>…</Bytes>`. */
  data: string
  type: 'bytes' | 'payload'
}

export interface SignerResult {
  id: number
  /** 0x-hex of the signature (with a type byte for multi-signature accounts). */
  signature: string
  signedTransaction?: string
}

/** The signer an extension hands over; `signPayload` takes `@polkadot/types`' SignerPayloadJSON. */
export interface InjectedSigner {
  signRaw?: (payload: SignerPayloadRaw) => Promise<SignerResult>
  signPayload?: (payload: Record<string, unknown>) => Promise<SignerResult>
}

/** What `enable(originName)` answers. */
export interface Injected {
  accounts: {
    get: (anyType?: boolean) => Promise<InjectedAccount[]>
    subscribe: (callback: (accounts: InjectedAccount[]) => void) => (() => void) | undefined
  }
  signer: InjectedSigner
}

/** An extension's entry under `window.injectedWeb3`. */
export interface InjectedExtension {
  version?: string
  enable: (originName: string) => Promise<Injected>
}

/** `window` as far as the protocol reads it. */
export interface InjectedWindow {
  injectedWeb3?: Record<string, unknown>
  /** Nova Wallet's in-app browser marks its `polkadot-js` entry here. */
  walletExtension?: { isNovaWallet?: boolean }
  addEventListener?: (type: string, listener: () => void) => void
  removeEventListener?: (type: string, listener: () => void) => void
}

/** Whether `value` has the shape of an extension entry. */
export function isInjectedExtension(value: unknown): value is InjectedExtension {
  return (
    typeof value === 'object' && value !== null && typeof (value as InjectedExtension).enable === 'function'
  )
}

/** Whether `value` has the shape of what `enable` answers. */
export function isInjected(value: unknown): value is Injected {
  const injected = value as Injected | null
  return (
    typeof injected === 'object' &&
    injected !== null &&
    typeof injected.accounts === 'object' &&
    injected.accounts !== null &&
    typeof injected.accounts.get === 'function' &&
    typeof injected.signer === 'object' &&
    injected.signer !== null
  )
}
