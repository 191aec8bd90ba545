import {
  getWalletFeature,
  type WalletStandardAccount,
  type WalletStandardWallet,
} from '@portico/core/adapter-kit'
import type { BitcoinAccountPurpose, BitcoinChainKind } from './walletDriver.js'

// The Bitcoin features of the Wallet Standard (github.com/ExodusMovement/bitcoin-wallet-standard),
// written out here so the package needs no dependency for a handful of types.

export const BITCOIN_CONNECT = 'bitcoin:connect'
export const BITCOIN_SIGN_MESSAGE = 'bitcoin:signMessage'
export const BITCOIN_SIGN_TRANSACTION = 'bitcoin:signTransaction'
export const BITCOIN_SIGN_AND_SEND_TRANSACTION = 'bitcoin:signAndSendTransaction'

/** `bitcoin:connect`: the accounts come back in the order of the purposes asked for. */
export interface BitcoinConnectFeature {
  readonly version: string
  connect(input: {
    purposes: BitcoinAccountPurpose[]
  }): Promise<{ readonly accounts: readonly WalletStandardAccount[] }>
}

/** `bitcoin:signMessage`: the wallet's signature of the raw message bytes (BIP-322 or BIP-137). */
export interface BitcoinSignMessageFeature {
  readonly version: string
  signMessage(
    ...inputs: { account: WalletStandardAccount; message: Uint8Array }[]
  ): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
}

/** Which inputs of a PSBT an account signs. */
export interface BitcoinInputToSign {
  account: WalletStandardAccount
  signingIndexes: number[]
  sigHash?: number
}

/** `bitcoin:signTransaction`: signs a PSBT (raw bytes) on a `bitcoin:` chain. */
export interface BitcoinSignTransactionFeature {
  readonly version: string
  signTransaction(input: {
    psbt: Uint8Array
    inputsToSign: BitcoinInputToSign[]
    chain: string
    broadcast?: boolean
  }): Promise<{ readonly signedPsbt: Uint8Array; readonly txId?: string }>
}

/** `bitcoin:signAndSendTransaction`: signs and broadcasts, answering the transaction ids. */
export interface BitcoinSignAndSendTransactionFeature {
  readonly version: string
  signAndSendTransaction(
    ...inputs: { psbt: Uint8Array; inputsToSign: BitcoinInputToSign[]; chain: string }[]
  ): Promise<readonly { readonly txId: string }[]>
}

/** The standard's chain for the adapter's: it names mainnet, testnet (every test chain) and regtest. */
export function getBitcoinStandardChain(chain: BitcoinChainKind): string {
  if (chain === 'mainnet' || chain === 'regtest') return `bitcoin:${chain}`
  return 'bitcoin:testnet'
}

/**
 * A wallet Portico can use for Bitcoin: it connects with purposes, lists a `bitcoin:` chain, and
 * signs a message or a transaction (or signs and sends one).
 */
export function isBitcoinStandardWallet(wallet: WalletStandardWallet): boolean {
  return (
    getWalletFeature(wallet, BITCOIN_CONNECT, 'connect') !== undefined &&
    wallet.chains.some((chain) => typeof chain === 'string' && chain.startsWith('bitcoin:')) &&
    (getWalletFeature(wallet, BITCOIN_SIGN_MESSAGE, 'signMessage') !== undefined ||
      getWalletFeature(wallet, BITCOIN_SIGN_TRANSACTION, 'signTransaction') !== undefined ||
      getWalletFeature(wallet, BITCOIN_SIGN_AND_SEND_TRANSACTION, 'signAndSendTransaction') !== undefined)
  )
}
