// The EVM send: fee estimates, the transfer and the receipt wait. Loaded with `import()` on the first
// of them (createSendCapability.ts), so a page that only connects never downloads it.

import {
  BaseError,
  type ContractsCapability,
  type FeeEstimate,
  InvalidChainIdError,
  InvalidResponseError,
  type Network,
  ProviderRequestError,
  ProviderTimeoutError,
  type SendCapability,
  type SendParameters,
  TransactionWouldFailError,
  WrongNetworkError,
} from '@portico/core'
import { pollUntil } from '@portico/core/adapter-kit'
import { type Address, type Client, getAddress, type Hex, hexToBigInt, isHex, numberToHex } from 'viem'
import { isEvmAddress } from './isEvmAddress.js'
import type { Eip1193Provider } from './provider.js'
import { requestProvider } from './requestProvider.js'

/** An EVM fee estimate: `fee` is `gas × gasPrice`, both in the breakdown. */
export interface EvmFeeEstimate extends FeeEstimate {
  breakdown: { gas: bigint; gasPrice: bigint }
}

/** What the send capability does once loaded: all of it but `isAddress`, which is eager. */
export type EvmSend = Omit<SendCapability, 'isAddress' | 'estimateFee'> & {
  estimateFee(parameters: SendParameters & { connectorId?: string }): Promise<EvmFeeEstimate>
} & ContractsCapability

export interface EvmSendOptions {
  getClient(network: Network): Promise<Client>
  getConnectedProvider(connectorId: string): Eip1193Provider
  readChainId(provider: Eip1193Provider, timeoutMs: number): Promise<number>
  promptTimeoutMs: number
  requestTimeoutMs: number
  /** Whether a token's `transfer` returns nothing (`createTetherStyleLookup`). */
  isTetherStyle(network: Network, token: Address): boolean
  /** How often `waitForTransaction` asks for the receipt. Default 1 s, 200 ms on a loopback RPC. */
  receiptPollingIntervalMs: number | undefined
}

// SPEC §5: "Transaction-hash responses match 0x plus 64 hex characters".
const TRANSACTION_HASH = /^0x[0-9a-fA-F]{64}$/
// transfer(address,uint256), encoded by hand: an ABI object for one call costs more bundle than it saves.
const TRANSFER_SELECTOR = '0xa9059cbb'
const pad32 = (hex: string) => hex.padStart(64, '0')
const TRUE_WORD = `0x${pad32('1')}`
const FALSE_WORD = `0x${pad32('')}`
// JSON-RPC codes nodes use for "this transaction cannot succeed": 3 is a revert with data,
// -32000 is geth's generic execution error, -32003 is a rejected transaction (e.g. no funds).
const WOULD_FAIL_CODES = new Set([3, -32000, -32003, -32015])

/** Send, its fee estimate and the receipt wait, over the network's RPC client and the wallet. */
export function createEvmSend(options: EvmSendOptions): EvmSend {
  const rpc = async <T>(network: Network, method: string, params: unknown[]): Promise<T> =>
    (await (await options.getClient(network)).request({ method, params } as never)) as T

  const transactionFor = ({ address, to, amount, token }: SendParameters) => {
    const from = parseAddress(address, 'sender')
    const receiver = parseAddress(to, 'receiver')
    if (amount < 0n || amount >= 2n ** 256n)
      throw new ProviderRequestError('The amount is out of range.', { details: String(amount) })
    if (token === undefined) return { from, to: receiver, value: numberToHex(amount) }
    return {
      from,
      to: parseAddress(token, 'token contract'),
      data: `${TRANSFER_SELECTOR}${pad32(receiver.slice(2).toLowerCase())}${pad32(amount.toString(16))}` as Hex,
    }
  }

  /**
   * Runs the token transfer with eth_call first: a standard token must answer `true`, a
   * Tether-style one answers nothing (never read as a failure), and a revert or `false` means
   * the wallet would only be asked to send a failing transaction.
   */
  const simulateTransfer = async (
    network: Network,
    transaction: { from: Address; to: Address; data: Hex },
  ) => {
    const [returned, code] = await Promise.all([
      rpc<unknown>(network, 'eth_call', [transaction, 'latest']).catch((error: unknown) => {
        throw toChainError(error, `eth_call on ${network.caipNetworkId}`)
      }),
      rpc<unknown>(network, 'eth_getCode', [transaction.to, 'latest']).catch((error: unknown) => {
        throw toChainError(error, `eth_getCode on ${network.caipNetworkId}`)
      }),
    ])
    if (typeof returned !== 'string' || !isHex(returned)) throw new InvalidResponseError('eth_call result')
    if (typeof code !== 'string' || code === '0x') {
      throw new TransactionWouldFailError({
        details: `${transaction.to} is not a contract on ${network.name}.`,
      })
    }
    const word = returned.slice(0, 66).toLowerCase()
    if (returned === '0x' && options.isTetherStyle(network, transaction.to)) return
    if (word === TRUE_WORD) return
    if (returned === '0x') {
      throw new TransactionWouldFailError({
        details: `${transaction.to} returned no data for transfer; if it is a Tether-style token, list it in the tetherStyleTokens option.`,
      })
    }
    throw new TransactionWouldFailError({
      details:
        word === FALSE_WORD
          ? `${transaction.to} answered false.`
          : `${transaction.to} answered ${returned.slice(0, 80)}.`,
    })
  }

  /** The network's chain id, once the wallet is on it: a wallet on another chain would sign for the wrong network. */
  const checkWalletChain = async (provider: Eip1193Provider, network: Network): Promise<number> => {
    const chainId = Number(network.id)
    if (!Number.isSafeInteger(chainId) || chainId <= 0) {
      throw new InvalidChainIdError({ details: `${String(network.id)} is not an EVM chain id.` })
    }
    const walletChainId = await options.readChainId(provider, options.requestTimeoutMs)
    if (walletChainId !== chainId) {
      throw new WrongNetworkError({ expectedChainId: chainId, actualChainId: walletChainId })
    }
    return chainId
  }

  /** Asks the wallet to send; chainId lets wallets that check it (MetaMask does) refuse if the chain changed meanwhile. */
  const sendFromWallet = async (
    provider: Eip1193Provider,
    transaction: Record<string, string>,
  ): Promise<string> => {
    const hash = await requestProvider(
      provider,
      { method: 'eth_sendTransaction', params: [transaction] },
      { timeoutMs: options.promptTimeoutMs },
    )
    if (typeof hash !== 'string' || !TRANSACTION_HASH.test(hash)) {
      throw new InvalidResponseError('transaction hash', { details: String(hash).slice(0, 100) })
    }
    return hash
  }

  return {
    async estimateFee(parameters) {
      const { network } = parameters
      const transaction = transactionFor(parameters)
      // Issued together so the batching transport sends one HTTP request.
      const [gas, block, priority] = await Promise.allSettled([
        rpc<unknown>(network, 'eth_estimateGas', [transaction]),
        rpc<unknown>(network, 'eth_getBlockByNumber', ['latest', false]),
        rpc<unknown>(network, 'eth_maxPriorityFeePerGas', []),
      ])
      if (gas.status === 'rejected')
        throw toChainError(gas.reason, `eth_estimateGas on ${network.caipNetworkId}`)
      if (block.status === 'rejected')
        throw toChainError(block.reason, `latest block of ${network.caipNetworkId}`)
      const gasUnits = parseQuantity(gas.value, 'gas estimate')
      const baseFee = (block.value as { baseFeePerGas?: unknown } | null)?.baseFeePerGas
      let gasPrice: bigint
      if (baseFee !== undefined && baseFee !== null) {
        // An EIP-1559 chain: the wallet offers up to maxFeePerGas, which viem sets to the base fee
        // plus a fifth (room for a rising base fee) plus the priority fee. Show that bound.
        const base = parseQuantity(baseFee, 'base fee')
        const tip = priority.status === 'fulfilled' ? parseQuantity(priority.value, 'priority fee') : 0n
        gasPrice = (base * 6n + 4n) / 5n + tip
      } else {
        const price = await rpc<unknown>(network, 'eth_gasPrice', []).catch((error: unknown) => {
          throw toChainError(error, `eth_gasPrice on ${network.caipNetworkId}`)
        })
        gasPrice = parseQuantity(price, 'gas price')
      }
      return { fee: gasUnits * gasPrice, breakdown: { gas: gasUnits, gasPrice } }
    },

    async send(parameters) {
      const { connectorId, network } = parameters
      const provider = options.getConnectedProvider(connectorId)
      const transaction = transactionFor(parameters)
      const chainId = await checkWalletChain(provider, network)
      if (transaction.data !== undefined)
        await simulateTransfer(network, { ...transaction, data: transaction.data })
      return sendFromWallet(provider, { ...transaction, chainId: numberToHex(chainId) })
    },

    async sendTransaction({ connectorId, address, network, to, data, value, gas }) {
      const provider = options.getConnectedProvider(connectorId)
      const from = parseAddress(address, 'sender')
      const contract = parseAddress(to, 'contract')
      if (typeof data !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(data))
        throw new ProviderRequestError('The call data is not hex.', { details: String(data).slice(0, 100) })
      const amount = value ?? 0n
      if (amount < 0n || amount >= 2n ** 256n)
        throw new ProviderRequestError('The value is out of range.', { details: String(amount) })
      const chainId = await checkWalletChain(provider, network)
      return sendFromWallet(provider, {
        from,
        to: contract,
        data: data as Hex,
        value: numberToHex(amount),
        ...(gas !== undefined && gas > 0n ? { gas: numberToHex(gas) } : {}),
        chainId: numberToHex(chainId),
      })
    },

    async waitForTransaction({ hash, network, timeoutMs }) {
      if (!TRANSACTION_HASH.test(hash)) {
        throw new ProviderRequestError('This is not a transaction hash.', { details: hash.slice(0, 100) })
      }
      const interval = options.receiptPollingIntervalMs ?? defaultPollingInterval(network)
      return pollUntil({
        async poll() {
          const receipt = await rpc<unknown>(network, 'eth_getTransactionReceipt', [hash])
          return receipt === undefined || receipt === null ? undefined : parseReceiptStatus(receipt)
        },
        intervalMs: interval,
        timeoutMs,
        onTimeout: (lastError) =>
          new ProviderTimeoutError({
            timeoutMs,
            details: `No receipt for ${hash} on ${network.caipNetworkId} after ${timeoutMs} ms.`,
            ...(lastError === undefined ? {} : { cause: lastError }),
          }),
      })
    },
  }
}

function parseAddress(value: string, role: string): Address {
  if (!isEvmAddress(value)) {
    throw new ProviderRequestError(`The ${role} is not a valid EVM address.`, {
      details: value.slice(0, 100),
    })
  }
  return getAddress(value)
}

function parseQuantity(value: unknown, what: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]+$/.test(value)) throw new InvalidResponseError(what)
  return hexToBigInt(value as Hex)
}

function parseReceiptStatus(receipt: unknown): { status: 'success' | 'reverted' } {
  const status = (receipt as { status?: unknown }).status
  if (status === '0x1') return { status: 'success' }
  if (status === '0x0') return { status: 'reverted' }
  throw new InvalidResponseError('transaction receipt', { details: `status ${String(status)}` })
}

/** A node's refusal (revert, no funds) as TransactionWouldFailError; anything else as a request failure. */
function toChainError(error: unknown, what: string): BaseError {
  if (error instanceof BaseError) return error
  const rpcError = error instanceof Error && 'walk' in error ? findRpcError(error) : undefined
  const message =
    error instanceof Error ? ((error as { details?: string }).details ?? error.message) : String(error)
  if (rpcError && (WOULD_FAIL_CODES.has(rpcError.code) || /revert|insufficient/i.test(message))) {
    return new TransactionWouldFailError({ cause: error, details: `${what}: ${message}` })
  }
  return new ProviderRequestError('The network could not answer the request.', {
    cause: error,
    details: `${what}: ${message}`,
  })
}

/** The JSON-RPC error a node answered with, wherever viem nested it; none for transport failures. */
function findRpcError(error: Error): { code: number } | undefined {
  const found = (error as Error & { walk(fn: (e: unknown) => boolean): unknown }).walk(
    (cause) => typeof (cause as { code?: unknown } | null)?.code === 'number',
  )
  return found ? (found as { code: number }) : undefined
}

function defaultPollingInterval(network: Network): number {
  const url = network.rpcUrls.default.http[0] ?? ''
  // A local chain mines at once; polling it every second would only slow tests and demos down.
  return /^https?:\/\/(127\.|localhost(:|\/|$)|\[::1\])/.test(url) ? 200 : 1000
}
