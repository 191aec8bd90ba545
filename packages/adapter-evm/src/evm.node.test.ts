import { type Network, ProviderRequestError } from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import { expect, it } from 'vitest'
import { evm } from './evm.js'

// Node environment on purpose: happy-dom's fetch logs every refused connection to the console.
const offline: Network = {
  id: 31_337,
  namespace: 'eip155',
  caipNetworkId: 'eip155:31337',
  name: 'Offline',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

it('fails getBalance with ProviderRequestError when the RPC is unreachable', async () => {
  const adapter = evm()(createTestAdapterContext([offline], false).context)
  await expect(
    adapter.getBalance({ address: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', network: offline }),
  ).rejects.toBeInstanceOf(ProviderRequestError)
})

it('fails getBalance with ProviderRequestError for a non-EVM address', async () => {
  const adapter = evm()(createTestAdapterContext([offline], false).context)
  await expect(adapter.getBalance({ address: 'not-an-address', network: offline })).rejects.toBeInstanceOf(
    ProviderRequestError,
  )
})
