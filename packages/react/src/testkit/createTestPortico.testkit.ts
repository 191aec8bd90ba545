import {
  type Adapter,
  type Connector,
  type ConnectResult,
  createMemoryStorage,
  createPortico,
  type Network,
  type PorticoConfig,
} from '@portico/core'

export const ethereum: Network = {
  id: 1,
  namespace: 'eip155',
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8545'] } },
  blockExplorers: { default: { name: 'Explorer', url: 'https://explorer.example' } },
}
export const optimism: Network = {
  id: 10,
  namespace: 'eip155',
  caipNetworkId: 'eip155:10',
  name: 'Optimism',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:8546'] } },
}

export const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

export const wallets: Connector[] = [
  {
    id: 'io.rabby',
    rdns: 'io.rabby',
    name: 'Rabby',
    type: 'ANNOUNCED',
    namespace: 'eip155',
    installed: true,
  },
  {
    id: 'io.metamask',
    rdns: 'io.metamask',
    name: 'MetaMask',
    type: 'ANNOUNCED',
    namespace: 'eip155',
    installed: true,
  },
]

type Deferred = { resolve: (result: ConnectResult) => void; reject: (error: unknown) => void }

/**
 * An in-memory EVM-like adapter for UI tests: the test decides when and how each wallet request
 * settles, and every call is recorded. Real wallets are tested in adapter-evm against a real chain.
 */
export function createFakeAdapter(options: { connectors?: Connector[]; chainId?: number } = {}) {
  const calls = { connect: [] as string[], switchNetwork: [] as string[], disconnect: [] as string[] }
  const pending: Deferred[] = []
  let chainId = options.chainId ?? 1
  const adapter: Adapter = {
    namespace: 'eip155',
    start: () => {},
    destroy: () => {},
    getConnectors: () => options.connectors ?? wallets,
    connect: ({ connectorId }) => {
      calls.connect.push(connectorId)
      return new Promise<ConnectResult>((resolve, reject) => pending.push({ resolve, reject }))
    },
    reconnect: async () => undefined,
    disconnect: async ({ connectorId }) => {
      calls.disconnect.push(connectorId)
    },
    switchNetwork: async ({ network }) => {
      calls.switchNetwork.push(network.caipNetworkId)
      chainId = Number(network.id)
    },
    signMessage: async () => '0x',
    getBalance: async () => ({ value: 1_234_567_000_000_000_000n, decimals: 18, symbol: 'ETH' }),
    getAddressExplorerUrl: ({ address, network }) =>
      network.blockExplorers ? `${network.blockExplorers.default.url}/address/${address}` : undefined,
    getTransactionExplorerUrl: ({ hash, network }) =>
      network.blockExplorers ? `${network.blockExplorers.default.url}/tx/${hash}` : undefined,
  }
  return {
    adapter,
    calls,
    /** Settles the oldest wallet request with the test account on `chainId` (default: current). */
    approve: (onChainId?: number) =>
      pending.shift()?.resolve({ address: ADDRESS, accounts: [ADDRESS], chainId: onChainId ?? chainId }),
    reject: (error: unknown) => pending.shift()?.reject(error),
  }
}

/** A fresh instance on a fake adapter, memory storage and desktop detection. */
export function createTestPortico(
  options: { connectors?: Connector[]; config?: Partial<PorticoConfig>; adapters?: boolean } = {},
) {
  const fake = createFakeAdapter(options.connectors ? { connectors: options.connectors } : {})
  const portico = createPortico({
    networks: [ethereum, optimism],
    adapters: options.adapters === false ? [] : [() => fake.adapter],
    isMobile: () => false,
    storage: createMemoryStorage(),
    ssr: true,
    logger: { debug: () => {}, warn: () => {}, error: () => {} },
    ...options.config,
  })
  return { portico, ...fake }
}
