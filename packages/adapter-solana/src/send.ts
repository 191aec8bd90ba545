import {
  BaseError,
  type FeeEstimate,
  InvalidResponseError,
  type Network,
  ProviderRequestError,
  ProviderTimeoutError,
  type SendCapability,
  type SendParameters,
  UserRejectedRequestError,
} from '@portico/core'
import { pollUntil } from '@portico/core/adapter-kit'
import {
  type Base64EncodedWireTransaction,
  type Commitment,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  isSignature,
  type Signature,
  type Transaction,
} from '@solana/kit'
import { SolanaSendFailedError, SolanaSendValidationError } from './errors.js'
import { COMMITMENT, checkFunds, planTransfer } from './planTransfer.js'
import type { RpcRequest } from './rpc.js'
import { SignAndSendUnsupportedError, type SolanaTransactionSigner } from './transactionSigner.js'
import type { SolanaCommitment, SolanaTransactionOptions, TransactionVersion } from './walletStandard.js'

/**
 * A Solana fee estimate. `fee` is everything the sender pays besides the amount: the network fee
 * plus, when the send creates the receiver's token account, that account's rent-exempt deposit.
 */
export interface SolanaFeeEstimate extends FeeEstimate {
  breakdown: {
    /** Signatures the transaction needs (Solana charges per signature). */
    signatures: bigint
    lamportsPerSignature: bigint
    /** What the network charges for the transaction (`getFeeForMessage`). */
    networkFee: bigint
    /** The rent-exempt deposit for the receiver's new token account; 0 when none is created. */
    accountCreationRent: bigint
  }
  /** True when the receiver has no associated token account yet and the send creates it. */
  createsTokenAccount: boolean
}

/** The adapter's send capability, with Solana's fee breakdown. */
export type SolanaSendCapability = Omit<SendCapability, 'estimateFee'> & {
  estimateFee(parameters: SendParameters & { connectorId?: string }): Promise<SolanaFeeEstimate>
}

/** The network half of sending: what needs an RPC (the lean `isAddress` is the adapter's). */
export type RpcSendCapabilities = Pick<SolanaSendCapability, 'estimateFee' | 'send' | 'waitForTransaction'>

export interface SendCapabilitiesOptions {
  request: RpcRequest
  /**
   * The signer for a connector's account on a network; throws NotConnectedError when the connector
   * is not connected, and ProviderRequestError when the account is gone.
   */
  getSigner(connectorId: string, address: string, network: Network): SolanaTransactionSigner
  /** SPEC §5 options for the wallet's send, over the defaults. */
  transactionOptions: SolanaTransactionOptions
  /** How often `waitForTransaction` asks for the status. Default 1 s, 200 ms on a loopback RPC. */
  confirmationPollingIntervalMs: number | undefined
}

/** Send, its fee estimate and the confirmation wait, over the network's RPC and the wallet. */
export function createSendCapabilities(options: SendCapabilitiesOptions): RpcSendCapabilities {
  const { request } = options

  const sendThroughWallet = async (parameters: SendParameters & { connectorId: string }): Promise<string> => {
    const { network } = parameters
    const signer = options.getSigner(parameters.connectorId, parameters.address, network)
    if (!signer.signAndSend && !signer.signTransaction)
      throw new SolanaSendFailedError({ details: `${signer.name} can neither sign nor send transactions.` })

    const plan = await planTransfer(request, parameters, pickVersion(signer.supportedTransactionVersions))
    checkFunds(plan, parameters)
    const transaction = new Uint8Array(getTransactionEncoder().encode(plan.transaction))
    const sendOptions: SolanaTransactionOptions = {
      preflightCommitment: COMMITMENT,
      minContextSlot: Number(plan.contextSlot),
      ...options.transactionOptions,
    }

    if (signer.signAndSend) {
      try {
        return await signer.signAndSend({ transaction, options: sendOptions })
      } catch (error) {
        // A wallet that turns out to have no sign-and-send is asked to sign, and the adapter sends.
        if (!(error instanceof SignAndSendUnsupportedError) || !signer.signTransaction) throw error
      }
    }

    const signed = await signer.signTransaction!({ transaction, options: sendOptions })
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
    async estimateFee(parameters) {
      const plan = await planTransfer(request, parameters, 'legacy')
      const signatures = BigInt(Math.max(1, plan.signatures))
      return {
        fee: plan.networkFee + plan.accountCreationRent,
        breakdown: {
          signatures,
          lamportsPerSignature: plan.networkFee / signatures,
          networkFee: plan.networkFee,
          accountCreationRent: plan.accountCreationRent,
        },
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
      return pollUntil({
        async poll() {
          const statuses = await request(network, 'getSignatureStatuses', (rpc, abortSignal) =>
            rpc.getSignatureStatuses([hash]).send({ abortSignal }),
          )
          const status = statuses.value[0]
          // 'processed' may still be rolled back; wait for a confirmed or finalized status.
          if (!status || status.confirmationStatus === 'processed' || status.confirmationStatus === null)
            return undefined
          return { status: status.err === null ? ('success' as const) : ('reverted' as const) }
        },
        intervalMs: interval,
        timeoutMs,
        onTimeout: (lastError) =>
          new ProviderTimeoutError({
            timeoutMs,
            details: `${hash} was not confirmed on ${network.caipNetworkId} after ${timeoutMs} ms.`,
            ...(lastError === undefined ? {} : { cause: lastError }),
          }),
      })
    },
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
