import type { CaipNetworkId } from '@portico/core'
import {
  type Chain,
  createPublicClient,
  type Hex,
  http,
  isAddress,
  isAddressEqual,
  isHex,
  type PublicClient,
  recoverMessageAddress,
} from 'viem'
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

  const recoversTo = async (message: string, signature: Hex, address: `0x${string}`) => {
    try {
      return isAddressEqual(await recoverMessageAddress({ message, signature }), address)
    } catch {
      return false
    }
  }

  return {
    namespace: 'eip155',
    supports: (chainId) => /^eip155:[1-9]\d{0,17}$/.test(chainId),
    async verify({ data, message, signature }) {
      const address = data.accountAddress
      if (!isAddress(address, { strict: false }) || !isHex(signature) || signature.length < 4) return false
      if (await recoversTo(message, signature, address)) return true
      const client = clientFor(chainNumber(data.chainId))
      if (!client) return false
      try {
        return await client.verifyMessage({ address, message, signature })
      } catch {
        return false
      }
    },
    // A 65-byte signature is an account key's (EIP-191); anything else came from a contract account.
    signatureType: ({ signature }) => (signature.length === 132 ? 'eip191' : 'eip1271'),
  }
}
