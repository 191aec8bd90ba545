/**
 * Verifies a Sign In With Farcaster message (FIP-11) on the server with `@farcaster/auth-client`'s
 * `verifySignInMessage` (MIT, maintained by Farcaster): the EIP-4361 text (statement, chain id 10,
 * one `farcaster://fid/<fid>` resource, expiry and not-before), the domain and the nonce the server
 * issued, the signature's signer, and that the signer is the fid's custody address (IdRegistry
 * `idOf`) or one of its auth addresses (KeyRegistry `keyDataOf`, key type 2, added). The registries
 * are read through the site's own Optimism RPC endpoint, at configurable addresses.
 */
import { createAppClient } from '@farcaster/auth-client'
import { BaseError } from '@portico/core/errors'
import { type Address, createPublicClient, encodeAbiParameters, http, parseAbi } from 'viem'

/** The signed message does not prove control of the fid it names (or is not for this sign-in). */
export class FarcasterSignInInvalidError extends BaseError {
  override name = 'FarcasterSignInInvalidError' as const
}
export type FarcasterSignInInvalidErrorType = FarcasterSignInInvalidError & {
  name: 'FarcasterSignInInvalidError'
}

/** The registries could not be read (the RPC endpoint failed): nothing was decided. */
export class FarcasterRegistryUnavailableError extends BaseError {
  override name = 'FarcasterRegistryUnavailableError' as const
}
export type FarcasterRegistryUnavailableErrorType = FarcasterRegistryUnavailableError & {
  name: 'FarcasterRegistryUnavailableError'
}

const ID_REGISTRY_ABI = parseAbi(['function idOf(address owner) view returns (uint256)'])
const KEY_REGISTRY_ABI = parseAbi([
  'struct KeyData { uint8 state; uint32 keyType; }',
  'function keyDataOf(uint256 fid, bytes key) view returns (KeyData)',
])
/** KeyRegistry's key type of an auth address, and the state of a key that was added and not removed. */
const AUTH_ADDRESS_KEY_TYPE = 2
const KEY_ADDED = 1

export interface FarcasterVerifierOptions {
  /** An Optimism JSON-RPC endpoint (anvil in tests). */
  rpcUrl: string
  idRegistryAddress: string
  keyRegistryAddress: string
}

export interface VerifiedFarcasterSignIn {
  fid: bigint
  /** The address that signed. */
  address: Address
  authMethod: 'custody' | 'authAddress'
}

export interface FarcasterVerifier {
  verify(input: {
    message: string
    signature: `0x${string}`
    domain: string
    nonce: string
  }): Promise<VerifiedFarcasterSignIn>
}

/**
 * A verifier over the registries behind `rpcUrl`.
 * @example
 * const verifier = createFarcasterVerifier({ rpcUrl, idRegistryAddress, keyRegistryAddress })
 * const { fid } = await verifier.verify({ message, signature, domain: 'shop.example', nonce })
 */
export function createFarcasterVerifier(options: FarcasterVerifierOptions): FarcasterVerifier {
  // No chain on the client: signatures of contract accounts are checked with viem's deployless
  // ERC-6492 call, which works on any chain, the local test chain included.
  const publicClient = createPublicClient({
    transport: http(options.rpcUrl, { timeout: 10_000, retryCount: 1 }),
  })
  const idRegistry = options.idRegistryAddress as Address
  const keyRegistry = options.keyRegistryAddress as Address
  const client = createAppClient({
    ethereum: {
      publicClient: publicClient as never,
      getFid: (custody: Address) =>
        publicClient.readContract({
          address: idRegistry,
          abi: ID_REGISTRY_ABI,
          functionName: 'idOf',
          args: [custody],
        }),
      isValidAuthAddress: async (authAddress: Address, fid: bigint) => {
        const key = encodeAbiParameters([{ type: 'address' }], [authAddress])
        const data = await publicClient.readContract({
          address: keyRegistry,
          abi: KEY_REGISTRY_ABI,
          functionName: 'keyDataOf',
          args: [fid, key],
        })
        return data.keyType === AUTH_ADDRESS_KEY_TYPE && data.state === KEY_ADDED
      },
    },
  })
  return {
    async verify({ message, signature, domain, nonce }) {
      const result = await client.verifySignInMessage({
        message,
        signature,
        domain,
        nonce,
        acceptAuthAddress: true,
      })
      if (result.isError) {
        const error: Error & { errCode?: string } =
          result.error ?? new Error('The Farcaster sign-in could not be verified.')
        // 'unavailable': a registry read failed; 'unknown': the signature check itself could not run
        // (an RPC failure). Neither says the message is bad, so the visitor may try again.
        if (error.errCode === 'unavailable' || (error.errCode === 'unknown' && isTransportError(error))) {
          throw new FarcasterRegistryUnavailableError(
            'The Farcaster registries could not be read through the configured Optimism RPC endpoint.',
            { cause: error },
          )
        }
        throw new FarcasterSignInInvalidError(`The Farcaster sign-in was refused: ${error.message}`, {
          cause: error,
        })
      }
      if (!result.success) throw new FarcasterSignInInvalidError('The Farcaster signature is not valid.')
      return {
        fid: BigInt(result.fid),
        address: result.data.address as Address,
        authMethod: result.authMethod === 'authAddress' ? 'authAddress' : 'custody',
      }
    },
  }
}

function isTransportError(error: Error): boolean {
  const cause = (error as { cause?: { name?: string } }).cause
  return (
    cause?.name === 'HttpRequestError' || cause?.name === 'TimeoutError' || cause?.name === 'RpcRequestError'
  )
}
