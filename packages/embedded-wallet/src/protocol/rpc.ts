import * as z from 'zod/mini'

/** `eip155:1`, `solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp` (CAIP-2). */
const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/** A network as the protocol names it: an EVM chain id, or a CAIP-2 id for any namespace. */
export const chainIdSchema = z.union([
  z.number().check(z.int(), z.positive()),
  z.string().check(z.regex(CAIP2, 'is not a chain id (a number or CAIP-2 string)')),
])

const hex = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/, 'is not 0x-prefixed hex'))
const quantity = z.string().check(z.regex(/^0x[0-9a-fA-F]{1,64}$/, 'is not a hex quantity'))
const evmAddress = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/, 'is not an EVM address'))
const base58 = z.string().check(z.regex(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'is not a base58 public key'))
const nonEmpty = z.string().check(z.minLength(1))

/** The read-only EVM methods the frame forwards to the chain without asking the visitor. */
export const EVM_READ_METHODS = [
  'eth_chainId',
  'eth_accounts',
  'eth_blockNumber',
  'eth_getBalance',
  'eth_call',
  'eth_estimateGas',
  'eth_getTransactionReceipt',
  'eth_getTransactionByHash',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_feeHistory',
  'eth_getCode',
  'eth_getTransactionCount',
  'eth_getBlockByNumber',
] as const

/** Methods that never need the visitor's approval and survive `rejectRpcRequests` (SPEC §7). */
export const SAFE_RPC_METHODS = [
  ...EVM_READ_METHODS,
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_getAssets',
] as const

export type SafeRpcMethod = (typeof SAFE_RPC_METHODS)[number]

const safeMethods: ReadonlySet<string> = new Set(SAFE_RPC_METHODS)

/** True for a method the frame answers without the visitor's approval (SPEC §7 safe methods). */
export function isSafeRpcMethod(method: string): method is SafeRpcMethod {
  return safeMethods.has(method)
}

// Transaction fields are a closed list: dropping an unknown field would silently change what the
// visitor signs, so an unknown one is refused instead.
export const evmTransactionSchema = z.strictObject({
  from: z.optional(evmAddress),
  to: z.optional(z.nullable(evmAddress)),
  value: z.optional(quantity),
  data: z.optional(hex),
  input: z.optional(hex),
  gas: z.optional(quantity),
  gasPrice: z.optional(quantity),
  maxFeePerGas: z.optional(quantity),
  maxPriorityFeePerGas: z.optional(quantity),
  nonce: z.optional(quantity),
  chainId: z.optional(quantity),
  type: z.optional(quantity),
  accessList: z.optional(
    z.array(
      z.strictObject({
        address: evmAddress,
        storageKeys: z.array(z.string().check(z.regex(/^0x[0-9a-fA-F]{64}$/))),
      }),
    ),
  ),
})
export type EvmTransaction = z.infer<typeof evmTransactionSchema>

const typedDataObject = z.object({
  types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
  primaryType: nonEmpty,
  domain: z.record(z.string(), z.unknown()),
  message: z.record(z.string(), z.unknown()),
})

function isTypedDataJson(text: string): boolean {
  try {
    return typedDataObject.safeParse(JSON.parse(text)).success
  } catch {
    return false
  }
}

/** EIP-712 typed data, as a JSON string (what most libraries send) or as an object. */
export const typedDataSchema = z.union([
  z.string().check(z.refine(isTypedDataJson, 'is not EIP-712 typed data JSON')),
  typedDataObject,
])

/** One call of `wallet_sendCalls` (SPEC §5): `to` 0x…, optional `data` 0x…, optional `value` string. */
export const sendCallSchema = z.strictObject({
  to: z.string().check(z.startsWith('0x', 'must start with 0x')),
  data: z.optional(z.string().check(z.startsWith('0x', 'must start with 0x'))),
  value: z.optional(z.string()),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})

export const sendCallsParamsSchema = z.strictObject({
  version: z.optional(z.string()),
  id: z.optional(z.string()),
  chainId: z.optional(quantity),
  from: z.optional(evmAddress),
  atomicRequired: z.optional(z.boolean()),
  calls: z.array(sendCallSchema).check(z.minLength(1)),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})

/** Solana sign-and-send options (SPEC §5). */
export const solanaSendOptionsSchema = z.strictObject({
  skipPreflight: z.optional(z.boolean()),
  preflightCommitment: z.optional(
    z.enum(['processed', 'confirmed', 'finalized', 'recent', 'single', 'singleGossip', 'root', 'max']),
  ),
  maxRetries: z.optional(z.number().check(z.int(), z.nonnegative())),
  minContextSlot: z.optional(z.number().check(z.int(), z.nonnegative())),
})

const passThrough = z.optional(z.array(z.unknown()))

function rpc<const M extends string, P extends z.core.$ZodType>(method: M, params: P) {
  return z.strictObject({ method: z.literal(method), params, chainId: z.optional(chainIdSchema) })
}

/** The payload of APP_RPC_REQUEST: one member per supported method, each with its params shape. */
export const rpcRequestSchema = z.discriminatedUnion('method', [
  z.strictObject({
    method: z.enum(EVM_READ_METHODS),
    params: passThrough,
    chainId: z.optional(chainIdSchema),
  }),
  rpc('personal_sign', z.tuple([z.string(), evmAddress])),
  rpc('eth_signTypedData_v4', z.tuple([evmAddress, typedDataSchema])),
  rpc('eth_sendTransaction', z.tuple([evmTransactionSchema])),
  rpc('wallet_sendCalls', z.tuple([sendCallsParamsSchema])),
  rpc('wallet_getCallsStatus', z.tuple([nonEmpty])),
  rpc('wallet_getCapabilities', passThrough),
  rpc('wallet_grantPermissions', passThrough),
  rpc('wallet_revokePermissions', passThrough),
  rpc('wallet_getAssets', passThrough),
  rpc('solana_signMessage', z.strictObject({ message: nonEmpty, pubkey: base58 })),
  rpc('solana_signTransaction', z.strictObject({ transaction: nonEmpty })),
  rpc(
    'solana_signAndSendTransaction',
    z.strictObject({ transaction: nonEmpty, options: z.optional(solanaSendOptionsSchema) }),
  ),
  rpc(
    'solana_signAllTransactions',
    z.strictObject({ transactions: z.array(nonEmpty).check(z.minLength(1)) }),
  ),
])
export type RpcRequest = z.infer<typeof rpcRequestSchema>
export type RpcMethod = RpcRequest['method']

/** Every method the frame serves, safe or not. */
export const RPC_METHODS: readonly RpcMethod[] = [
  ...EVM_READ_METHODS,
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'wallet_getAssets',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAndSendTransaction',
  'solana_signAllTransactions',
]

const supportedMethods: ReadonlySet<string> = new Set(RPC_METHODS)

/** True for a method the embedded wallet serves at all. */
export function isSupportedRpcMethod(method: string): method is RpcMethod {
  return supportedMethods.has(method)
}
