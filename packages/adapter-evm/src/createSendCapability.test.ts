import { type Network, ProviderRequestError } from '@portico/core'
import { expect, it, vi } from 'vitest'

const network: Network = {
  id: 1,
  namespace: 'eip155',
  caipNetworkId: 'eip155:1',
  name: 'Ethereum',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

it('reports send code that could not be downloaded as a request failure, and downloads it on the next call', async () => {
  let offline = true
  // What a browser does with a chunk it cannot fetch (offline, or removed by a new deploy).
  vi.doMock('./send.js', async (importOriginal) => {
    if (offline) throw new TypeError('Failed to fetch dynamically imported module')
    return importOriginal()
  })
  const { createSendCapability } = await import('./createSendCapability.js')
  const capability = createSendCapability({
    getClient: () => {
      throw new Error('not used')
    },
    getConnectedProvider: () => {
      throw new Error('not used')
    },
    readChainId: async () => 1,
    promptTimeoutMs: 1000,
    requestTimeoutMs: 1000,
    tetherStyleTokens: undefined,
    receiptPollingIntervalMs: undefined,
  })
  const wait = () => capability.waitForTransaction({ hash: 'not a hash', network, timeoutMs: 1000 })

  const failed = await wait().catch((error: unknown) => error)
  expect(failed).toBeInstanceOf(ProviderRequestError)
  expect((failed as ProviderRequestError).shortMessage).toBe(
    'The code that sends could not be loaded. Please try again.',
  )
  // The download's own error stays on the chain (the test runner wraps it once more).
  expect((failed as ProviderRequestError).walk((cause) => cause instanceof TypeError)).toBeInstanceOf(
    TypeError,
  )

  offline = false
  // Loaded now: the send code itself answers (it refuses the hash).
  await expect(wait()).rejects.toThrow('This is not a transaction hash.')
  vi.doUnmock('./send.js')
})

it('refuses a tetherStyleTokens entry that is not an address when created, before any send code loads', async () => {
  const { createSendCapability } = await import('./createSendCapability.js')
  expect(() =>
    createSendCapability({
      getClient: () => {
        throw new Error('not used')
      },
      getConnectedProvider: () => {
        throw new Error('not used')
      },
      readChainId: async () => 1,
      promptTimeoutMs: 1000,
      requestTimeoutMs: 1000,
      tetherStyleTokens: { 56: ['usdt'] },
      receiptPollingIntervalMs: undefined,
    }),
  ).toThrow(/tetherStyleTokens entry is not an EVM address/)
})
