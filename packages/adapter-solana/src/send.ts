import {
  type Adapter,
  BaseError,
  type FeeEstimate,
  InvalidResponseError,
  type Network,
  ProviderRequestError,
  ProviderTimeoutError,
  type SendParameters,
  UserRejectedRequestError,
} from '@portico/core'
import {
  type Base64EncodedWireTransaction,
  type Commitment,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  isAddress,
  isSignature,
  type Signature,
  type Transaction,
} from '@solana/kit'
import { SolanaSendFailedError, SolanaSendValidationError } from './errors.js'
import { callWallet } from './mapWalletError.js'
import { getExplorerUrl, getWalletStandardChain } from './networks.js'
import { COMMITMENT, checkFunds, planTransfer } from './planTransfer.js'
import type { RpcRequest } from './rpc.js'
import {
  getFeature,
  SOLANA_SIGN_AND_SEND_TRANSACTION,
  SOLANA_SIGN_TRANSACTION,
  type SolanaCommitment,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignTransactionFeature,
  type SolanaTransactionOptions,
  type TransactionVersion,
  type Wallet,
  type WalletAccount,
} from './walletStandard.js'

/**
 * A Solana fee estimate. `fee` is everything the sender pays besides the amount: the network fee
 * plus, when the send creates the receiver's token account, that account's rent-exempt deposit,
 * so for such a send `fee` is more than `gas × gasPrice`.
 */
export interface SolanaFeeEstimate extends FeeEstimate {
  /** Signatures the transaction needs (Solana charges per signature). */
  gas: bigint
  /** Lamports per signature. */
  gasPrice: bigint
  /** What the network charges for the transaction (`getFeeForMessage`). */
  networkFee: bigint
  /** The rent-exempt deposit for the receiver's new token account; 0 when none is created. */
  accountCreationRent: bigint
  /** True when the receiver has no associated token account yet and the send creates it. */
  createsTokenAccount: boolean
}

export type SendCapabilities = Required<Pick<Adapter, 'isAddress' | 'send' | 'waitForTransaction'>> & {
  estimateFee(parameters: SendParameters & { connectorId?: string }): Promise<SolanaFeeEstimate>
  getTransactionExplorerUrl(parameters: { hash: string; network: Network }): string | undefined
}

export interface SendCapabilitiesOptions {
  request: RpcRequest
  /** The connected wallet of a connector; throws NotConnectedError when there is none. */
  getConnectedWallet(connectorId: string): Wallet
  promptTimeoutMs: number
  /** SPEC §5 options for the wallet's send, over the defaults. */
  transactionOptions: SolanaTransactionOptions
  /** How often `waitForTransaction` asks for the status. Default 1 s, 200 ms on a loopback RPC. */
  confirmationPollingIntervalMs: number | undefined
}

const SIGNATURE_BYTES = 64

/** Send, its fee estimate and the confirmation wait, over the network's RPC and the wallet. */
export function createSendCapabilities(options: SendCapabilitiesOptions): SendCapabilities {
  const { request } = options

  const findAccount = (wallet: Wallet, address: string): WalletAccount => {
    const account = wallet.accounts.find((candidate) => candidate.address === address)
    if (!account)
      throw new ProviderRequestError('The wallet no longer exposes this account.', { details: address })
    return account
  }

  const sendThroughWallet = async (parameters: SendParameters & { connectorId: string }): Promise<string> => {
    const { network } = parameters
    const wallet = options.getConnectedWallet(parameters.connectorId)
    const account = findAccount(wallet, parameters.address)
    const chain = getWalletStandardChain(network)
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
    if (!feature)
      throw new SolanaSendFailedError({ details: `${wallet.name} can neither sign nor send transactions.` })

    const plan = await planTransfer(request, parameters, pickVersion(feature.supportedTransactionVersions))
    checkFunds(plan, parameters)
    const transaction = new Uint8Array(getTransactionEncoder().encode(plan.transaction))
    const sendOptions: SolanaTransactionOptions = {
      preflightCommitment: COMMITMENT,
      minContextSlot: Number(plan.contextSlot),
      ...options.transactionOptions,
    }

    if (useSignAndSend && signAndSend) {
      const outputs = await callWallet(
        SOLANA_SIGN_AND_SEND_TRANSACTION,
        () => signAndSend.signAndSendTransaction({ account, transaction, chain, options: sendOptions }),
        { timeoutMs: options.promptTimeoutMs },
      )
      const signature = (outputs as readonly { signature?: unknown }[] | undefined)?.[0]?.signature
      if (!(signature instanceof Uint8Array) || signature.length !== SIGNATURE_BYTES)
        throw new InvalidResponseError('transaction signature')
      return getBase58Decoder().decode(signature)
    }

    const signer = signOnly!
    const outputs = await callWallet(
      SOLANA_SIGN_TRANSACTION,
      () =>
        signer.signTransaction({
          account,
          transaction,
          chain,
          options: {
            ...(sendOptions.preflightCommitment
              ? { preflightCommitment: sendOptions.preflightCommitment }
              : {}),
            ...(sendOptions.minContextSlot === undefined
              ? {}
              : { minContextSlot: sendOptions.minContextSlot }),
          },
        }),
      { timeoutMs: options.promptTimeoutMs },
    )
    const signed = (outputs as readonly { signedTransaction?: unknown }[] | undefined)?.[0]?.signedTransaction
    if (!(signed instanceof Uint8Array)) throw new InvalidResponseError('signed transaction')
    let decoded: Transaction
    let signature: string
    try {
      decoded = getTransactionDecoder().decode(signed)
      // Throws when the fee payer (the sender) did not sign.
      signature = getSignatureFromTransaction(decoded)
    } catch (error) {
      throw new InvalidResponseError('signed transaction', { cause: error })
    }
    const sent = await request(network, 'sendTransaction', (rpc, abortSignal) =>
      rpc
        .sendTransaction(getBase64EncodedWireTransaction(decoded) as Base64EncodedWireTransaction, {
          encoding: 'base64',
          ...(sendOptions.skipPreflight === undefined ? {} : { skipPreflight: sendOptions.skipPreflight }),
          ...(sendOptions.preflightCommitment
            ? { preflightCommitment: toRpcCommitment(sendOptions.preflightCommitment) }
            : {}),
          ...(sendOptions.maxRetries === undefined ? {} : { maxRetries: BigInt(sendOptions.maxRetries) }),
          ...(sendOptions.minContextSlot === undefined
            ? {}
            : { minContextSlot: BigInt(sendOptions.minContextSlot) }),
        })
        .send({ abortSignal }),
    )
    if (sent !== signature)
      throw new InvalidResponseError('transaction signature', { details: `${sent} is not ${signature}` })
    return signature
  }

  return {
    isAddress: (value) => isAddress(value),

    async estimateFee(parameters) {
      const plan = await planTransfer(request, parameters, 'legacy')
      const gas = BigInt(Math.max(1, plan.signatures))
      return {
        gas,
        gasPrice: plan.networkFee / gas,
        fee: plan.networkFee + plan.accountCreationRent,
        networkFee: plan.networkFee,
        accountCreationRent: plan.accountCreationRent,
        createsTokenAccount: plan.createsTokenAccount,
      }
    },

    async send(parameters) {
      try {
        return await sendThroughWallet(parameters)
      } catch (error) {
        // What the visitor can act on keeps its own error; any other failure is SPEC §8's Solana text.
        if (error instanceof UserRejectedRequestError || error instanceof SolanaSendValidationError)
          throw error
        if (error instanceof SolanaSendFailedError) throw error
        throw new SolanaSendFailedError({
          cause: error,
          details: error instanceof BaseError ? error.message : String(error),
        })
      }
    },

    async waitForTransaction({ hash, network, timeoutMs }) {
      if (!isSolanaSignature(hash)) {
        throw new ProviderRequestError('This is not a Solana transaction signature.', {
          details: hash.slice(0, 100),
        })
      }
      const interval = options.confirmationPollingIntervalMs ?? defaultPollingInterval(network)
      let lastError: unknown
      let stopped = false
      let timer: ReturnType<typeof setTimeout> | undefined
      const deadline = new Promise<never>((_, reject) => {
        timer = setTimeout(() => {
          reject(
            new ProviderTimeoutError({
              timeoutMs,
              details: `${hash} was not confirmed on ${network.caipNetworkId} after ${timeoutMs} ms.`,
              ...(lastError === undefined ? {} : { cause: lastError }),
            }),
          )
        }, timeoutMs)
      })
      const poll = async (): Promise<{ status: 'success' | 'reverted' }> => {
        while (!stopped) {
          try {
            const statuses = await request(network, 'getSignatureStatuses', (rpc, abortSignal) =>
              rpc.getSignatureStatuses([hash]).send({ abortSignal }),
            )
            const status = statuses.value[0]
            // 'processed' may still be rolled back; wait for a confirmed or finalized status.
            if (status && status.confirmationStatus !== 'processed' && status.confirmationStatus !== null)
              return { status: status.err === null ? 'success' : 'reverted' }
          } catch (error) {
            // A failed poll is retried until the deadline; the last failure becomes its cause.
            lastError = error
          }
          await new Promise((resolve) => setTimeout(resolve, interval))
        }
        return new Promise<never>(() => {})
      }
      try {
        return await Promise.race([poll(), deadline])
      } finally {
        stopped = true
        clearTimeout(timer)
      }
    },

    getTransactionExplorerUrl: ({ hash, network }) => getExplorerUrl(network, `tx/${hash}`),
  }
}

/** Legacy transactions when the wallet takes them (every wallet does), else version 0. */
/** kit's `isSignature` throws for a string of the right length with a character outside base58. */
function isSolanaSignature(value: string): value is Signature {
  return BASE58.test(value) && isSignature(value)
}
const BASE58 = /^[1-9A-HJ-NP-Za-km-z]{64,88}$/

function pickVersion(supported: readonly TransactionVersion[] | undefined): TransactionVersion {
  if (!supported || supported.includes('legacy')) return 'legacy'
  return supported.includes(0) ? 0 : 'legacy'
}

/** The RPC's names for the deprecated commitments SPEC §5 still allows. */
function toRpcCommitment(commitment: SolanaCommitment): Commitment {
  switch (commitment) {
    case 'processed':
    case 'recent':
      return 'processed'
    case 'confirmed':
    case 'single':
    case 'singleGossip':
      return 'confirmed'
    default:
      return 'finalized'
  }
}

function defaultPollingInterval(network: Network): number {
  const url = network.rpcUrls.default.http[0] ?? ''
  // A local validator confirms at once; polling it every second would only slow tests and demos down.
  return /^https?:\/\/(127\.|localhost(:|\/|$)|\[::1\])/.test(url) ? 200 : 1000
}
