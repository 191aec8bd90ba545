import { secp256k1 } from '@noble/curves/secp256k1'
import type { CaipNetworkId } from '@portico/core'
import {
  type Address,
  type Chain,
  createPublicClient,
  type Hex,
  hashMessage,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type PublicClient,
} from 'viem'
import { publicKeyToAddress } from 'viem/utils'
import type { SiwxVerifier } from '../verifier.js'

export interface Eip155VerifierOptions {
  /**
   * JSON-RPC URLs per chain id, for signatures of smart-contract accounts (ERC-1271, and ERC-6492
   * for accounts not deployed yet). Without one, a chain accepts only plain account signatures.
   */
  rpcUrls?: Readonly<Record<number | string, string>>
  /** A client per chain id, instead of `rpcUrls`. */
  getClient?: (chainId: number) => PublicClient | undefined
  /** Per RPC call; 10 s when absent. */
  timeoutMs?: number
}

/**
 * Verifies EVM sign-in signatures (EIP-191 `personal_sign`). A plain account's signature is
 * checked offline; a smart-contract account's through its chain (ERC-1271 `isValidSignature`,
 * ERC-6492 for accounts not deployed yet).
 *
 * @example
 * eip155Verifier({ rpcUrls: { 1: 'https://eth.example/rpc' } })
 */
export function eip155Verifier(options: Eip155VerifierOptions = {}): SiwxVerifier {
  const clients = new Map<number, PublicClient | undefined>()
  const clientFor = (chainId: number): PublicClient | undefined => {
    if (options.getClient) return options.getClient(chainId)
    if (!clients.has(chainId)) {
      const url = options.rpcUrls?.[chainId]
      clients.set(
        chainId,
        url
          ? createPublicClient({
              chain: { id: chainId } as Chain,
              transport: http(url, { timeout: options.timeoutMs ?? 10_000, retryCount: 0 }),
            })
          : undefined,
      )
    }
    return clients.get(chainId)
  }
  const chainNumber = (chainId: CaipNetworkId) => Number(chainId.slice('eip155:'.length))

  return {
    namespace: 'eip155',
    // Chain ids beyond 2^53 would be rounded by `Number` and find another chain's RPC URL.
    supports: (chainId) =>
      /^eip155:[1-9]\d{0,15}$/.test(chainId) && Number.isSafeInteger(chainNumber(chainId)),
    async verify({ data, message, signature }) {
      const address = data.accountAddress
      if (!isAddress(address, { strict: false }) || !isHex(signature) || signature.length < 4) return false
      if (signedByKeyOf(message, signature, address)) return true
      const client = clientFor(chainNumber(data.chainId))
      if (!client) return false
      try {
        return await client.verifyMessage({ address, message, signature })
      } catch {
        return false
      }
    },
    // A contract account's owner may also sign 65 bytes (as TestSmartWallet's does), so the length
    // alone does not tell: only a signature that recovers to the account itself is EIP-191.
    signatureType: ({ data, message, signature }) =>
      isAddress(data.accountAddress, { strict: false }) &&
      isHex(signature) &&
      signedByKeyOf(message, signature, data.accountAddress)
        ? 'eip191'
        : 'eip1271',
  }
}

/**
 * Whether `signature` is the EIP-191 (`personal_sign`) signature of `message` by the key of
 * `address`. Synchronous, so `signatureType` can answer without the chain; false for anything that
 * is not a 65-byte signature that recovers.
 */
function signedByKeyOf(message: string, signature: Hex, address: Address): boolean {
  if (!/^0x[0-9a-fA-F]{130}$/.test(signature)) return false
  const v = Number.parseInt(signature.slice(130), 16)
  const recovery = v === 0 || v === 1 ? v : v === 27 || v === 28 ? v - 27 : undefined
  if (recovery === undefined) return false
  try {
    const publicKey = secp256k1.Signature.fromCompact(signature.slice(2, 130))
      .addRecoveryBit(recovery)
      .recoverPublicKey(hashMessage(message).slice(2))
      .toHex(false)
    return isAddressEqual(publicKeyToAddress(`0x${publicKey}`), address)
  } catch {
    return false
  }
}
