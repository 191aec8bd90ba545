import type { Adapter, FeeEstimate, SendCapability } from '@portico/core'

type Deferred<T> = { resolve: (value: T) => void; reject: (error: unknown) => void }

/**
 * Gives a UI-test adapter the send capabilities, with the test deciding how each request settles.
 * The real adapter sends on anvil in adapter-evm's tests; here only the views are under test.
 */
export function addSendCapabilities(adapter: Adapter) {
  const controls = {
    fee: { fee: 21_000_000_000_000n, breakdown: { gas: 21_000n, gasPrice: 1_000_000_000n } } as FeeEstimate,
    sends: [] as (Parameters<SendCapability['send']>[0] & Deferred<string>)[],
    receipts: [] as Deferred<{ status: 'success' | 'reverted' }>[],
  }
  adapter.send = {
    isAddress: (address) => /^0x[0-9a-fA-F]{40}$/.test(address),
    estimateFee: async () => controls.fee,
    send: (parameters) =>
      new Promise((resolve, reject) => controls.sends.push({ ...parameters, resolve, reject })),
    waitForTransaction: () => new Promise((resolve, reject) => controls.receipts.push({ resolve, reject })),
  }
  adapter.getTransactionExplorerUrl = ({ hash, network }) =>
    network.blockExplorers ? `${network.blockExplorers.default.url}/tx/${hash}` : undefined
  return controls
}
