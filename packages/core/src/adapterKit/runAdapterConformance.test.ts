import { describe, expect, it } from 'vitest'
import {
  ConnectorNotFoundError,
  NotConnectedError,
  ProviderTimeoutError,
  UserRejectedRequestError,
} from '../errors/base.js'
import type { Network } from '../network/types.js'
import { withTimeout } from '../timeout.js'
import type { Adapter, AdapterEvent } from './contract.js'
import { type ConformanceSetup, runAdapterConformance } from './runAdapterConformance.js'

type Flaw = 'acceptsDecline' | 'hangIsGone' | 'noAccountEvent' | 'anySignature' | 'waitsForever'

const network: Network = {
  id: 1,
  namespace: 'eip155',
  caipNetworkId: 'eip155:1',
  name: 'Memory',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  rpcUrls: { default: { http: ['http://127.0.0.1:1'] } },
}

/** A wallet and adapter kept in memory, keeping the contract except for the flaws it is given. */
function memoryWorld(flaws: ReadonlySet<Flaw>, promptTimeoutMs: number): ConformanceSetup {
  const events: AdapterEvent[] = []
  const accounts = ['0xaaaa', '0xbbbb']
  let mode: 'approve' | 'reject' | 'hang' = 'approve'
  let silentHang = false
  let authorised = false
  let connected = false
  let account = 0
  const exposed = () => [accounts[account]!, ...accounts.filter((_, index) => index !== account)]
  const prompt = async () => {
    if (mode === 'reject' && !flaws.has('acceptsDecline')) throw new UserRejectedRequestError()
    if (mode === 'hang') {
      const never = new Promise<never>(() => {})
      if (flaws.has('waitsForever')) await never
      await withTimeout(
        never,
        promptTimeoutMs,
        () => new ProviderTimeoutError({ timeoutMs: promptTimeoutMs }),
      )
    }
  }
  const result = () => ({ address: exposed()[0]!, accounts: exposed(), chainId: 1 })
  const adapter: Adapter = {
    namespace: 'eip155',
    start() {},
    destroy() {},
    getConnectors: () => [
      { id: 'memory', name: 'Memory', type: 'ANNOUNCED', namespace: 'eip155', installed: true },
    ],
    async connect({ connectorId }) {
      if (connectorId !== 'memory') throw new ConnectorNotFoundError(connectorId)
      await prompt()
      authorised = connected = true
      return result()
    },
    async reconnect({ timeoutMs, signal }) {
      if (silentHang || signal?.aborted) {
        if (flaws.has('hangIsGone')) return undefined
        await withTimeout(
          new Promise<never>(() => {}),
          timeoutMs,
          () => new ProviderTimeoutError({ timeoutMs }),
        )
      }
      if (!authorised) return undefined
      connected = true
      return result()
    },
    async disconnect() {
      connected = false
    },
    async switchNetwork() {},
    async signMessage({ address, message }) {
      if (!connected) throw new NotConnectedError('eip155')
      await prompt()
      return flaws.has('anySignature') ? 'signed' : `${address}:${message}`
    },
    getBalance: async () => ({ value: 5n, decimals: 18, symbol: 'ETH' }),
  }
  return {
    adapter,
    events,
    connectorId: 'memory',
    network,
    receiver: '0xcccc',
    invalidAddresses: ['nope'],
    wallet: {
      setMode: (next) => {
        mode = next
      },
      setAccount(index) {
        account = index
        if (connected && !flaws.has('noAccountEvent'))
          events.push({ type: 'accountsChanged', connectorId: 'memory', accounts: exposed() })
      },
      revoke() {
        authorised = connected = false
        events.push({ type: 'disconnect', connectorId: 'memory' })
      },
      hangSilently: () => {
        silentHang = true
      },
    },
    verifySignature: async ({ address, message, signature }) => signature === `${address}:${message}`,
  }
}

/** Runs the suite against the memory adapter with a runner that only collects, and names the tests that fail. */
async function failingTests(flaws: readonly Flaw[]): Promise<string[]> {
  const tests: { name: string; body: () => Promise<void> }[] = []
  runAdapterConformance(
    { describe: (_name, body) => body(), test: (name, body) => tests.push({ name, body }), expect },
    { name: 'memory', setup: async ({ promptTimeoutMs }) => memoryWorld(new Set(flaws), promptTimeoutMs) },
  )
  const failed: string[] = []
  for (const { name, body } of tests) await body().catch(() => failed.push(name))
  return failed
}

describe('runAdapterConformance', () => {
  it('passes an adapter that keeps the contract', async () => {
    expect(await failingTests([])).toEqual([])
  })

  it.each([
    ['acceptsDecline', 'a declined connect rejects with UserRejectedRequestError'],
    ['hangIsGone', 'reconnect rejects, not undefined, when the wallet does not answer in time'],
    ['noAccountEvent', 'reports accountsChanged and disconnect from the wallet'],
    ['anySignature', 'signMessage answers a signature of the account, and a decline rejects'],
    ['waitsForever', 'a wallet that never answers connect gives ProviderTimeoutError'],
  ] as const)(
    'fails an adapter that breaks the rule (%s)',
    async (flaw, test) => {
      expect(await failingTests([flaw])).toContain(test)
    },
    20_000,
  )
})
