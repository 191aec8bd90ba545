// The injected-extension protocol of Polkadot wallets (polkadot-js extension, Talisman, SubWallet,
// Enkrypt...), typed from the protocol: each extension puts `{ version, enable(originName) }` under
// its own key of `window.injectedWeb3`, and `enable` answers its accounts and a signer.

/** One account an extension exposes to a site. */
export interface InjectedAccount {
  address: string
  /** The chain the account is limited to; null when it may be used on any. */
  genesisHash?: string | null
  name?: string
  type?: 'sr25519' | 'ed25519' | 'ecdsa' | 'ethereum'
}

/** `signRaw`'s input: hex bytes, signed wrapped in `<Bytes>…</Bytes>`. */
export interface SignerPayloadRaw {
  address: string
  data: string
  type: 'bytes' | 'payload'
}

/** `signPayload`'s input: @polkadot/types' SignerPayloadJSON (all hex strings). */
export interface SignerPayloadJSON {
  address: string
  blockHash: string
  blockNumber: string
  era: string
  genesisHash: string
  method: string
  nonce: string
  specVersion: string
  tip: string
  transactionVersion: string
  signedExtensions: string[]
  version: number
  assetId?: unknown
  metadataHash?: string
  mode?: number
  withSignedTransaction?: boolean
}

export interface SignerResult {
  /** Increases with each request the extension answers. */
  id: number
  /** Hex; for `signPayload` it starts with the key type byte (0x00 ed25519, 0x01 sr25519). */
  signature: `0x${string}`
}

export interface InjectedSigner {
  signRaw(raw: SignerPayloadRaw): Promise<SignerResult>
  signPayload(payload: SignerPayloadJSON): Promise<SignerResult>
}

/** What `enable(originName)` answers. */
export interface Injected {
  accounts: {
    get(anyType?: boolean): Promise<InjectedAccount[]>
    /** Calls back at once with the current accounts, then on each change; returns the unsubscribe. */
    subscribe(callback: (accounts: InjectedAccount[]) => void): () => void
  }
  signer: InjectedSigner
}

/** An extension's entry under `window.injectedWeb3`. */
export interface InjectedWindowProvider {
  version: string
  enable(originName: string): Promise<Injected>
}

/** `window` as far as the protocol touches it. */
export interface InjectedWindow {
  injectedWeb3?: Record<string, InjectedWindowProvider>
}
