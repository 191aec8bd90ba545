import type {
  Adapter,
  AdapterContext,
  AdapterFactory,
  Connector,
  ConnectResult,
  FeeEstimate,
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

/** A scripted in-memory adapter for core's state-logic tests; the EVM adapter has real-chain tests. */
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
  /** What `estimateFee` answers next: an estimate, an error to throw, or 'hang' (send adapters only). */
  nextFee: FeeEstimate | Error | 'hang'
  /** What `send` answers next: a hash, an error to throw, or 'hang'. */
  nextSend: string | Error | 'hang'
  /** What `waitForTransaction` answers next: a status, an error to throw, or 'hang'. */
  nextReceipt: 'success' | 'reverted' | Error | 'hang'
  /** What `signMessage` answers next: a signature, an error to throw, or 'hang'. */
  nextSignature: string | Error | 'hang'
}

export type FakeAdapterOptions = {
  /** Adds the send capability (`isAddress`, `estimateFee`, `send`, `waitForTransaction`). */
  send?: boolean
}

/** 0x followed by 40 hex digits: enough of an address check for state-logic tests. */
export const isTestAddress = (address: string) => /^0x[0-9a-fA-F]{40}$/.test(address)

function answer<T>(next: T | Error | 'hang'): Promise<T> {
  if (next === 'hang') return new Promise<T>(() => {})
  if (next instanceof Error) return Promise.reject(next)
  return Promise.resolve(next)
}

export function fakeAdapter(
  namespace: ChainNamespace = 'eip155',
  connectors: Connector[] = [testConnector('io.metamask')],
  options: FakeAdapterOptions = {},
) {
  const handle: FakeAdapterHandle = {
    context: undefined,
    adapter: undefined,
    calls: [],
    connectors,
    nextConnect: {
      address: '0x1111111111111111111111111111111111111111',
      accounts: ['0x1111111111111111111111111111111111111111'],
      chainId: 1,
    },
    nextReconnect: undefined,
    switchError: undefined,
    disconnectError: undefined,
    balance: 1_234_500_000_000_000_000n,
    nextFee: { fee: 21_000_000_000_000n, breakdown: { gas: 21_000n, gasPrice: 1_000_000_000n } },
    nextSend: `0x${'cd'.repeat(32)}`,
    nextReceipt: 'success',
    nextSignature: `0x${'ab'.repeat(65)}`,
  }
  const factory: AdapterFactory = (context) => {
    handle.context = context
    const record = (method: string, parameters: unknown) => handle.calls.push({ method, parameters })
    const adapter: Adapter = {
      namespace,
      start: () => record('start', undefined),
      destroy: () => record('destroy', undefined),
      getConnectors: () => handle.connectors.map((connector) => ({ ...connector, namespace })),
      connect: async (parameters) => {
        record('connect', parameters)
        const next = handle.nextConnect
        if (next === 'hang') return new Promise<ConnectResult>(() => {})
        if (next instanceof Error) throw next
        return next
      },
      reconnect: async (parameters) => {
        record('reconnect', parameters)
        return answer(handle.nextReconnect)
      },
      disconnect: async (parameters) => {
        record('disconnect', parameters)
        if (handle.disconnectError) throw handle.disconnectError
      },
      switchNetwork: async (parameters) => {
        record('switchNetwork', parameters)
        if (handle.switchError) throw handle.switchError
      },
      signMessage: async (parameters) => {
        record('signMessage', parameters)
        return answer(handle.nextSignature)
      },
      getBalance: async (parameters) => {
        record('getBalance', parameters)
        return { value: handle.balance, decimals: 18, symbol: 'ETH' }
      },
    }
    if (options.send) {
      adapter.send = {
        isAddress: isTestAddress,
        estimateFee: (parameters) => {
          record('estimateFee', parameters)
          return answer(handle.nextFee)
        },
        send: (parameters) => {
          record('send', parameters)
          return answer(handle.nextSend)
        },
        waitForTransaction: (parameters) => {
          record('waitForTransaction', parameters)
          return answer(handle.nextReceipt).then((status) => ({ status }))
        },
      }
      adapter.getTransactionExplorerUrl = ({ hash }) => `https://explorer.example/tx/${hash}`
    }
    handle.adapter = adapter
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
