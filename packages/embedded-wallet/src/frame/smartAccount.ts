import { type Address, createPublicClient, defineChain, type Hex, http, type PublicClient } from 'viem'
import {
  type BundlerClient,
  createBundlerClient,
  createPaymasterClient,
  type SmartAccount,
  toSimple7702SmartAccount,
} from 'viem/account-abstraction'
import type { PrivateKeyAccount } from 'viem/accounts'
import { FrameRpcError } from './rpcErrors.js'

/**
 * The smart account of the embedded wallet: the visitor's own key, delegated by EIP-7702 to the
 * Simple7702Account of `@account-abstraction/contracts` 0.8 and driven through ERC-4337 v0.8.
 *
 * Why EIP-7702 and not a counterfactual account from a factory: the smart account keeps the address
 * the visitor already has. Switching between EOA and smart account moves no funds, the balances,
 * activity and sign-ins stay the same, and a site that already knows the address keeps it. Its
 * "deployment" is the delegation, which the first user operation carries (viem adds the signed
 * authorization while the address has no code).
 */
export interface SmartAccountOptions {
  /** The EVM chains where the site's server offers a bundler (SPEC §3 smartAccountEnabledNetworks). */
  enabledChainIds(): Promise<readonly number[]>
  /** The ERC-4337 bundler endpoint of a CAIP-2 chain (the server's RPC proxy forwards it). */
  bundlerUrl(caipNetworkId: string): string
  /**
   * The ERC-7677 paymaster endpoint when the site pays the network fee on that chain, else
   * undefined (the account pays its own gas).
   */
  paymasterUrl?(caipNetworkId: string): Promise<string | undefined> | string | undefined
  /** The Simple7702Account the key delegates to; viem's canonical v0.8 address by default. */
  implementation?: Address
  /** How often receipts are polled; 1 s by default. */
  pollingIntervalMs?: number
}

/** Simple7702Account v0.8 of `@account-abstraction/contracts`, at its address on every chain. */
export const SIMPLE_7702_ACCOUNT_ADDRESS: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

/** One call of a user operation. */
export interface SmartAccountCall {
  to: Address
  data?: Hex
  value?: bigint
}

export interface SmartAccountSender {
  address: Address
  /** Whether the address is delegated to the account implementation yet (SPEC §3 smartAccountDeployed). */
  isDeployed(chainId: number): Promise<boolean>
  /** Whether the site's paymaster pays the fee on `chainId`. */
  isSponsored(chainId: number): Promise<boolean>
  /** Sends `calls` as ONE user operation (atomic: all or none); resolves with its hash. */
  send(chainId: number, calls: readonly SmartAccountCall[]): Promise<Hex>
  /** Waits for the operation to be included; resolves with the transaction that included it. */
  waitForTransaction(chainId: number, userOpHash: Hex): Promise<{ transactionHash: Hex; success: boolean }>
  /** The bundler's receipt of an operation, or null while it is not included. */
  receipt(chainId: number, userOpHash: Hex): Promise<UserOperationOutcome | null>
  /** The bundler's view of a sent operation (pending in its pool or not), for status 100 vs 400. */
  isKnown(chainId: number, userOpHash: Hex): Promise<boolean>
}

export interface UserOperationOutcome {
  success: boolean
  receipt: {
    transactionHash: Hex
    blockHash: Hex
    blockNumber: bigint
    gasUsed: bigint
    status: 'success' | 'reverted'
    logs: { address: Address; data: Hex; topics: Hex[] }[]
  }
}

/** The site's bundler did not answer or refused the operation: nothing was sent, nothing was spent. */
export class BundlerUnavailableError extends FrameRpcError {
  override name = 'BundlerUnavailableError' as const
  constructor(chainId: number, reason: string) {
    super(
      `The smart account's bundler for chain ${chainId} is unavailable (${reason}). Nothing was sent; try again later or switch to the EOA account.`,
      -32603,
    )
  }
}

interface ChainClients {
  account: SmartAccount
  bundler: BundlerClient
  publicClient: PublicClient
  paymaster: boolean
}

/** Creates the smart-account side of one unlocked wallet key. */
export function createSmartAccountSender(
  owner: PrivateKeyAccount,
  rpcUrl: (caipNetworkId: string) => string,
  options: SmartAccountOptions,
): SmartAccountSender {
  const clients = new Map<number, Promise<ChainClients>>()
  const pollingInterval = options.pollingIntervalMs ?? 1_000
  const implementation = options.implementation ?? SIMPLE_7702_ACCOUNT_ADDRESS

  async function isDelegated(publicClient: PublicClient): Promise<boolean> {
    const code = await publicClient.getCode({ address: owner.address })
    // An EIP-7702 delegation is the code 0xef0100 followed by the implementation's address.
    return code?.toLowerCase() === `0xef0100${implementation.slice(2).toLowerCase()}`
  }

  function clientsFor(chainId: number): Promise<ChainClients> {
    let pending = clients.get(chainId)
    if (!pending) {
      pending = (async () => {
        const caip = `eip155:${chainId}`
        // The account signs user operations for this chain id: the chain object carries only that.
        const chain = defineChain({
          id: chainId,
          name: caip,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: { default: { http: [rpcUrl(caip)] } },
        })
        const publicClient = createPublicClient({ chain, transport: http(rpcUrl(caip)), pollingInterval })
        const account = await toSimple7702SmartAccount({ client: publicClient, owner, implementation })
        const paymasterUrl = await options.paymasterUrl?.(caip)
        const bundler = createBundlerClient({
          account,
          client: publicClient,
          chain,
          transport: http(options.bundlerUrl(caip), { retryCount: 0 }),
          pollingInterval,
          ...(paymasterUrl ? { paymaster: createPaymasterClient({ transport: http(paymasterUrl) }) } : {}),
        })
        return { account, bundler, publicClient: publicClient as PublicClient, paymaster: !!paymasterUrl }
      })()
      // A failed set-up (a paymaster lookup that failed) is tried again next time.
      pending.catch(() => clients.delete(chainId))
      clients.set(chainId, pending)
    }
    return pending
  }

  return {
    address: owner.address,
    async isDeployed(chainId) {
      return isDelegated((await clientsFor(chainId)).publicClient)
    },
    async isSponsored(chainId) {
      return (await clientsFor(chainId)).paymaster
    },
    async send(chainId, calls) {
      const { bundler, account, publicClient } = await clientsFor(chainId)
      try {
        // The first operation carries the delegation, signed for this chain and the key's nonce.
        const authorization = (await isDelegated(publicClient))
          ? undefined
          : await owner.signAuthorization({
              address: implementation,
              chainId,
              nonce: await publicClient.getTransactionCount({ address: owner.address }),
            })
        return await bundler.sendUserOperation({
          account,
          ...(authorization ? { authorization } : {}),
          calls: calls.map((call) => ({
            to: call.to,
            ...(call.data !== undefined ? { data: call.data } : {}),
            ...(call.value !== undefined ? { value: call.value } : {}),
          })),
        })
      } catch (error) {
        throw bundlerError(chainId, error)
      }
    },
    async waitForTransaction(chainId, userOpHash) {
      const { bundler } = await clientsFor(chainId)
      const outcome = await bundler.waitForUserOperationReceipt({ hash: userOpHash, timeout: 120_000 })
      return { transactionHash: outcome.receipt.transactionHash, success: outcome.success }
    },
    async receipt(chainId, userOpHash) {
      const { bundler } = await clientsFor(chainId)
      try {
        const outcome = await bundler.getUserOperationReceipt({ hash: userOpHash })
        return {
          success: outcome.success,
          receipt: {
            transactionHash: outcome.receipt.transactionHash,
            blockHash: outcome.receipt.blockHash,
            blockNumber: outcome.receipt.blockNumber,
            gasUsed: outcome.receipt.gasUsed,
            status: outcome.receipt.status,
            logs: outcome.logs.map(({ address, data, topics }) => ({ address, data, topics: [...topics] })),
          },
        }
      } catch (error) {
        if ((error as { name?: string }).name === 'UserOperationReceiptNotFoundError') return null
        throw bundlerError(chainId, error)
      }
    },
    async isKnown(chainId, userOpHash) {
      const { bundler } = await clientsFor(chainId)
      try {
        await bundler.getUserOperation({ hash: userOpHash })
        return true
      } catch (error) {
        if ((error as { name?: string }).name === 'UserOperationNotFoundError') return false
        throw bundlerError(chainId, error)
      }
    },
  }
}

/**
 * A transport failure (the bundler down) says so plainly; a refusal by the bundler (a reverting
 * call, a paymaster that declined) keeps the bundler's own words.
 */
function bundlerError(chainId: number, error: unknown): Error {
  const names: string[] = []
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    names.push((current as { name?: string }).name ?? '')
    current = (current as { cause?: unknown }).cause
  }
  if (names.some((name) => name === 'HttpRequestError' || name === 'TimeoutError'))
    return new BundlerUnavailableError(chainId, 'no answer')
  // viem's own message of a refused RPC call is generic ('RPC Request failed.'): the server's
  // reason is in the error's `details`, and is what the visitor and the page need to read.
  const refusal = findRefusal(error)
  if (refusal) {
    const sponsor = refusal.code <= -32041 && refusal.code >= -32049
    return new FrameRpcError(
      sponsor
        ? `The site does not pay the network fee for this operation: ${refusal.details}`
        : `The bundler refused the operation: ${refusal.details}`,
      refusal.code,
      { cause: error },
    )
  }
  return error instanceof Error ? error : new Error(String(error))
}

function findRefusal(error: unknown): { code: number; details: string } | undefined {
  let found: { code: number; details: string } | undefined
  for (let current = error, depth = 0; current && depth < 6; depth++) {
    const { code, details } = current as { code?: unknown; details?: unknown }
    if (typeof code === 'number' && typeof details === 'string' && details !== '') found = { code, details }
    current = (current as { cause?: unknown }).cause
  }
  return found
}
