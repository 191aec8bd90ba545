import { type EmbeddedWallet, InvalidResponseError, type Network, ProviderRequestError } from '@portico/core'
import { decodeBase58, encodeBase58, STANDARD_CONNECT, STANDARD_EVENTS } from '@portico/core/adapter-kit'
import { isSolanaAddress } from './isSolanaAddress.js'
import { getWalletStandardChain } from './networks.js'
import {
  SOLANA_SIGN_AND_SEND_TRANSACTION,
  SOLANA_SIGN_MESSAGE,
  type SolanaSignAndSendTransactionFeature,
  type SolanaSignMessageFeature,
  type StandardConnectFeature,
  type StandardEventsFeature,
  type Wallet,
  type WalletAccount,
} from './walletStandard.js'

/**
 * What the Solana adapter needs of the embedded (e-mail) wallet: its user, for the Solana address,
 * and its provider, whose Solana requests the frame asks the visitor to approve on its own screen.
 * `createEmbeddedWallet` of `@portico/embedded-wallet` returns one.
 */
export interface SolanaEmbeddedWallet {
  provider: {
    request(args: { method: string; params?: unknown; chainId?: number | string }): Promise<unknown>
  }
  getUser: EmbeddedWallet['getUser']
  /** The connector's name. Default 'E-mail wallet', as on EVM. */
  name?: string
  imageUrl?: string
}

/** EIP-1193's "not authorised": the frame's answer while nobody is logged in. */
const UNAUTHORIZED = 4100
const SIGNATURE_BYTES = 64
const FEATURE_VERSION = '1.0.0'
// The connector has no icon of its own unless the site gives one; the standard wants a data URI.
const BLANK_ICON = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4='

/**
 * The embedded wallet's Solana account as a Wallet Standard wallet, so the adapter connects, signs
 * and sends with it as with any other: `standard:connect` reads the logged-in user's Solana address,
 * `solana:signMessage` and `solana:signAndSendTransaction` become the frame's `solana_signMessage`
 * and `solana_signAndSendTransaction` (the frame shows its approval screen, signs and sends through
 * the Portico server). Logging in happens in the modal's e-mail steps, never here.
 */
export function createEmbeddedSolanaWallet(
  embedded: SolanaEmbeddedWallet,
  networks: () => readonly Network[],
): Wallet {
  let accounts: readonly WalletAccount[] = []
  const chains = () => [...new Set(networks().map(getWalletStandardChain))]
  const features = [SOLANA_SIGN_MESSAGE, SOLANA_SIGN_AND_SEND_TRANSACTION]

  /** The CAIP-2 id the frame and the server's RPC proxy know, for a Wallet Standard chain. */
  const toCaipNetworkId = (chain: string): string => {
    const network = networks().find((candidate) => getWalletStandardChain(candidate) === chain)
    if (!network) throw new ProviderRequestError('This network is not configured.', { details: chain })
    return network.caipNetworkId
  }

  const connect: StandardConnectFeature = {
    version: FEATURE_VERSION,
    async connect(input) {
      let solanaAddress: string | undefined
      try {
        ;({ solanaAddress } = await embedded.getUser({}))
      } catch (error) {
        // A silent connect (restoring the last visit) answers "no accounts" once the login is gone.
        if (input?.silent && (error as { code?: unknown } | null)?.code === UNAUTHORIZED)
          return { accounts: [] }
        throw error
      }
      if (!solanaAddress || !isSolanaAddress(solanaAddress))
        throw new InvalidResponseError('account list', {
          details: 'The e-mail wallet has no Solana address.',
        })
      const publicKey = decodeBase58(solanaAddress) ?? new Uint8Array()
      accounts = [{ address: solanaAddress, publicKey, chains: chains(), features }]
      return { accounts }
    },
  }

  // The account never changes while logged in (a new e-mail keeps the keys); logging out is core's.
  const events: StandardEventsFeature = { version: FEATURE_VERSION, on: () => () => {} }

  const signMessage: SolanaSignMessageFeature = {
    version: FEATURE_VERSION,
    async signMessage(...inputs) {
      const outputs = []
      for (const { account, message } of inputs) {
        const result = (await embedded.provider.request({
          method: 'solana_signMessage',
          params: { message: encodeBase58(message), pubkey: account.address },
        })) as { signature?: unknown } | undefined
        outputs.push({ signedMessage: message, signature: readSignature(result?.signature) })
      }
      return outputs
    },
  }

  const signAndSend: SolanaSignAndSendTransactionFeature = {
    version: FEATURE_VERSION,
    supportedTransactionVersions: ['legacy', 0],
    async signAndSendTransaction(...inputs) {
      const outputs = []
      for (const { transaction, chain, options } of inputs) {
        const result = (await embedded.provider.request({
          method: 'solana_signAndSendTransaction',
          params: { transaction: encodeBase58(transaction), ...(options ? { options } : {}) },
          chainId: toCaipNetworkId(chain),
        })) as { signature?: unknown } | undefined
        outputs.push({ signature: readSignature(result?.signature) })
      }
      return outputs
    },
  }

  return {
    version: '1.0.0',
    name: embedded.name ?? 'E-mail wallet',
    icon: embedded.imageUrl ?? BLANK_ICON,
    get chains() {
      return chains()
    },
    get accounts() {
      return accounts
    },
    features: {
      [STANDARD_CONNECT]: connect,
      [STANDARD_EVENTS]: events,
      [SOLANA_SIGN_MESSAGE]: signMessage,
      [SOLANA_SIGN_AND_SEND_TRANSACTION]: signAndSend,
    },
  }
}

/** A base58 ed25519 signature from the frame as its 64 bytes, or InvalidResponseError. */
function readSignature(value: unknown): Uint8Array {
  const bytes = typeof value === 'string' ? decodeBase58(value) : undefined
  if (!bytes || bytes.length !== SIGNATURE_BYTES) throw new InvalidResponseError('signature')
  return bytes
}
