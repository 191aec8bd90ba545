import type { Connector } from '@portico/core'

/** What an account is for: SPEC §9's 'payment' (the default) and 'ordinal' inscriptions. */
export type BitcoinAccountPurpose = 'payment' | 'ordinals'

/** A Bitcoin address a wallet exposed, with the key that controls it. */
export interface BitcoinWalletAccount {
  address: string
  /** Hex; 33 bytes (compressed) for segwit v0, 32 (x-only) for taproot. Empty when the wallet gave none. */
  publicKey: string
  purpose: BitcoinAccountPurpose
}

/** How a message is signed: legacy signed messages (BIP-137) or BIP-322 "simple". */
export type BitcoinMessageProtocol = 'ecdsa' | 'bip322'

/** A PSBT for the wallet to sign: base64, the inputs `address` signs, on `chain`. */
export interface BitcoinPsbtRequest {
  psbt: string
  address: string
  inputs: readonly number[]
  chain: BitcoinChainKind
}

/** The chains a wallet can be on, as the adapter names them. */
export type BitcoinChainKind = 'mainnet' | 'testnet4' | 'signet' | 'regtest' | 'testnet'

/**
 * One wallet behind one protocol (sats-connect's `btc_providers`, the Bitcoin Wallet Standard, the
 * Unisat-style injected API, Phantom's bitcoin provider):
 * the adapter speaks to every wallet through this and never through a protocol's own calls.
 */
export interface BitcoinWalletDriver {
  readonly connector: Connector
  /** Asks the visitor for access; rejects as core's errors say (declined, no answer). */
  requestAccounts(): Promise<BitcoinWalletAccount[]>
  /** The accounts without a prompt; undefined when the site is not authorised (any more). */
  getAccounts(): Promise<BitcoinWalletAccount[] | undefined>
  /** A base64 signature of `message` by `address`. */
  signMessage(parameters: {
    address: string
    message: string
    protocol: BitcoinMessageProtocol
  }): Promise<string>
  /**
   * Signs the listed inputs of a base64 PSBT with `address`'s key; answers the signed PSBT, base64.
   * Absent when the wallet only signs what it also broadcasts (`signAndSendPsbt`).
   */
  signPsbt?(parameters: BitcoinPsbtRequest): Promise<string>
  /** Signs the listed inputs and broadcasts the transaction itself; answers its id. */
  signAndSendPsbt?(parameters: BitcoinPsbtRequest): Promise<string>
  /**
   * Has the wallet build, sign and broadcast a payment itself and answers its txid: for wallets that
   * offer no PSBT signing (WalletConnect's `sendTransfer`). Asked only when `signPsbt` is absent or
   * refused as unsupported.
   */
  sendTransfer?(parameters: { address: string; to: string; amount: bigint }): Promise<string>
  /** The wallet's chain, when the protocol can tell. */
  getChain?(): Promise<BitcoinChainKind | undefined>
  /** Moves the wallet to another chain, when the protocol can ask. */
  switchChain?(chain: BitcoinChainKind): Promise<void>
  /** Ends the site's authorisation, when the protocol has a request for it. */
  disconnect?(): Promise<void>
  /** Calls `listener` when the wallet's accounts change (re-read them with `getAccounts`). */
  onAccountsChanged(listener: () => void): () => void
}
