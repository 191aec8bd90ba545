import {
  BaseError,
  type BaseErrorOptions,
  InvalidResponseError,
  type Network,
  ProviderRequestError,
} from '@portico/core'
import { getBase58Decoder } from '@solana/kit'
import { callWallet } from './mapWalletError.js'
import { getWalletStandardChain } from './networks.js'
import {
  getFeature,
  SOLANA_SIGN_AND_SEND_TRANSACTION,
  SOLANA_SIGN_TRANSACTION,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignTransactionFeature,
  type SolanaTransactionOptions,
  type TransactionVersion,
  type Wallet,
} from './walletStandard.js'

/**
 * What a send needs from a wallet, whatever reaches it (Wallet Standard in the page, WalletConnect
 * on a phone): sign and send, or only sign, a wire-format transaction.
 */
export interface SolanaTransactionSigner {
  /** The wallet's name, for error details. */
  name: string
  /** The transaction versions the wallet reads; legacy when unknown. */
  supportedTransactionVersions?: readonly TransactionVersion[]
  /** Signs and sends; resolves with the base58 signature. Rejects with SignAndSendUnsupportedError when the wallet turns out not to offer it. */
  signAndSend?(input: { transaction: Uint8Array; options: SolanaTransactionOptions }): Promise<string>
  /** Signs only; resolves with the signed wire-format transaction, which the adapter sends itself. */
  signTransaction?(input: { transaction: Uint8Array; options: SolanaTransactionOptions }): Promise<Uint8Array>
}

/** The wallet has no sign-and-send: the send falls back to signing and sending through the RPC. */
export class SignAndSendUnsupportedError extends BaseError {
  override name = 'SignAndSendUnsupportedError'
  constructor(options: BaseErrorOptions = {}) {
    super('The wallet cannot sign and send transactions.', options)
  }
}

const SIGNATURE_BYTES = 64

/**
 * The signer of a Wallet Standard wallet's account: sign-and-send when the wallet offers it (and the
 * account lists it, or the wallet cannot only sign), else sign only.
 */
export function createWalletStandardSigner(parameters: {
  wallet: Wallet
  address: string
  network: Network
  promptTimeoutMs: number
}): SolanaTransactionSigner {
  const { wallet, address, promptTimeoutMs } = parameters
  const account = wallet.accounts.find((candidate) => candidate.address === address)
  if (!account)
    throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
  const chain = getWalletStandardChain(parameters.network)
  const signAndSend = getFeature<SolanaSignAndSendTransactionFeature>(
    wallet,
    SOLANA_SIGN_AND_SEND_TRANSACTION,
    'signAndSendTransaction',
  )
  const signOnly = getFeature<SolanaSignTransactionFeature>(
    wallet,
    SOLANA_SIGN_TRANSACTION,
    'signTransaction',
  )
  // The wallet sends itself when it can (it may use its own RPC and retries); an account that does
  // not list the feature is signed for instead, when the wallet can do that.
  const useSignAndSend =
    signAndSend !== undefined && (account.features.includes(SOLANA_SIGN_AND_SEND_TRANSACTION) || !signOnly)
  const feature = useSignAndSend ? signAndSend : signOnly
  const signer: SolanaTransactionSigner = { name: wallet.name }
  if (feature?.supportedTransactionVersions)
    signer.supportedTransactionVersions = feature.supportedTransactionVersions

  if (useSignAndSend && signAndSend) {
    signer.signAndSend = async ({ transaction, options }) => {
      const outputs = await callWallet(
        SOLANA_SIGN_AND_SEND_TRANSACTION,
        () => signAndSend.signAndSendTransaction({ account, transaction, chain, options }),
        { timeoutMs: promptTimeoutMs },
      )
      const signature = (outputs as readonly { signature?: unknown }[] | undefined)?.[0]?.signature
      if (!(signature instanceof Uint8Array) || signature.length !== SIGNATURE_BYTES)
        throw new InvalidResponseError('transaction signature')
      return getBase58Decoder().decode(signature)
    }
  } else if (signOnly) {
    signer.signTransaction = async ({ transaction, options }) => {
      const outputs = await callWallet(
        SOLANA_SIGN_TRANSACTION,
        () =>
          signOnly.signTransaction({
            account,
            transaction,
            chain,
            options: {
              ...(options.preflightCommitment ? { preflightCommitment: options.preflightCommitment } : {}),
              ...(options.minContextSlot === undefined ? {} : { minContextSlot: options.minContextSlot }),
            },
          }),
        { timeoutMs: promptTimeoutMs },
      )
      const signed = (outputs as readonly { signedTransaction?: unknown }[] | undefined)?.[0]
        ?.signedTransaction
      if (!(signed instanceof Uint8Array)) throw new InvalidResponseError('signed transaction')
      return signed
    }
  }
  return signer
}
