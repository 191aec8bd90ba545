import {
  type Address,
  bytesToHex,
  createWalletClient,
  type Hex,
  http,
  isAddressEqual,
  isHex,
  numberToHex,
  publicActions,
  type TypedDataDefinition,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import * as z from 'zod/mini'
import { EVM_READ_METHODS } from '../protocol/rpc.js'
import { FrameRpcError, InvalidRpcParamsError, UnsupportedMethodError } from './rpcErrors.js'

/** The EVM read methods the frame forwards unchanged to the chain's RPC endpoint (eth_chainId and eth_accounts are answered from the key). */
export const FORWARDED_EVM_METHODS: readonly string[] = EVM_READ_METHODS.filter(
  (method) => method !== 'eth_chainId' && method !== 'eth_accounts',
)

export interface EvmSignerOptions {
  privateKey: Hex
  /** The JSON-RPC endpoint of an EVM chain (the server's proxy) for a CAIP-2 id such as `eip155:1`. */
  rpcUrl: (caipNetworkId: string) => string
}

export interface EvmRequest {
  method: string
  params?: unknown
  /** The EVM chain the request is for. */
  chainId: number
}

export interface EvmSigner {
  address: Address
  /** Answers one EIP-1193 request: signs locally, sends through the chain's RPC endpoint. */
  request(request: EvmRequest): Promise<unknown>
}

const hexSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))
const addressSchema = z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/))

const transactionSchema = z.object({
  from: z.optional(addressSchema),
  to: z.optional(z.nullable(addressSchema)),
  data: z.optional(hexSchema),
  input: z.optional(hexSchema),
  value: z.optional(hexSchema),
  gas: z.optional(hexSchema),
  gasPrice: z.optional(hexSchema),
  maxFeePerGas: z.optional(hexSchema),
  maxPriorityFeePerGas: z.optional(hexSchema),
  nonce: z.optional(hexSchema),
  chainId: z.optional(z.union([hexSchema, z.number()])),
})
type TransactionParams = z.infer<typeof transactionSchema>

// SPEC §5: each call's `to` starts with 0x, optional data starting with 0x, optional value string.
const sendCallsSchema = z.object({
  version: z.optional(z.string()),
  chainId: z.optional(hexSchema),
  from: z.optional(addressSchema),
  calls: z
    .array(
      z.object({
        to: z.string().check(z.startsWith('0x')),
        data: z.optional(z.string().check(z.startsWith('0x'))),
        value: z.optional(z.string()),
      }),
    )
    .check(z.minLength(1)),
  capabilities: z.optional(z.record(z.string(), z.unknown())),
})

interface CallsBundle {
  chainId: number
  hashes: Hex[]
}

/** Creates the frame's EVM signer for one private key; its call bundles live as long as it does. */
export function createEvmSigner(options: EvmSignerOptions): EvmSigner {
  const account = privateKeyToAccount(options.privateKey)
  const clients = new Map<number, ReturnType<typeof makeClient>>()
  const bundles = new Map<string, CallsBundle>()

  function makeClient(chainId: number) {
    return createWalletClient({ account, transport: http(options.rpcUrl(`eip155:${chainId}`)) }).extend(
      publicActions,
    )
  }
  function clientFor(chainId: number) {
    let client = clients.get(chainId)
    if (!client) {
      client = makeClient(chainId)
      clients.set(chainId, client)
    }
    return client
  }

  function checkOwnAddress(method: string, address: unknown): void {
    if (typeof address !== 'string' || !/^0x[0-9a-fA-F]{40}$/.test(address)) {
      throw new InvalidRpcParamsError(method, 'the account address is missing')
    }
    if (!isAddressEqual(address as Address, account.address)) {
      throw new FrameRpcError(`The account ${address} is not this wallet's account.`, 4100)
    }
  }

  async function sendTransaction(chainId: number, tx: TransactionParams): Promise<Hex> {
    if (tx.from !== undefined) checkOwnAddress('eth_sendTransaction', tx.from)
    if (tx.chainId !== undefined && Number(tx.chainId) !== chainId) {
      throw new FrameRpcError(
        `The transaction is for chain ${Number(tx.chainId)}, but the wallet is on ${chainId}.`,
        4901,
      )
    }
    const client = clientFor(chainId)
    const data = tx.data ?? tx.input
    const base = {
      account,
      // The chain object is not needed: viem asks the endpoint for its chain id and fills nonce,
      // gas and fees from it before signing locally and sending with eth_sendRawTransaction.
      chain: null,
      // Lower case skips viem's checksum check: pages send addresses in any case, and the bytes are what count.
      ...(tx.to ? { to: tx.to.toLowerCase() as Address } : {}),
      ...(data !== undefined ? { data: data as Hex } : {}),
      ...(tx.value !== undefined ? { value: BigInt(tx.value) } : {}),
      ...(tx.gas !== undefined ? { gas: BigInt(tx.gas) } : {}),
      ...(tx.nonce !== undefined ? { nonce: Number(tx.nonce) } : {}),
    }
    if (tx.gasPrice !== undefined) return client.sendTransaction({ ...base, gasPrice: BigInt(tx.gasPrice) })
    return client.sendTransaction({
      ...base,
      ...(tx.maxFeePerGas !== undefined ? { maxFeePerGas: BigInt(tx.maxFeePerGas) } : {}),
      ...(tx.maxPriorityFeePerGas !== undefined
        ? { maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas) }
        : {}),
    })
  }

  async function sendCalls(chainId: number, params: unknown): Promise<{ id: string }> {
    const parsed = sendCallsSchema.safeParse(Array.isArray(params) ? params[0] : undefined)
    if (!parsed.success) throw new InvalidRpcParamsError('wallet_sendCalls', z.prettifyError(parsed.error))
    const request = parsed.data
    const bundleChainId = request.chainId !== undefined ? Number(request.chainId) : chainId
    if (request.from !== undefined) checkOwnAddress('wallet_sendCalls', request.from)
    const client = clientFor(bundleChainId)
    const hashes: Hex[] = []
    for (const [index, call] of request.calls.entries()) {
      const hash = await sendTransaction(bundleChainId, {
        to: call.to,
        ...(call.data !== undefined ? { data: call.data } : {}),
        ...(call.value !== undefined ? { value: numberToHex(BigInt(call.value)) } : {}),
      })
      hashes.push(hash)
      // Calls are not atomic here, so a later call (a swap after an approval) must see the earlier
      // one mined before its gas is estimated; the last one is left for wallet_getCallsStatus.
      if (index < request.calls.length - 1) await client.waitForTransactionReceipt({ hash })
    }
    const id = bytesToHex(crypto.getRandomValues(new Uint8Array(32)))
    bundles.set(id, { chainId: bundleChainId, hashes })
    return { id }
  }

  async function getCallsStatus(params: unknown) {
    const id = Array.isArray(params) ? params[0] : undefined
    const bundle = typeof id === 'string' ? bundles.get(id) : undefined
    if (!bundle || typeof id !== 'string')
      throw new FrameRpcError(`No calls are known with the id ${String(id)}.`, 5730)
    const client = clientFor(bundle.chainId)
    const receipts = await Promise.all(
      bundle.hashes.map(
        (hash) =>
          client.request({
            method: 'eth_getTransactionReceipt',
            params: [hash],
          } as never) as Promise<RawReceipt | null>,
      ),
    )
    const mined = receipts.filter((receipt): receipt is RawReceipt => receipt !== null)
    const succeeded = mined.filter((receipt) => receipt.status === '0x1').length
    // EIP-5792 codes: 100 pending, 200 all confirmed, 500 all reverted, 600 some reverted.
    const status =
      mined.length < receipts.length ? 100 : succeeded === mined.length ? 200 : succeeded === 0 ? 500 : 600
    return {
      version: '2.0.0',
      id,
      chainId: numberToHex(bundle.chainId),
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

  return {
    address: account.address,
    async request({ method, params, chainId }) {
      const list = Array.isArray(params) ? (params as unknown[]) : []
      switch (method) {
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return [account.address]
        case 'eth_chainId':
          return numberToHex(chainId)
        case 'personal_sign': {
          const [message, address] = list
          if (typeof message !== 'string')
            throw new InvalidRpcParamsError(method, 'the message must be a string')
          checkOwnAddress(method, address)
          // Wallets receive personal_sign data hex-encoded; plain text is accepted as a courtesy.
          return account.signMessage({ message: isHex(message) ? { raw: message } : message })
        }
        case 'eth_signTypedData_v4': {
          const [address, data] = list
          checkOwnAddress(method, address)
          let typedData: unknown
          try {
            typedData = typeof data === 'string' ? JSON.parse(data) : data
          } catch (cause) {
            throw new InvalidRpcParamsError(method, `the typed data is not JSON (${String(cause)})`)
          }
          if (
            typeof typedData !== 'object' ||
            typedData === null ||
            !('types' in typedData) ||
            !('primaryType' in typedData)
          ) {
            throw new InvalidRpcParamsError(method, 'the typed data needs types, primaryType and message')
          }
          return account.signTypedData(typedData as TypedDataDefinition)
        }
        case 'eth_sendTransaction': {
          const parsed = transactionSchema.safeParse(list[0])
          if (!parsed.success) throw new InvalidRpcParamsError(method, z.prettifyError(parsed.error))
          return sendTransaction(chainId, parsed.data)
        }
        case 'wallet_sendCalls':
          return sendCalls(chainId, params)
        case 'wallet_getCallsStatus':
          return getCallsStatus(params)
        case 'wallet_getCapabilities': {
          const requested = Array.isArray(list[1])
            ? (list[1] as unknown[]).filter((id) => typeof id === 'string')
            : []
          const chainIds = requested.length > 0 ? requested : [numberToHex(chainId)]
          // Calls are sent one after another, never as one atomic unit.
          return Object.fromEntries(chainIds.map((id) => [id, { atomic: { status: 'unsupported' } }]))
        }
        default:
          if (FORWARDED_EVM_METHODS.includes(method)) {
            return clientFor(chainId).request({ method, params: list } as never)
          }
          throw new UnsupportedMethodError(method)
      }
    },
  }
}

interface RawReceipt {
  status: Hex
  blockHash: Hex
  blockNumber: Hex
  gasUsed: Hex
  transactionHash: Hex
  logs: { address: Address; data: Hex; topics: Hex[] }[]
}
