import {
  type Adapter,
  type Connector,
  createMemoryStorage,
  createPortico,
  type Network,
  type PorticoConfig,
} from '@portico/core'
import { type FakeAdapterHandle, fakeAdapter } from '@portico/core/testing'

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

/** The connector ids (or network ids) of the wallet requests a view made, by method. */
function callsOf(handle: FakeAdapterHandle) {
  const of = (method: string) => handle.calls.filter((call) => call.method === method)
  return {
    get connect() {
      return of('connect').map((call) => (call.parameters as { connectorId: string }).connectorId)
    },
    get disconnect() {
      return of('disconnect').map((call) => (call.parameters as { connectorId: string }).connectorId)
    },
    get switchNetwork() {
      return of('switchNetwork').map(
        (call) => (call.parameters as { network: Network }).network.caipNetworkId,
      )
    },
  }
}

/**
 * A fresh instance on core's fake adapter (`@portico/core/testing`), memory storage and desktop
 * detection. Wallet requests wait until the test settles them: `approve(chainId?)` and
 * `reject(error)` answer the oldest connect. Real wallets are tested in adapter-evm on a real chain.
 */
export function createTestPortico(
  options: { connectors?: Connector[]; config?: Partial<PorticoConfig>; adapters?: boolean } = {},
) {
  const { factory, handle } = fakeAdapter('eip155', options.connectors ?? wallets, {
    account: ADDRESS,
    balance: 1_234_567_000_000_000_000n,
    explorers: true,
  })
  handle.nextConnect = 'hang'
  const portico = createPortico({
    networks: [ethereum, optimism],
    adapters: options.adapters === false ? [] : [factory],
    isMobile: () => false,
    storage: createMemoryStorage(),
    ssr: true,
    logger: { debug: () => {}, warn: () => {}, error: () => {} },
    ...options.config,
  })
  return {
    portico,
    handle,
    /** The adapter object, for a test that changes how one of its methods answers (none with `adapters: false`). */
    adapter: handle.adapter as Adapter,
    calls: callsOf(handle),
    approve: handle.approve,
    reject: handle.reject,
  }
}
