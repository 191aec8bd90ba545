import type { Network } from '../network/types.js'
import { withTimeout } from '../timeout.js'
import type { Adapter, AdapterEvent } from './contract.js'

/** The part of a test runner the suite uses; vitest's and jest's `describe`, `test`, `expect` fit. */
export interface ConformanceRunner {
  describe(name: string, body: () => void): void
  test(name: string, body: () => Promise<void>, timeoutMs?: number): void
  // biome-ignore lint/suspicious/noExplicitAny: each runner types its assertions its own way.
  expect(actual: unknown, message?: string): any
}

/** How the suite drives the author's test wallet, as a person would in the wallet. */
export interface ConformanceWallet {
  /** How prompts (connect, sign, send) are answered from now on. */
  setMode(mode: 'approve' | 'reject' | 'hang'): void
  /** Selects another of the wallet's accounts; the adapter must report `accountsChanged`. */
  setAccount(index: number): void
  /** The wallet forgets the site; the adapter must report `disconnect`, and reconnect answer undefined. */
  revoke(): void
  /** Makes the silent requests of a reconnect go unanswered, when the wallet can. */
  hangSilently?(): void
}

/** One fresh world for one test: an adapter (started) over the author's chain and test wallet. */
export interface ConformanceSetup {
  adapter: Adapter
  /** The events the adapter emitted through its context, in order. */
  events: readonly AdapterEvent[]
  /** The test wallet's connector id. */
  connectorId: string
  wallet: ConformanceWallet
  /** The network the wallet starts on; its first account is funded there. */
  network: Network
  /** A second network the wallet knows, for switchNetwork; the switch test runs only with one. */
  otherNetwork?: Network
  /** A valid account address that receives the test send. */
  receiver: string
  /** What the test send sends, in base units; default 1 (a chain with a minimum, such as rent, needs more). */
  sendAmount?: bigint
  /** Strings that are not addresses of the namespace (wrong checksum, other namespaces, ...). */
  invalidAddresses: readonly string[]
  /** Whether `signature` is `address`'s signature of `message`, checked with the namespace's own rules. */
  verifySignature(parameters: { address: string; message: string; signature: string }): Promise<boolean>
  /** Releases what the setup made (the adapter is destroyed by the suite first). */
  cleanup?(): unknown
}

export interface AdapterConformanceFixture {
  /** Names the suite in the runner's report. */
  name: string
  /**
   * Makes a fresh world; `promptTimeoutMs` is the bound the adapter must give prompts (connect,
   * sign, send): the hang tests wait for it.
   */
  setup(options: { promptTimeoutMs: number }): Promise<ConformanceSetup>
  /** Per-test timeout for the runner; default 30 s (real chains, real wallets). */
  testTimeoutMs?: number
}

const PROMPT_TIMEOUT_MS = 300
const EVENT_WAIT_MS = 2_000

/**
 * The adapter contract as tests an author runs against their adapter and their own chain fixture:
 * connect, decline, a wallet that hangs, reconnect (answers, "gone", "no answer"), events, network
 * switch, signing, balance, and — when the adapter has the send capability — fees, sending, and
 * bad addresses and amounts.
 *
 * @example
 * import { describe, expect, test } from 'vitest'
 * runAdapterConformance({ describe, test, expect }, { name: 'my adapter', setup: async () => ... })
 */
export function runAdapterConformance(runner: ConformanceRunner, fixture: AdapterConformanceFixture): void {
  const { describe, expect } = runner
  const timeout = fixture.testTimeoutMs ?? 30_000
  const test = (name: string, body: (world: ConformanceSetup) => Promise<void>) =>
    runner.test(
      name,
      async () => {
        const world = await fixture.setup({ promptTimeoutMs: PROMPT_TIMEOUT_MS })
        try {
          await body(world)
        } finally {
          world.adapter.destroy()
          await world.cleanup?.()
        }
      },
      timeout,
    )
  const errorName = async (promise: Promise<unknown>) => {
    try {
      await promise
    } catch (error) {
      return (error as { name?: unknown } | null)?.name
    }
    return 'resolved'
  }

  describe(`adapter conformance: ${fixture.name}`, () => {
    test('lists the test wallet as a connector of its namespace', async ({ adapter, connectorId }) => {
      const connector = adapter.getConnectors().find((candidate) => candidate.id === connectorId)
      expect(connector, 'connector').toBeDefined()
      expect(connector?.namespace).toBe(adapter.namespace)
    })

    test('connect answers the account, every account, and the network', async (world) => {
      const { adapter, connectorId, network } = world
      const result = await adapter.connect({ connectorId, network })
      expect(result.accounts[0]).toBe(result.address)
      expect(String(result.chainId)).toBe(network.caipNetworkId.slice(network.namespace.length + 1))
    })

    test('a declined connect rejects with UserRejectedRequestError', async ({
      adapter,
      connectorId,
      wallet,
    }) => {
      wallet.setMode('reject')
      expect(await errorName(adapter.connect({ connectorId }))).toBe('UserRejectedRequestError')
    })

    test('a wallet that never answers connect gives ProviderTimeoutError', async (world) => {
      world.wallet.setMode('hang')
      // Bounded here too, so an adapter that waits forever fails this test rather than the run.
      const connect = withTimeout(
        world.adapter.connect({ connectorId: world.connectorId }),
        PROMPT_TIMEOUT_MS + 2_000,
        () => Object.assign(new Error('connect did not settle'), { name: 'StillWaiting' }),
      )
      expect(await errorName(connect)).toBe('ProviderTimeoutError')
    })

    test('an unknown connector gives ConnectorNotFoundError', async ({ adapter }) => {
      expect(await errorName(adapter.connect({ connectorId: 'conformance.unknown' }))).toBe(
        'ConnectorNotFoundError',
      )
    })

    test('reconnect restores a connection without a prompt', async ({ adapter, connectorId, wallet }) => {
      const { address } = await adapter.connect({ connectorId })
      // A prompt now would be declined: a reconnect must not need one.
      wallet.setMode('reject')
      const restored = await adapter.reconnect({ connectorId, timeoutMs: 5_000 })
      expect(restored?.address).toBe(address)
    })

    test('reconnect answers undefined when the wallet says the connection is gone', async (world) => {
      const { adapter, connectorId, wallet } = world
      await adapter.connect({ connectorId })
      wallet.revoke()
      await expect(adapter.reconnect({ connectorId, timeoutMs: 5_000 })).resolves.toBeUndefined()
    })

    test('reconnect rejects, not undefined, when the wallet does not answer in time', async (world) => {
      const { adapter, connectorId, wallet } = world
      await adapter.connect({ connectorId })
      if (!wallet.hangSilently) {
        // Without a way to hang the wallet, an abort stands for it: the visitor picked another wallet.
        const controller = new AbortController()
        const reconnect = adapter.reconnect({ connectorId, timeoutMs: 5_000, signal: controller.signal })
        controller.abort()
        expect(await errorName(reconnect)).not.toBe('resolved')
        return
      }
      wallet.hangSilently()
      await expect(adapter.reconnect({ connectorId, timeoutMs: PROMPT_TIMEOUT_MS })).rejects.toBeDefined()
    })

    test('reports accountsChanged and disconnect from the wallet', async (world) => {
      const { adapter, connectorId, wallet, events } = world
      const { address } = await adapter.connect({ connectorId })
      wallet.setAccount(1)
      const changed = await waitFor(events, (event) => event.type === 'accountsChanged')
      expect(changed).toMatchObject({ type: 'accountsChanged', connectorId })
      expect((changed as { accounts: readonly string[] }).accounts[0]).not.toBe(address)
      wallet.revoke()
      expect(await waitFor(events, (event) => event.type === 'disconnect')).toEqual({
        type: 'disconnect',
        connectorId,
      })
    })

    test('switchNetwork moves the wallet to another network', async (world) => {
      const { adapter, connectorId, otherNetwork, network } = world
      await adapter.connect({ connectorId, network })
      if (!otherNetwork) return
      await adapter.switchNetwork({ connectorId, network: otherNetwork })
      const restored = await adapter.reconnect({ connectorId, timeoutMs: 5_000 })
      expect(String(restored?.chainId)).toBe(
        otherNetwork.caipNetworkId.slice(otherNetwork.namespace.length + 1),
      )
    })

    test('signMessage answers a signature of the account, and a decline rejects', async (world) => {
      const { adapter, connectorId, wallet } = world
      const { address } = await adapter.connect({ connectorId })
      const message = 'Portico adapter conformance\nline two ✓'
      const signature = await adapter.signMessage({ connectorId, address, message })
      expect(await world.verifySignature({ address, message, signature })).toBe(true)
      wallet.setMode('reject')
      expect(await errorName(adapter.signMessage({ connectorId, address, message }))).toBe(
        'UserRejectedRequestError',
      )
    })

    test('signMessage for a connector that is not connected gives NotConnectedError', async (world) => {
      const { adapter, connectorId } = world
      expect(
        await errorName(adapter.signMessage({ connectorId, address: world.receiver, message: 'hi' })),
      ).toBe('NotConnectedError')
    })

    test('getBalance answers base units in the network’s native currency', async ({
      adapter,
      connectorId,
      network,
    }) => {
      const { address } = await adapter.connect({ connectorId, network })
      const balance = await adapter.getBalance({ address, network })
      expect(typeof balance.value).toBe('bigint')
      expect(balance.value > 0n, 'the fixture funds the first account').toBe(true)
      expect(balance.decimals).toBe(network.nativeCurrency.decimals)
      expect(balance.symbol).toBe(network.nativeCurrency.symbol)
    })

    test('send: checks addresses, estimates a fee, sends and waits', async (world) => {
      const { adapter, connectorId, network, receiver } = world
      const send = adapter.send
      if (!send) return
      const { address } = await adapter.connect({ connectorId, network })
      expect(send.isAddress(address), address).toBe(true)
      expect(send.isAddress(receiver), receiver).toBe(true)
      for (const invalid of world.invalidAddresses) expect(send.isAddress(invalid), invalid).toBe(false)
      const amount = world.sendAmount ?? 1n
      const estimate = await send.estimateFee({ address, network, to: receiver, amount })
      expect(typeof estimate.fee).toBe('bigint')
      expect(estimate.fee > 0n, 'a fee above 0').toBe(true)
      const hash = await send.send({ connectorId, address, network, to: receiver, amount })
      expect(typeof hash).toBe('string')
      await expect(send.waitForTransaction({ hash, network, timeoutMs: 20_000 })).resolves.toEqual({
        status: 'success',
      })
    })

    test('send: a declined send rejects with UserRejectedRequestError', async (world) => {
      const { adapter, connectorId, network, receiver, wallet } = world
      if (!adapter.send) return
      const { address } = await adapter.connect({ connectorId, network })
      wallet.setMode('reject')
      const amount = world.sendAmount ?? 1n
      const sent = adapter.send.send({ connectorId, address, network, to: receiver, amount })
      expect(await errorName(sent)).toBe('UserRejectedRequestError')
    })

    test('send: refuses a bad address and an amount over the balance', async (world) => {
      const { adapter, connectorId, network, receiver } = world
      if (!adapter.send) return
      const { address } = await adapter.connect({ connectorId, network })
      for (const invalid of world.invalidAddresses.slice(0, 2)) {
        const name = await errorName(
          adapter.send.send({ connectorId, address, network, to: invalid, amount: 1n }),
        )
        expect(name, invalid).not.toBe('resolved')
      }
      const { value } = await adapter.getBalance({ address, network })
      const tooMuch = adapter.send.send({ connectorId, address, network, to: receiver, amount: value + 1n })
      expect(await errorName(tooMuch)).not.toBe('resolved')
    })

    test('send: waitForTransaction gives up at its timeout', async ({ adapter, network }) => {
      if (!adapter.send) return
      const unknownHash = adapter.namespace === 'eip155' ? `0x${'ab'.repeat(32)}` : '1'.repeat(88)
      const name = await errorName(
        adapter.send.waitForTransaction({ hash: unknownHash, network, timeoutMs: 300 }),
      )
      expect(name === 'ProviderTimeoutError' || name === 'ProviderRequestError', String(name)).toBe(true)
    })
  })
}

/** Waits for an event the wallet causes; the wallet's own answer is the only thing waited on. */
async function waitFor(
  events: readonly AdapterEvent[],
  match: (event: AdapterEvent) => boolean,
): Promise<AdapterEvent | undefined> {
  const deadline = Date.now() + EVENT_WAIT_MS
  for (;;) {
    const found = events.find(match)
    if (found || Date.now() > deadline) return found
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}
