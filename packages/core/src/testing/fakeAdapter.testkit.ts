import type {
  Adapter,
  AdapterContext,
  AdapterFactory,
  Connector,
  ConnectResult,
  FeeEstimate,
  SendParameters,
} from '../adapterKit/contract.js'
import type { PorticoConfig } from '../config.js'
import { createPortico } from '../createPortico.js'
import { UserRejectedRequestError } from '../errors/base.js'
import type { ChainNamespace, Network } from '../network/types.js'
import { createMemoryStorage } from '../storage/storage.js'

/** Builds a listed network for tests. */
export function testNetwork(
  id: number | string,
  namespace: ChainNamespace = 'eip155',
  name = `Net ${id}`,
): Network {
  return {
    id,
    namespace,
    caipNetworkId: `${namespace}:${id}`,
    name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
  }
}

export function testConnector(id: string, overrides: Partial<Connector> = {}): Connector {
  return { id, name: id, type: 'ANNOUNCED', namespace: 'eip155', rdns: id, installed: true, ...overrides }
}

/**
 * A wallet request a test answers itself: made while its `next…` answer was 'hang'. The request's
 * parameters are also spread onto it (`waiting.send[0].to`).
 */
export interface WaitingRequest<T> {
  parameters: unknown
  resolve: (value: T) => void
  reject: (error: unknown) => void
}

/**
 * A scripted in-memory adapter for core's state-logic tests and react's view tests; the EVM and
 * Solana adapters have real-chain tests. Each wallet request answers what its `next…` field says;
 * one set to 'hang' waits in `waiting` until the test settles it (or forever).
 */
export interface FakeAdapterHandle {
  context: AdapterContext | undefined
  adapter: Adapter | undefined
  calls: { method: string; parameters: unknown }[]
  connectors: Connector[]
  /** What connect answers next: a result, an error to throw, or 'hang'. */
  nextConnect: ConnectResult | Error | 'hang'
  /** What reconnect answers next: a result, undefined (gone), an error to throw, or 'hang'. */
  nextReconnect: ConnectResult | undefined | Error | 'hang'
  switchError: Error | undefined
  disconnectError: Error | undefined
  balance: bigint
  /** Set: `getBalance` fails with it (an RPC that is down). */
  balanceError?: Error | undefined
  /** What `estimateFee` answers next: an estimate, an error to throw, or 'hang' (send adapters only). */
  nextFee: FeeEstimate | Error | 'hang'
  /** What `send` answers next: a hash, an error to throw, or 'hang'. */
  nextSend: string | Error | 'hang'
  /** What `waitForTransaction` answers next: a status, an error to throw, or 'hang'. */
  nextReceipt: 'success' | 'reverted' | Error | 'hang'
  /** What `signMessage` answers next: a signature, an error to throw, or 'hang'. */
  nextSignature: string | Error | 'hang'
  /** The requests made while their answer was 'hang', oldest first, for the test to settle. */
  waiting: {
    connect: WaitingRequest<ConnectResult>[]
    send: (SendParameters & { connectorId: string } & WaitingRequest<string>)[]
    waitForTransaction: WaitingRequest<{ status: 'success' | 'reverted' }>[]
    estimateFee: WaitingRequest<FeeEstimate>[]
    signMessage: WaitingRequest<string>[]
    reconnect: WaitingRequest<ConnectResult | undefined>[]
  }
  /** The wallet's account: what `approve` connects. */
  account: string
  /** The wallet's network id: set by a successful `switchNetwork`, used by `approve`. */
  chainId: number | string
  /** Connects the oldest waiting `connect` with `account`, on `chainId` unless another is given. */
  approve: (chainId?: number | string) => void
  /** Fails the oldest waiting `connect` with `error`. */
  reject: (error: unknown) => void
}

export type FakeAdapterOptions = {
  /** Adds the send capability (`isAddress`, `estimateFee`, `send`, `waitForTransaction`) and contract calls. */
  send?: boolean
  /** Explorer links from the network's `blockExplorers` (address and transaction pages). */
  explorers?: boolean
  /** The account connected (`0x1111…` by default). */
  account?: string
  /** The native balance in wei (1.2345 ETH by default). */
  balance?: bigint
  /** The wallet's network id at first (1 by default). */
  chainId?: number | string
}

/** 0x followed by 40 hex digits: enough of an address check for state-logic tests. */
export const isTestAddress = (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address)

/** Answers what `next` says; 'hang' leaves the request in `queue` for the test to settle. */
function answer<T>(next: T | Error | 'hang', queue: WaitingRequest<T>[], parameters: unknown): Promise<T> {
  if (next === 'hang')
    return new Promise<T>((resolve, reject) =>
      queue.push({ ...(parameters as object), parameters, resolve, reject }),
    )
  if (next instanceof Error) return Promise.reject(next)
  return Promise.resolve(next)
}

/** Gives a fake adapter the send and contract-call capabilities (also after the instance was created). */
export function addSendCapability(handle: FakeAdapterHandle): void {
  const adapter = handle.adapter
  if (!adapter) throw new Error('The fake adapter is made when its instance is created: create it first.')
  const record = (method: string, parameters: unknown) => handle.calls.push({ method, parameters })
  adapter.send = {
    isAddress: isTestAddress,
    estimateFee: (parameters) => {
      record('estimateFee', parameters)
      return answer(handle.nextFee, handle.waiting.estimateFee, parameters)
    },
    send: (parameters) => {
      record('send', parameters)
      return answer(handle.nextSend, handle.waiting.send as WaitingRequest<string>[], parameters)
    },
    waitForTransaction: (parameters) => {
      record('waitForTransaction', parameters)
      return answer(
        handle.nextReceipt === 'hang' || handle.nextReceipt instanceof Error
          ? handle.nextReceipt
          : { status: handle.nextReceipt },
        handle.waiting.waitForTransaction,
        parameters,
      )
    },
  }
  adapter.getTransactionExplorerUrl ??= ({ hash }) => `https://explorer.example/tx/${hash}`
  // Contract calls (swaps) answer as sends do: `nextSend`, and 'hang' waits in `waiting.send`.
  adapter.contracts = {
    sendTransaction: (parameters) => {
      record('sendTransaction', parameters)
      return answer(handle.nextSend, handle.waiting.send as WaitingRequest<string>[], parameters)
    },
  }
}

export function fakeAdapter(
  namespace: ChainNamespace = 'eip155',
  connectors: Connector[] = [testConnector('io.metamask')],
  options: FakeAdapterOptions = {},
) {
  const account = options.account ?? '0x1111111111111111111111111111111111111111'
  const handle: FakeAdapterHandle = {
    context: undefined,
    adapter: undefined,
    calls: [],
    connectors,
    nextConnect: { address: account, accounts: [account], chainId: options.chainId ?? 1 },
    nextReconnect: undefined,
    switchError: undefined,
    disconnectError: undefined,
    balance: options.balance ?? 1_234_500_000_000_000_000n,
    nextFee: { fee: 21_000_000_000_000n, breakdown: { gas: 21_000n, gasPrice: 1_000_000_000n } },
    nextSend: `0x${'cd'.repeat(32)}`,
    nextReceipt: 'success',
    nextSignature: `0x${'ab'.repeat(65)}`,
    waiting: {
      connect: [],
      send: [],
      waitForTransaction: [],
      estimateFee: [],
      signMessage: [],
      reconnect: [],
    },
    account,
    chainId: options.chainId ?? 1,
    approve: (chainId) =>
      handle.waiting.connect
        .shift()
        ?.resolve({ address: account, accounts: [account], chainId: chainId ?? handle.chainId }),
    reject: (error) => handle.waiting.connect.shift()?.reject(error),
  }
  const factory: AdapterFactory = (context) => {
    handle.context = context
    const record = (method: string, parameters: unknown) => handle.calls.push({ method, parameters })
    const adapter: Adapter = {
      namespace,
      start: () => record('start', undefined),
      destroy: () => record('destroy', undefined),
      getConnectors: () => handle.connectors.map((connector) => ({ ...connector, namespace })),
      connect: (parameters) => {
        record('connect', parameters)
        return answer(handle.nextConnect, handle.waiting.connect, parameters)
      },
      reconnect: (parameters) => {
        record('reconnect', parameters)
        return answer(handle.nextReconnect, handle.waiting.reconnect, parameters)
      },
      disconnect: async (parameters) => {
        record('disconnect', parameters)
        if (handle.disconnectError) throw handle.disconnectError
      },
      switchNetwork: async (parameters) => {
        record('switchNetwork', parameters)
        if (handle.switchError) throw handle.switchError
        handle.chainId = parameters.network.id
      },
      signMessage: (parameters) => {
        record('signMessage', parameters)
        return answer(handle.nextSignature, handle.waiting.signMessage, parameters)
      },
      getBalance: async (parameters) => {
        record('getBalance', parameters)
        if (handle.balanceError) throw handle.balanceError
        return { value: handle.balance, decimals: 18, symbol: 'ETH' }
      },
    }
    if (options.explorers) {
      adapter.getAddressExplorerUrl = ({ address, network }) =>
        network.blockExplorers ? `${network.blockExplorers.default.url}/address/${address}` : undefined
      adapter.getTransactionExplorerUrl = ({ hash, network }) =>
        network.blockExplorers ? `${network.blockExplorers.default.url}/tx/${hash}` : undefined
    }
    handle.adapter = adapter
    if (options.send) addSendCapability(handle)
    return adapter
  }
  return { factory, handle }
}

export const rejected = () => new UserRejectedRequestError()

/** A fresh instance on two EVM networks (ids 1 and 10) with a fake adapter, initialised. */
export async function setup(overrides: Partial<PorticoConfig> = {}, connectors?: Connector[]) {
  const { factory, handle } = fakeAdapter('eip155', connectors)
  const storage = createMemoryStorage()
  const portico = createPortico({
    networks: [testNetwork(1, 'eip155', 'Ethereum'), testNetwork(10, 'eip155', 'Optimism')],
    adapters: [factory],
    storage,
    isMobile: () => false,
    ssr: true,
    logger: { debug: () => {}, warn: () => {}, error: () => {} },
    ...overrides,
  })
  return { portico, handle, storage }
}

/** Lets queued promise callbacks run. */
export const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
