import {
  type Address,
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
import { createCallsIdCodec } from './callsId.js'
import { type AccountKind, createEvmCalls } from './evmCalls.js'
import {
  ChainMismatchError,
  FrameRpcError,
  InvalidRpcParamsError,
  TypedDataChainMismatchError,
  UnsupportedMethodError,
} from './rpcErrors.js'
import {
  createSmartAccountSender,
  type SmartAccountOptions,
  type SmartAccountSender,
} from './smartAccount.js'

/** The EVM read methods the frame forwards unchanged to the chain's RPC endpoint (eth_chainId and eth_accounts are answered from the key). */
export const FORWARDED_EVM_METHODS: readonly string[] = EVM_READ_METHODS.filter(
  (method) => method !== 'eth_chainId' && method !== 'eth_accounts',
)

export interface EvmSignerOptions {
  privateKey: Hex
  /** The JSON-RPC endpoint of an EVM chain (the server's proxy) for a CAIP-2 id such as `eip155:1`. */
  rpcUrl: (caipNetworkId: string) => string
  /** The smart account the site offers, and which account type serves each chain. */
  smartAccount?: SmartAccountOptions & { typeOf(chainId: number): Promise<AccountKind> }
}

export interface EvmRequest {
  method: string
  params?: unknown
  /** The EVM chain the request is for. */
  chainId: number
  /** The account that serves it: the EOA (default) or the smart account (a user operation). */
  account?: AccountKind
}

export interface EvmSigner {
  address: Address
  /** The smart account of the same key (same address, EIP-7702), when the site offers one. */
  smart: SmartAccountSender | undefined
  /**
   * Throws the error `request` would throw for parameters it can judge without the chain, so a
   * request that cannot succeed is refused before the visitor is asked to approve it.
   */
  check(request: EvmRequest): void
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

function transactionOf(params: unknown): TransactionParams {
  const parsed = transactionSchema.safeParse(Array.isArray(params) ? params[0] : undefined)
  if (!parsed.success) throw new InvalidRpcParamsError('eth_sendTransaction', z.prettifyError(parsed.error))
  return parsed.data
}

/** Creates the frame's EVM signer for one private key; its call bundle ids outlive it (they are stateless). */
export function createEvmSigner(options: EvmSignerOptions): EvmSigner {
  const account = privateKeyToAccount(options.privateKey)
  const clients = new Map<number, ReturnType<typeof makeClient>>()
  const smart = options.smartAccount
    ? createSmartAccountSender(account, options.rpcUrl, options.smartAccount)
    : undefined

  function makeClient(chainId: number) {
    return createWalletClient({
      account,
      transport: http(options.rpcUrl(`eip155:${chainId}`)),
      // Batches wait for each call but the last to be mined; viem's 4 s default slows every batch.
      pollingInterval: 1_000,
    }).extend(publicActions)
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

  function checkTransaction(chainId: number, tx: TransactionParams): void {
    if (tx.from !== undefined) checkOwnAddress('eth_sendTransaction', tx.from)
    if (tx.chainId !== undefined && Number(tx.chainId) !== chainId)
      throw new ChainMismatchError('transaction', Number(tx.chainId), chainId)
  }

  async function sendTransaction(
    chainId: number,
    tx: TransactionParams,
    kind: AccountKind = 'eoa',
  ): Promise<Hex> {
    checkTransaction(chainId, tx)
    const data = tx.data ?? tx.input
    if (kind === 'smartAccount' && smart) {
      if (!tx.to)
        throw new InvalidRpcParamsError('eth_sendTransaction', 'a smart account cannot deploy a contract')
      // One user operation; the page gets the transaction that included it, as from any wallet
      // (gas, fees and nonce are the bundler's to set, so the page's own values do not apply).
      const userOpHash = await smart.send(chainId, [
        {
          to: tx.to.toLowerCase() as Address,
          ...(data !== undefined ? { data: data as Hex } : {}),
          ...(tx.value !== undefined ? { value: BigInt(tx.value) } : {}),
        },
      ])
      return (await smart.waitForTransaction(chainId, userOpHash)).transactionHash
    }
    const client = clientFor(chainId)
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

  const calls = createEvmCalls({
    codec: createCallsIdCodec(options.privateKey),
    checkOwnAddress,
    sendCall: (chainId, call) => sendTransaction(chainId, call),
    async waitForCall(chainId, hash) {
      return (await clientFor(chainId).waitForTransactionReceipt({ hash })).status
    },
    read: (chainId, method, params) => clientFor(chainId).request({ method, params } as never),
    ...(smart && options.smartAccount
      ? { smart: { sender: smart, typeOf: options.smartAccount.typeOf } }
      : {}),
  })

  /** The typed data of an eth_signTypedData_v4 request, refused when it is not for `chainId`. */
  function typedDataFor(params: unknown, chainId: number): TypedDataDefinition {
    const method = 'eth_signTypedData_v4'
    const [address, data] = Array.isArray(params) ? (params as unknown[]) : []
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
    const domain = (typedData as { domain?: unknown }).domain
    if (domain === undefined || domain === null) return typedData as TypedDataDefinition
    if (typeof domain !== 'object') throw new InvalidRpcParamsError(method, 'the domain must be an object')
    const named = (domain as { chainId?: unknown }).chainId
    if (named === undefined) return typedData as TypedDataDefinition
    const domainChainId = parseChainId(named)
    if (domainChainId === undefined)
      throw new InvalidRpcParamsError(method, `the domain's chainId ${String(named)} is not a chain id`)
    // A signature over another chain's domain would be valid there: a site on this chain must not
    // be able to collect one (a permit, an order) to replay on a chain the visitor never chose.
    if (domainChainId !== BigInt(chainId)) throw new TypedDataChainMismatchError(String(named), chainId)
    // Signed as the number it names, however it was written, so the hash is the one contracts compute.
    return { ...(typedData as TypedDataDefinition), domain: { ...domain, chainId: domainChainId } }
  }

  return {
    address: account.address,
    smart,
    check({ method, params, chainId, account: kind }) {
      if (method === 'eth_signTypedData_v4') typedDataFor(params, chainId)
      else if (method === 'wallet_sendCalls') calls.check(params, chainId, kind)
      else if (method === 'eth_sendTransaction') checkTransaction(chainId, transactionOf(params))
    },
    async request({ method, params, chainId, account: kind }) {
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
        case 'eth_signTypedData_v4':
          return account.signTypedData(typedDataFor(params, chainId))
        case 'eth_sendTransaction':
          return sendTransaction(chainId, transactionOf(params), kind)
        case 'wallet_sendCalls':
          return calls.send(params, chainId, kind)
        case 'wallet_getCallsStatus':
          return calls.status(params)
        case 'wallet_getCapabilities':
          return calls.capabilities(params, chainId)
        default:
          if (FORWARDED_EVM_METHODS.includes(method)) {
            return clientFor(chainId).request({ method, params: list } as never)
          }
          throw new UnsupportedMethodError(method)
      }
    },
  }
}

/** A chain id as typed data may write it: a number, a bigint, or a decimal or 0x string. */
function parseChainId(value: unknown): bigint | undefined {
  if (typeof value === 'bigint') return value > 0n ? value : undefined
  if (typeof value === 'number') return Number.isSafeInteger(value) && value > 0 ? BigInt(value) : undefined
  if (typeof value !== 'string' || !/^(?:0x[0-9a-fA-F]{1,64}|\d{1,78})$/.test(value)) return undefined
  const parsed = BigInt(value)
  return parsed > 0n ? parsed : undefined
}
