import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { Transaction, Transfer } from '../api/schemas.js'
import { connect } from '../connection/connect.js'
import { disconnect } from '../connection/disconnect.js'
import { closeModal } from '../modal/closeModal.js'
import { openModal } from '../modal/openModal.js'
import { setAccountTab } from '../modal/setAccountTab.js'
import { switchNetwork } from '../network/switchNetwork.js'
import type { Portico } from '../portico.js'
import { startTestApiServer, type TestReply } from '../testing/apiTestServer.testkit.js'
import { type FakeAdapterHandle, flush, setup } from '../testing/fakeAdapter.testkit.js'
import { getAccountTabs, getActivity, watchAccountTabs, watchActivity } from './activity.js'
import type { ActivityService } from './activityService.js'
import {
  addPendingTransaction,
  InvalidPendingTransactionError,
  PENDING_TRANSACTIONS_LIMIT,
} from './addPendingTransaction.js'
import { fetchActivity } from './fetchActivity.js'
import { settlePendingTransaction } from './settlePendingTransaction.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'
const OTHER = '0x2222222222222222222222222222222222222222'
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

function tx(
  n: number,
  overrides: { chain?: string; transfers?: Transfer[]; direction?: 'in' | 'out' } = {},
): Transaction {
  const direction = overrides.direction ?? 'out'
  return {
    id: `tx-${n}`,
    metadata: {
      operationType: direction === 'out' ? 'send' : 'receive',
      hash: hashOf(n),
      minedAt: new Date(Date.UTC(2026, 0, 1) - n * 60_000).toISOString(),
      sentFrom: direction === 'out' ? ADDRESS : OTHER,
      sentTo: direction === 'out' ? OTHER : ADDRESS,
      status: 'confirmed',
      nonce: n,
      chain: overrides.chain ?? 'eip155:1',
    },
    transfers: overrides.transfers ?? [
      { direction, quantity: { numeric: `${n}.5` }, fungible_info: { name: 'Ether', symbol: 'ETH' } },
    ],
  }
}
const spamNft = (): Transfer => ({
  direction: 'in',
  quantity: { numeric: '1' },
  nft_info: { name: 'Free mint', token_id: '1', flags: { is_spam: true } },
})
const page = (data: Transaction[], next: string | null): TestReply => ({ status: 200, body: { data, next } })

let server: Awaited<ReturnType<typeof startTestApiServer>>
beforeEach(async () => {
  server = await startTestApiServer()
})
afterEach(async () => {
  await server.close()
})

const announce = (handle: FakeAdapterHandle) =>
  handle.context?.emit({ type: 'connectors', connectors: handle.connectors })
async function connected(overrides: Parameters<typeof setup>[0] & { noServer?: boolean } = {}) {
  const { noServer, ...rest } = overrides
  const test = await setup(noServer ? rest : { apiUrl: server.url, projectId: 'p1', ...rest })
  announce(test.handle)
  await connect(test.portico, { connectorId: 'io.metamask' })
  await flush()
  return test
}
const historyRequests = () => server.requests.filter((request) => request.path.endsWith('/history'))
const settled = (portico: Portico) => vi.waitFor(() => expect(portico.state.activity.loading).toBe(false))

describe('fetchActivity', () => {
  test('loads the first page, then the next one with the cursor, and stops at the last page', async () => {
    server.reply((request) =>
      request.query.cursor === 'c2' ? page([tx(3)], null) : page([tx(1), tx(2)], 'c2'),
    )
    const { portico } = await connected()
    await fetchActivity(portico)
    expect(historyRequests()[0]).toMatchObject({
      path: `/v1/account/${ADDRESS}/history`,
      query: { projectId: 'p1', chainId: 'eip155:1' },
    })
    expect(getActivity(portico)).toMatchObject({ available: true, loaded: true, hasMore: true, empty: false })
    await fetchActivity(portico)
    expect(historyRequests()[1]?.query.cursor).toBe('c2')
    const activity = getActivity(portico)
    expect(activity.items.map((item) => item.id)).toEqual(['tx-1', 'tx-2', 'tx-3'])
    expect(activity.hasMore).toBe(false)
    await fetchActivity(portico)
    expect(historyRequests()).toHaveLength(2)
    expect(activity.items[0]).toMatchObject({
      kind: 'sent',
      amount: '1.5',
      symbol: 'ETH',
      counterparty: OTHER,
      status: 'confirmed',
      time: Date.UTC(2026, 0, 1) - 60_000,
    })
  })

  test('drops transactions of other networks and those whose transfers are all spam NFTs', async () => {
    const mixed = tx(5, {
      transfers: [
        spamNft(),
        { direction: 'in', quantity: { numeric: '2' }, fungible_info: { name: 'USD Coin', symbol: 'USDC' } },
      ],
    })
    server.reply(() =>
      page(
        [
          tx(1),
          tx(2, { chain: 'eip155:10' }),
          tx(3, { transfers: [spamNft(), spamNft()] }),
          tx(4, { direction: 'in' }),
          mixed,
        ],
        null,
      ),
    )
    const { portico } = await connected()
    await fetchActivity(portico)
    const { items } = getActivity(portico)
    expect(items.map((item) => item.id)).toEqual(['tx-1', 'tx-4', 'tx-5'])
    expect(items[1]).toMatchObject({ kind: 'received', counterparty: OTHER })
    expect(items[2]).toMatchObject({ symbol: 'USDC', moreTransfers: 1 })
  })

  test('an NFT transfer shows with its name and picture (nft_info)', async () => {
    const picture = 'https://pictures.example/harbour-1.png'
    server.reply(() =>
      page(
        [
          tx(1, {
            direction: 'in',
            transfers: [
              {
                direction: 'in',
                quantity: { numeric: '1' },
                nft_info: { name: 'Harbour #1', token_id: '1', picture, flags: { is_spam: false } },
              },
            ],
          }),
        ],
        null,
      ),
    )
    const { portico } = await connected()
    await fetchActivity(portico)
    expect(getActivity(portico).items[0]).toMatchObject({
      kind: 'received',
      symbol: 'Harbour #1',
      iconUrl: picture,
    })
  })

  test('a token transfer does not name the token contract as the other party', async () => {
    const token = 'eip155:1:0x00000000000000000000000000000000000000Aa'
    const transfer = tx(1, {
      transfers: [
        {
          direction: 'out',
          quantity: { numeric: '5' },
          fungible_info: { name: 'USD Coin', symbol: 'USDC', address: token },
        },
      ],
    })
    transfer.metadata.sentTo = '0x00000000000000000000000000000000000000aa'
    server.reply(() => page([transfer, tx(2)], null))
    const { portico } = await connected()
    await fetchActivity(portico)
    expect(getActivity(portico).items.map((item) => item.counterparty)).toEqual([undefined, OTHER])
  })

  test('an empty history says so', async () => {
    server.reply(() => page([], null))
    const { portico } = await connected()
    await fetchActivity(portico)
    expect(getActivity(portico)).toMatchObject({ loaded: true, empty: true, items: [] })
  })

  test('a failure says Failed to fetch transactions, and trying again loads the page', async () => {
    server.reply(() => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } }))
    const { portico } = await connected()
    await fetchActivity(portico)
    expect(getActivity(portico).error).toEqual({
      message: { key: 'transactionsFailed' },
      serverUnavailable: true,
      detail: { key: 'walletError', params: { message: 'The Portico server is not available.' } },
    })
    expect(getActivity(portico).loading).toBe(false)
    server.reply(() => page([tx(1)], null))
    await fetchActivity(portico)
    expect(getActivity(portico).error).toBeUndefined()
    expect(getActivity(portico).items).toHaveLength(1)
  })

  test('a malformed page is refused and reported, not shown', async () => {
    server.reply(() => ({ status: 200, body: { data: [{ id: 'x' }], next: null } }))
    const { portico } = await connected()
    await fetchActivity(portico)
    expect(getActivity(portico).error).toMatchObject({
      message: { key: 'transactionsFailed' },
      serverUnavailable: false,
    })
    expect(getActivity(portico).items).toEqual([])
  })

  test('a reply for an account that is no longer active is dropped, and the list is cleared', async () => {
    let release: () => void = () => {}
    server.reply((request) =>
      request.path.includes(ADDRESS)
        ? new Promise<TestReply>((resolve) => (release = () => resolve(page([tx(1)], null))))
        : page([tx(9)], null),
    )
    const { portico, handle } = await connected()
    const first = fetchActivity(portico)
    await vi.waitFor(() => expect(historyRequests()).toHaveLength(1))
    handle.context?.emit({ type: 'accountsChanged', connectorId: 'io.metamask', accounts: [OTHER] })
    expect(portico.state.activity.caipAddress).toBeUndefined()
    release()
    await first
    expect(getActivity(portico).items).toEqual([])
    await fetchActivity(portico)
    expect(getActivity(portico).items.map((item) => item.id)).toEqual(['tx-9'])
  })

  test('is cleared on a network change and on disconnect', async () => {
    server.reply(() => page([tx(1)], null))
    const { portico } = await connected()
    await fetchActivity(portico)
    expect(getActivity(portico).items).toHaveLength(1)
    await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(portico.state.activity.transactions).toEqual([])
    expect(getActivity(portico).loaded).toBe(false)
    server.reply(() => page([tx(2, { chain: 'eip155:10' })], null))
    await fetchActivity(portico)
    expect(getActivity(portico).items.map((item) => item.id)).toEqual(['tx-2'])
    await disconnect(portico)
    expect(portico.state.activity.transactions).toEqual([])
    expect(getActivity(portico).available).toBe(false)
  })

  test('asks nothing without a server or with the history feature off', async () => {
    const noServer = await connected({ noServer: true })
    await fetchActivity(noServer.portico)
    const off = await connected({ features: { history: false } })
    await fetchActivity(off.portico)
    expect(historyRequests()).toEqual([])
    expect(getActivity(off.portico).available).toBe(false)
    expect(getAccountTabs(off.portico).tabs).toEqual(['Tokens'])
  })
})

describe('account tabs', () => {
  test('offers Tokens, NFTs and Activity; selecting Activity loads its first page once', async () => {
    server.reply(() => page([tx(1)], null))
    const { portico } = await connected()
    expect(getAccountTabs(portico)).toEqual({ tabs: ['Tokens', 'NFTs', 'Activity'], current: 'Tokens' })
    setAccountTab(portico, { tab: 'NFTs' })
    expect(getAccountTabs(portico).current).toBe('NFTs')
    setAccountTab(portico, { tab: 'Activity' })
    expect(portico.state.chains.eip155?.accountState.currentTab).toBe('Activity')
    await settled(portico)
    setAccountTab(portico, { tab: 'Tokens' })
    setAccountTab(portico, { tab: 'Activity' })
    await settled(portico)
    expect(historyRequests()).toHaveLength(1)
    expect(getActivity(portico).items).toHaveLength(1)
  })

  test('the Account view coming back on the Activity tab fetches the list again, keeping the rows until then', async () => {
    let release: () => void = () => {}
    server.reply(async (request) => {
      if (!request.path.endsWith('/history')) return { status: 200, body: { balances: [] } }
      if (historyRequests().length === 1) return page([tx(1)], null)
      // The second fetch waits until the test has looked at what is on screen meanwhile.
      await new Promise<void>((resolve) => {
        release = resolve
      })
      return page([tx(0, { direction: 'in' }), tx(1)], null)
    })
    const { portico } = await connected()
    openModal(portico)
    setAccountTab(portico, { tab: 'Activity' })
    await settled(portico)
    expect(getActivity(portico).items.map((item) => item.id)).toEqual(['tx-1'])
    closeModal(portico)
    openModal(portico)
    await vi.waitFor(() => expect(historyRequests()).toHaveLength(2))
    // The earlier rows stay on screen while the new page is on its way.
    expect(getActivity(portico).items.map((item) => item.id)).toEqual(['tx-1'])
    expect(getActivity(portico).loaded).toBe(true)
    release()
    await vi.waitFor(() =>
      expect(getActivity(portico).items.map((item) => item.id)).toEqual(['tx-0', 'tx-1']),
    )
    expect(historyRequests()[1]?.query.cursor).toBeUndefined()
  })

  test('opening the Account view on the Activity tab after a network change loads the new list', async () => {
    server.reply((request) =>
      page([tx(request.query.chainId === 'eip155:10' ? 2 : 1, { chain: request.query.chainId ?? '' })], null),
    )
    const { portico } = await connected()
    openModal(portico)
    setAccountTab(portico, { tab: 'Activity' })
    await settled(portico)
    await switchNetwork(portico, { networkId: 'eip155:10' })
    await vi.waitFor(() => expect(getActivity(portico).items.map((item) => item.id)).toEqual(['tx-2']))
  })
})

describe('pending transactions', () => {
  const pending = (n: number) => ({
    hash: hashOf(n),
    caipNetworkId: 'eip155:1' as const,
    from: ADDRESS,
    to: OTHER,
    amount: '0.25',
    symbol: 'ETH',
  })

  test('show on top until settled, then until the server has indexed them', async () => {
    server.reply(() => page([tx(1)], null))
    const { portico } = await connected()
    await fetchActivity(portico)
    addPendingTransaction(portico, pending(7))
    expect(getActivity(portico).items.map((item) => [item.id, item.status])).toEqual([
      [`pending:${hashOf(7)}`, 'pending'],
      ['tx-1', 'confirmed'],
    ])
    settlePendingTransaction(portico, { hash: hashOf(7), status: 'success' })
    expect(getActivity(portico).items[0]).toMatchObject({ status: 'confirmed', amount: '0.25', kind: 'sent' })
    server.reply(() => page([tx(7), tx(1)], null))
    await fetchActivity(portico, { reset: true })
    expect(getActivity(portico).items.map((item) => item.id)).toEqual(['tx-7', 'tx-1'])
    expect(portico.state.activity.pending).toEqual([])
  })

  test('a reverted one shows as failed', async () => {
    const { portico } = await connected()
    addPendingTransaction(portico, pending(1))
    settlePendingTransaction(portico, { hash: hashOf(1), status: 'reverted' })
    expect(getActivity(portico).items[0]?.status).toBe('failed')
  })

  test(`keeps the newest ${PENDING_TRANSACTIONS_LIMIT}`, async () => {
    const { portico } = await connected()
    for (let n = 1; n <= PENDING_TRANSACTIONS_LIMIT + 2; n++) addPendingTransaction(portico, pending(n))
    const kept = portico.state.activity.pending
    expect(kept).toHaveLength(99)
    expect(kept[0]?.hash).toBe(hashOf(101))
    expect(kept.at(-1)?.hash).toBe(hashOf(3))
  })

  test('only the account and network that sent it show it', async () => {
    const { portico } = await connected()
    addPendingTransaction(portico, { ...pending(1), caipNetworkId: 'eip155:10' })
    addPendingTransaction(portico, { ...pending(2), from: OTHER })
    expect(getActivity(portico).items).toEqual([])
  })

  test('refuses an amount that is not an exact decimal string', async () => {
    const { portico } = await connected()
    expect(() => addPendingTransaction(portico, { ...pending(1), amount: '1e-7' })).toThrow(
      InvalidPendingTransactionError,
    )
    expect(() => addPendingTransaction(portico, { ...pending(1), caipNetworkId: 'eip155:5' })).toThrow(
      InvalidPendingTransactionError,
    )
    expect(portico.state.activity.pending).toEqual([])
  })
})

describe('activity service', () => {
  test("a site's own service replaces the server's: its pages with the cursor, and no request to the server", async () => {
    const asked: { network: string; address: string; cursor: string | undefined }[] = []
    const activity: ActivityService = {
      getTransactions: async ({ address, network, cursor }) => {
        asked.push({ network: network.caipNetworkId, address, cursor })
        return cursor === 'c2' ? { data: [tx(3)] } : { data: [tx(1), tx(2)], next: 'c2' }
      },
    }
    const { portico } = await connected({ services: { activity } })
    expect(getAccountTabs(portico).tabs).toEqual(['Tokens', 'NFTs', 'Activity'])
    await fetchActivity(portico)
    await fetchActivity(portico)
    expect(asked).toEqual([
      { network: 'eip155:1', address: ADDRESS, cursor: undefined },
      { network: 'eip155:1', address: ADDRESS, cursor: 'c2' },
    ])
    expect(getActivity(portico)).toMatchObject({ available: true, hasMore: false })
    expect(getActivity(portico).items.map((item) => item.id)).toEqual(['tx-1', 'tx-2', 'tx-3'])
    expect(historyRequests()).toEqual([])

    // Without a server too; and a network its supports() leaves out has no Activity tab.
    const alone = await connected({
      noServer: true,
      services: { activity: { ...activity, supports: (network) => network.caipNetworkId !== 'eip155:10' } },
    })
    expect(getAccountTabs(alone.portico).tabs).toEqual(['Tokens', 'Activity'])
    await switchNetwork(alone.portico, { networkId: 'eip155:10' })
    expect(getAccountTabs(alone.portico).tabs).toEqual(['Tokens'])
    expect(getActivity(alone.portico).available).toBe(false)
  })

  test('a malformed page from a service is reported, not shown', async () => {
    const activity: ActivityService = {
      getTransactions: async () =>
        ({ data: [{ ...tx(1), metadata: { ...tx(1).metadata, hash: 7 } }] }) as never,
    }
    const { portico } = await connected({ noServer: true, services: { activity } })
    await fetchActivity(portico)
    expect(getActivity(portico)).toMatchObject({
      items: [],
      error: { message: { key: 'transactionsFailed' } },
    })
  })

  test('a network the server refuses (UNSUPPORTED_CHAIN) loses its Activity tab, without an error, and is not asked again', async () => {
    // The balances of eip155:10 never arrive, so only the history route can teach that it is not served.
    server.reply((request) => {
      const other = request.query.chainId === 'eip155:10'
      if (request.path.endsWith('/balance')) return other ? 'hang' : { status: 200, body: { balances: [] } }
      return other
        ? { status: 400, body: { error: { code: 'UNSUPPORTED_CHAIN', message: 'no eip155:10' } } }
        : page([tx(1)], null)
    })
    const { portico } = await connected()
    await switchNetwork(portico, { networkId: 'eip155:10' })
    openModal(portico)
    expect(getAccountTabs(portico).tabs).toEqual(['Tokens', 'NFTs', 'Activity'])
    const tabChanges = vi.fn()
    const unwatch = watchAccountTabs(portico, { onChange: tabChanges })
    setAccountTab(portico, { tab: 'Activity' })
    await vi.waitFor(() => expect(getAccountTabs(portico).tabs).toEqual(['Tokens']))
    unwatch()
    // The readers were told, and the list shows no error: there is nothing to show here.
    expect(tabChanges).toHaveBeenCalled()
    expect(getAccountTabs(portico).current).toBe('Tokens')
    expect(getActivity(portico)).toMatchObject({ available: false, error: undefined })
    expect(portico.state.alert.current).toBeUndefined()
    await fetchActivity(portico, { reset: true })
    expect(historyRequests().map((request) => request.query.chainId)).toEqual(['eip155:10'])

    // The served network keeps its tab and its list.
    await switchNetwork(portico, { networkId: 'eip155:1' })
    expect(getAccountTabs(portico)).toEqual({ tabs: ['Tokens', 'NFTs', 'Activity'], current: 'Activity' })
    await vi.waitFor(() => expect(getActivity(portico).items.map((item) => item.id)).toEqual(['tx-1']))
  })

  test('a network whose balances the server refused offers no Activity tab', async () => {
    server.reply((request) =>
      request.query.chainId === 'eip155:10'
        ? { status: 400, body: { error: { code: 'UNSUPPORTED_CHAIN', message: 'no eip155:10' } } }
        : page([], null),
    )
    const { portico } = await connected()
    await switchNetwork(portico, { networkId: 'eip155:10' })
    await vi.waitFor(() =>
      expect(server.requests.filter((request) => request.path.endsWith('/balance'))).toHaveLength(2),
    )
    await vi.waitFor(() => expect(getAccountTabs(portico).tabs).toEqual(['Tokens']))
    expect(historyRequests()).toEqual([])
  })

  test('watchActivity still reports changes after the list was reset', async () => {
    server.reply(() => page([tx(1)], null))
    const { portico } = await connected()
    const changes = vi.fn()
    const unwatch = watchActivity(portico, { onChange: changes })
    await fetchActivity(portico, { reset: true })
    await flush()
    const afterFirst = changes.mock.calls.length
    expect(afterFirst).toBeGreaterThan(0)
    await fetchActivity(portico, { reset: true })
    await flush()
    expect(changes.mock.calls.length).toBeGreaterThan(afterFirst)
    unwatch()
  })
})
