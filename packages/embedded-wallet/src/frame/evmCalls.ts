import { type Address, type Hex, numberToHex } from 'viem'
import * as z from 'zod/mini'
import { type CallsBundle, type CallsIdCodec, MAX_CALLS_PER_BUNDLE } from './callsId.js'
import {
  AtomicityNotSupportedError,
  BundleTooLargeError,
  CallsPartiallySentError,
  ChainMismatchError,
  DuplicateBundleIdError,
  FrameRpcError,
  InvalidRpcParamsError,
  UnknownBundleIdError,
} from './rpcErrors.js'
import type { SmartAccountSender } from './smartAccount.js'

/** Which of the wallet's accounts serves a chain (SPEC §6). */
export type AccountKind = 'eoa' | 'smartAccount'

const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))
const quantitySchema = z.union([
  z.string().check(z.regex(/^(?:0x[0-9a-fA-F]{1,64}|\d{1,78})$/, 'is not a quantity')),
  z.number().check(z.int(), z.nonnegative()),
])
const capabilitiesSchema = z.optional(z.record(z.string(), z.unknown()))

// SPEC §5 and EIP-5792 v2. `atomicRequired` is required by v2; a request without it (v1 callers)
// is served as not requiring atomicity, which is what such a caller gets from every EOA wallet.
const sendCallsSchema = z.object({
  version: z.optional(z.string()),
  // EIP-5792 v2: an app-chosen id of at most 4096 bytes.
  id: z.optional(z.string().check(z.minLength(1), z.maxLength(4096))),
  chainId: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]{1,16}$/))),
  from: z.optional(addressSchema),
  atomicRequired: z.optional(z.boolean()),
  calls: z
    .array(
      z.object({
        to: addressSchema,
        data: z.optional(z.string().check(z.regex(/^0x(?:[0-9a-fA-F]{2})*$/))),
        value: z.optional(quantitySchema),
        capabilities: capabilitiesSchema,
      }),
    )
    .check(z.minLength(1)),
  capabilities: capabilitiesSchema,
})
type SendCallsRequest = z.infer<typeof sendCallsSchema>

/** One call as the signer sends it: a plain transaction from the wallet's account. */
export interface EvmCall {
  to: Address
  data?: Hex
  value?: Hex
}

export interface EvmCallsContext {
  codec: CallsIdCodec
  /** Refuses an address that is not the wallet's own (4100). */
  checkOwnAddress(method: string, address: unknown): void
  /** Signs and sends one call; resolves with its transaction hash once the node accepted it. */
  sendCall(chainId: number, call: EvmCall): Promise<Hex>
  /** Waits until a transaction is mined and says whether it succeeded. */
  waitForCall(chainId: number, hash: Hex): Promise<'success' | 'reverted'>
  /** A raw JSON-RPC read on a chain. */
  read(chainId: number, method: string, params: unknown[]): Promise<unknown>
  /** The smart account, when the site offers one on some chains. */
  smart?: {
    sender: SmartAccountSender
    /** The account type that serves `chainId` now. */
    typeOf(chainId: number): Promise<AccountKind>
  }
}

export interface EvmCalls {
  /** Refuses a wallet_sendCalls request that would fail, before the visitor is asked to approve it. */
  check(params: unknown, chainId: number, account?: AccountKind): void
  send(params: unknown, chainId: number, account?: AccountKind): Promise<{ id: string }>
  status(params: unknown): Promise<CallsStatus>
  capabilities(params: unknown, chainId: number): Promise<Record<Hex, ChainCapabilities>>
}

/** EIP-5792 capabilities of one chain: `atomic` and ERC-7677 `paymasterService`. */
export interface ChainCapabilities {
  atomic: { status: 'supported' | 'unsupported' }
  paymasterService?: { supported: boolean }
}

export interface CallsStatus {
  version: '2.0.0'
  id: string
  chainId: Hex
  status: 100 | 200 | 400 | 500 | 600
  atomic: boolean
  receipts: {
    logs: { address: Address; data: Hex; topics: Hex[] }[]
    status: Hex
    blockHash: Hex
    blockNumber: Hex
    gasUsed: Hex
    transactionHash: Hex
  }[]
}

interface RawReceipt {
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
  logs: { address: Address; data: Hex; topics: Hex[] }[]
}

/** EIP-5792 for an EOA: batches are sent call by call, and their ids carry their own transactions. */
export function createEvmCalls(context: EvmCallsContext): EvmCalls {
  const { codec } = context
  // App-chosen ids cannot carry the transactions, so they map to the frame's own id while the
  // frame lives; the frame's id is stateless and is what a reloaded frame still understands.
  const appIds = new Map<string, Hex>()

  function parse(params: unknown, chainId: number, account: AccountKind = 'eoa'): SendCallsRequest {
    const parsed = sendCallsSchema.safeParse(Array.isArray(params) ? params[0] : undefined)
    if (!parsed.success) throw new InvalidRpcParamsError('wallet_sendCalls', z.prettifyError(parsed.error))
    const request = parsed.data
    if (request.from !== undefined) context.checkOwnAddress('wallet_sendCalls', request.from)
    // The visitor approves the batch for the request's chain; it must not run anywhere else.
    if (request.chainId !== undefined && Number(request.chainId) !== chainId)
      throw new ChainMismatchError('batch', Number(request.chainId), chainId)
    // EIP-5792: refuse before anything is sent, so the app can fall back to its own sequencing.
    // A smart account runs the whole batch as one user operation: atomic whether asked or not.
    if (request.atomicRequired === true && account !== 'smartAccount') throw new AtomicityNotSupportedError()
    if (request.calls.length > MAX_CALLS_PER_BUNDLE)
      throw new BundleTooLargeError(request.calls.length, MAX_CALLS_PER_BUNDLE)
    const required = [
      ...requiredCapabilities(request.capabilities),
      ...request.calls.flatMap((call) => requiredCapabilities(call.capabilities)),
    ]
    if (required.length > 0) {
      throw new FrameRpcError(
        `Unsupported non-optional capability: the embedded wallet does not support ${[...new Set(required)].join(', ')}.`,
        5700,
      )
    }
    if (request.id !== undefined && (appIds.has(request.id) || codec.decode(request.id)))
      throw new DuplicateBundleIdError(request.id)
    return request
  }

  async function send(
    params: unknown,
    chainId: number,
    account: AccountKind = 'eoa',
  ): Promise<{ id: string }> {
    const request = parse(params, chainId, account)
    if (account === 'smartAccount' && context.smart) {
      // One user operation: every call runs, or none does (EIP-5792 atomic).
      const hash = await context.smart.sender.send(
        chainId,
        request.calls.map((call) => ({
          to: call.to.toLowerCase() as Address,
          ...(call.data !== undefined ? { data: call.data as Hex } : {}),
          ...(call.value !== undefined ? { value: BigInt(call.value) } : {}),
        })),
      )
      const id = codec.encode({ chainId, hashes: [hash], userOperation: true })
      if (request.id === undefined) return { id }
      appIds.set(request.id, id)
      return { id: request.id }
    }
    const total = request.calls.length
    const hashes: Hex[] = []
    const sentPart = (): Hex => codec.encode({ chainId, hashes })
    for (const [index, call] of request.calls.entries()) {
      let hash: Hex
      try {
        hash = await context.sendCall(chainId, {
          // Lower case skips viem's checksum check: pages send addresses in any case.
          to: call.to.toLowerCase() as Address,
          ...(call.data !== undefined ? { data: call.data as Hex } : {}),
          ...(call.value !== undefined ? { value: numberToHex(BigInt(call.value)) } : {}),
        })
      } catch (cause) {
        if (hashes.length === 0) throw cause
        throw new CallsPartiallySentError({
          sent: hashes.length,
          total,
          id: sentPart(),
          reason: `call ${index + 1} of ${total} failed to send: ${messageOf(cause)}`,
          code: codeOf(cause) ?? -32603,
          cause,
        })
      }
      hashes.push(hash)
      // A later call (a swap after its approval) must see the earlier one mined before its gas is
      // estimated; the last one is left to wallet_getCallsStatus (EIP-5792: do not wait for it).
      if (index < total - 1 && (await context.waitForCall(chainId, hash)) === 'reverted') {
        // EIP-5792: stop at a failed call; what follows it would run on a state it did not expect.
        throw new CallsPartiallySentError({
          sent: hashes.length,
          total,
          id: sentPart(),
          reason: `call ${index + 1} of ${total} reverted on chain, so the calls after it were not sent`,
          code: -32603,
        })
      }
    }
    const id = sentPart()
    if (request.id === undefined) return { id }
    appIds.set(request.id, id)
    return { id: request.id }
  }

  async function status(params: unknown): Promise<CallsStatus> {
    const id = Array.isArray(params) ? params[0] : undefined
    const bundle: CallsBundle | undefined =
      typeof id === 'string' ? codec.decode(appIds.get(id) ?? id) : undefined
    if (!bundle || typeof id !== 'string') throw new UnknownBundleIdError(id)
    const { chainId, hashes } = bundle
    if (bundle.userOperation) return userOperationStatus(id, chainId, hashes[0] as Hex)
    const receipts = await Promise.all(
      hashes.map(
        (hash) => context.read(chainId, 'eth_getTransactionReceipt', [hash]) as Promise<RawReceipt | null>,
      ),
    )
    const mined = receipts.filter((receipt): receipt is RawReceipt => receipt !== null)
    if (mined.length < hashes.length) {
      // Without a receipt a transaction is either still waiting to be mined, or gone from the
      // node (replaced, or evicted from its pool); only the node's own view tells them apart.
      const waiting = await Promise.all(
        hashes.map(async (hash, index) =>
          receipts[index] === null
            ? (await context.read(chainId, 'eth_getTransactionByHash', [hash])) !== null
            : false,
        ),
      )
      if (waiting.includes(true)) return result(id, chainId, 100, mined)
    }
    const succeeded = mined.filter((receipt) => receipt.status === '0x1').length
    // EIP-5792: 200 all calls confirmed; 400 none made it on chain and none will; 500 nothing but
    // gas was spent (every mined call reverted); 600 some calls changed the chain and some did not.
    const code = succeeded === hashes.length ? 200 : mined.length === 0 ? 400 : succeeded === 0 ? 500 : 600
    return result(id, chainId, code, mined)
  }

  async function userOperationStatus(id: string, chainId: number, hash: Hex): Promise<CallsStatus> {
    const smart = context.smart
    if (!smart) throw new UnknownBundleIdError(id)
    const outcome = await smart.sender.receipt(chainId, hash)
    if (outcome === null) {
      // Not included yet: waiting in the bundler's pool (100), or dropped from it (400).
      return userOperationResult(id, chainId, (await smart.sender.isKnown(chainId, hash)) ? 100 : 400, [])
    }
    const { receipt } = outcome
    const raw: RawReceipt = {
      status: receipt.status === 'success' ? '0x1' : '0x0',
      blockHash: receipt.blockHash,
      blockNumber: numberToHex(receipt.blockNumber),
      gasUsed: numberToHex(receipt.gasUsed),
      transactionHash: receipt.transactionHash,
      logs: receipt.logs,
    }
    // The operation is atomic: its calls all ran (200) or it reverted whole, gas spent (500).
    return userOperationResult(id, chainId, outcome.success ? 200 : 500, [raw])
  }

  async function capabilities(params: unknown, chainId: number) {
    const list = Array.isArray(params) ? (params as unknown[]) : []
    if (list[0] !== undefined) context.checkOwnAddress('wallet_getCapabilities', list[0])
    const requested = Array.isArray(list[1]) ? (list[1] as unknown[]) : []
    for (const id of requested) {
      if (typeof id !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(id))
        throw new InvalidRpcParamsError('wallet_getCapabilities', `${String(id)} is not a hex chain id`)
    }
    const chainIds = requested.length > 0 ? (requested as string[]).map(Number) : [chainId]
    const entries = await Promise.all(
      chainIds.map(async (id): Promise<[Hex, ChainCapabilities]> => {
        // An EOA sends calls one after another, never as one atomic unit; a smart account sends
        // them as one user operation, fee paid by the site where its server sponsors them.
        if (!context.smart || (await context.smart.typeOf(id)) !== 'smartAccount')
          return [numberToHex(id), { atomic: { status: 'unsupported' } }]
        return [
          numberToHex(id),
          {
            atomic: { status: 'supported' },
            paymasterService: { supported: await context.smart.sender.isSponsored(id) },
          },
        ]
      }),
    )
    return Object.fromEntries(entries)
  }

  return {
    check: (params, chainId, account) => void parse(params, chainId, account),
    send,
    status,
    capabilities,
  }
}

function userOperationResult(
  id: string,
  chainId: number,
  status: CallsStatus['status'],
  mined: RawReceipt[],
): CallsStatus {
  return { ...result(id, chainId, status, mined), atomic: true }
}

function result(
  id: string,
  chainId: number,
  status: CallsStatus['status'],
  mined: RawReceipt[],
): CallsStatus {
  return {
    version: '2.0.0',
    id,
    chainId: numberToHex(chainId),
    status,
    atomic: false,
    receipts: mined.map((receipt) => ({
      logs: receipt.logs.map(({ address, data, topics }) => ({ address, data, topics })),
      status: receipt.status,
      blockHash: receipt.blockHash,
      blockNumber: receipt.blockNumber,
      gasUsed: receipt.gasUsed,
      transactionHash: receipt.transactionHash,
    })),
  }
}

// EIP-5792: a capability the wallet does not support may only be skipped when marked optional.
function requiredCapabilities(capabilities: Record<string, unknown> | undefined): string[] {
  return Object.entries(capabilities ?? {})
    .filter(([, value]) => (value as { optional?: unknown } | null)?.optional !== true)
    .map(([name]) => name)
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error)
  return (error as { shortMessage?: string }).shortMessage ?? error.message
}

function codeOf(error: unknown): number | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'number') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}
