import {
  addPendingTransaction,
  connect,
  refreshBalance,
  settlePendingTransaction,
  type TokenBalance,
  type Transaction,
} from '@portico/core'
import { type TestReply as Reply, startTestApiServer } from '@portico/core/testing'
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'

const OTHER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const hashOf = (n: number) => `0x${n.toString(16).padStart(64, '0')}`

const tokens: TokenBalance[] = [
  {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:1',
    value: 2469.13,
    price: 2000,
    quantity: { decimals: '18', numeric: '1.234567' },
  },
  {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:1',
    address: 'eip155:1:0x00000000000000000000000000000000000000aa',
    value: 250,
    price: 1,
    quantity: { decimals: '6', numeric: '250' },
  },
]

function tx(n: number, direction: 'in' | 'out', minutesAgo: number): Transaction {
  return {
    id: `tx-${n}`,
    metadata: {
      operationType: direction === 'out' ? 'send' : 'receive',
      hash: hashOf(n),
      minedAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
      sentFrom: direction === 'out' ? ADDRESS : OTHER,
      sentTo: direction === 'out' ? OTHER : ADDRESS,
      status: 'confirmed',
      nonce: n,
      chain: 'eip155:1',
    },
    transfers: [{ direction, quantity: { numeric: '0.5' }, fungible_info: { name: 'Ether', symbol: 'ETH' } }],
  }
}

let server: Awaited<ReturnType<typeof startTestApiServer>>
beforeEach(async () => {
  server = await startTestApiServer()
})
afterEach(async () => {
  cleanup()
  await server.close()
})

type Routes = { balance?: () => Reply; history?: (cursor: string | undefined) => Reply }
function serve(routes: Routes) {
  server.reply((request) => {
    if (request.path.endsWith('/balance')) return routes.balance?.() ?? 'hang'
    if (request.path.endsWith('/history')) return routes.history?.(request.query.cursor) ?? 'hang'
    if (request.path.endsWith('/nfts')) return { status: 200, body: { data: [], next: null } }
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no' } } }
  })
}

async function connected(options: { server?: boolean; locale?: 'en' | 'de' } = {}) {
  const config = options.server === false ? {} : { apiUrl: server.url, projectId: 'p1' }
  const test = await renderPortico({ config, ...(options.locale ? { locale: options.locale } : {}) })
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico)
  return { ...test, view }
}

describe('Account assets', () => {
  test('without a server: the native balance in Tokens, no Activity tab and no request', async () => {
    const { view } = await connected({ server: false })
    const rows = await view.findAllByRole('listitem')
    expect(rows).toHaveLength(1)
    expect(rows[0]?.textContent).toContain('Ether')
    expect(rows[0]?.textContent).toContain('1.23 ETH')
    expect(view.queryByRole('tablist')).toBeNull()
    expect(view.queryByRole('tab', { name: 'Activity' })).toBeNull()
    expect(server.requests).toEqual([])
  })

  test('with a server: the total value and each token with its USD value, native first', async () => {
    serve({ balance: () => ({ status: 200, body: { balances: [tokens[1], tokens[0]] } }) })
    const { view } = await connected()
    expect(await view.findByText('$2,719.13')).toBeTruthy()
    const rows = view.getAllByRole('listitem')
    expect(rows.map((row) => row.textContent)).toEqual([
      // the letters stand in for the missing icons
      'EEther$2,000.00 each$2,469.131.23 ETH',
      'UUSD Coin$1.00 each$250.00250.00 USDC',
    ])
  })

  test('the tabs are a tablist: arrow keys, Home and End move the selection and the focus', async () => {
    serve({
      balance: () => ({ status: 200, body: { balances: tokens } }),
      history: () => ({ status: 200, body: { data: [], next: null } }),
    })
    const { view, portico } = await connected()
    const tablist = await view.findByRole('tablist', { name: 'Assets' })
    const tokensTab = view.getByRole('tab', { name: 'Tokens' })
    const nftsTab = view.getByRole('tab', { name: 'NFTs' })
    const activityTab = view.getByRole('tab', { name: 'Activity' })
    expect(tokensTab.getAttribute('aria-selected')).toBe('true')
    expect(tokensTab.tabIndex).toBe(0)
    expect(activityTab.tabIndex).toBe(-1)
    expect(view.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tokensTab.id)
    tokensTab.focus()
    await run(() => fireEvent.keyDown(tablist, { key: 'ArrowRight' }))
    expect(nftsTab.getAttribute('aria-selected')).toBe('true')
    await run(() => fireEvent.keyDown(tablist, { key: 'ArrowRight' }))
    expect(activityTab.getAttribute('aria-selected')).toBe('true')
    expect(portico.state.chains.eip155?.accountState.currentTab).toBe('Activity')
    expect((activityTab.getRootNode() as ShadowRoot).activeElement).toBe(activityTab)
    expect(await view.findByText('No activity yet')).toBeTruthy()
    await run(() => fireEvent.keyDown(tablist, { key: 'Home' }))
    expect(tokensTab.getAttribute('aria-selected')).toBe('true')
    await run(() => fireEvent.keyDown(tablist, { key: 'End' }))
    expect(activityTab.getAttribute('aria-selected')).toBe('true')
    await run(() => fireEvent.keyDown(tablist, { key: 'ArrowLeft' }))
    expect(nftsTab.getAttribute('aria-selected')).toBe('true')
    await run(() => fireEvent.keyDown(tablist, { key: 'ArrowLeft' }))
    expect(tokensTab.getAttribute('aria-selected')).toBe('true')
    expect(view.getByRole('tabpanel').getAttribute('aria-labelledby')).toBe(tokensTab.id)
  })

  test('Activity: sent and received rows with sign, other party, time and explorer link; Load more', async () => {
    serve({
      balance: () => ({ status: 200, body: { balances: tokens } }),
      history: (cursor) =>
        cursor === 'page2'
          ? { status: 200, body: { data: [tx(3, 'out', 60 * 24 * 3 + 60)], next: null } }
          : { status: 200, body: { data: [tx(1, 'out', 0), tx(2, 'in', 61)], next: 'page2' } },
    })
    const { view } = await connected()
    await run(() => fireEvent.click(view.getByRole('tab', { name: 'Activity' })))
    const first = await view.findByRole('link', { name: /^Sent\b.*ETH/ })
    expect(first.textContent).toContain('To 0x3C44…93BC')
    expect(first.textContent).toContain('now')
    expect(first.textContent).toContain('−0.50 ETH')
    const received = view.getByRole('link', { name: /^Received\b.*ETH/ })
    expect(received.textContent).toContain('From 0x3C44…93BC')
    expect(received.textContent).toContain('1 hr')
    expect(received.textContent).toContain('+0.50 ETH')
    expect(received.getAttribute('href')).toBe(`https://explorer.example/tx/${hashOf(2)}`)
    expect(received.getAttribute('rel')).toBe('noopener noreferrer')
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Load more' })))
    await waitFor(() => expect(view.getAllByRole('link', { name: /^Sent\b.*ETH/ })).toHaveLength(2))
    expect(view.getByText(/3 days/)).toBeTruthy()
    expect(view.queryByRole('button', { name: 'Load more' })).toBeNull()
    // the last page took the button away: the focus is on the first row it loaded
    const loaded = view.getAllByRole('link', { name: /^Sent\b.*ETH/ })[1] as HTMLElement
    expect((loaded.getRootNode() as ShadowRoot).activeElement).toBe(loaded)
  })

  test('a sent transaction shows on top as pending, then as sent once settled', async () => {
    serve({
      balance: () => ({ status: 200, body: { balances: tokens } }),
      history: () => ({ status: 200, body: { data: [tx(1, 'in', 5)], next: null } }),
    })
    const { view, portico } = await connected()
    await run(() => fireEvent.click(view.getByRole('tab', { name: 'Activity' })))
    await view.findByRole('link', { name: /^Received\b.*ETH/ })
    await run(() =>
      addPendingTransaction(portico, {
        hash: hashOf(9),
        caipNetworkId: 'eip155:1',
        from: ADDRESS,
        to: OTHER,
        amount: '0.25',
        symbol: 'ETH',
      }),
    )
    const links = view.getAllByRole('link', { name: /ETH/ })
    expect(links[0]?.textContent).toContain('Pending')
    expect(links[0]?.textContent).toContain('−0.25 ETH')
    await run(() => settlePendingTransaction(portico, { hash: hashOf(9), status: 'success' }))
    expect(view.getAllByRole('link', { name: /ETH/ })[0]?.textContent).not.toContain('Pending')
  })

  test('a server that is down: the native balance, Token Balance Unavailable with the wait, and Activity says so', async () => {
    const down: Reply = { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } }
    serve({ balance: () => down, history: () => down })
    const { view } = await connected()
    expect(await view.findByText('Token Balance Unavailable')).toBeTruthy()
    // Said once, in the Tokens tab: no toast repeats it on top.
    expect(view.getAllByText('Token Balance Unavailable')).toHaveLength(1)
    expect(view.getByRole('status').textContent).toBe('')
    expect(view.getByText(/You can try again in \d+ s\./)).toBeTruthy()
    expect(view.getAllByRole('listitem')[0]?.textContent).toContain('1.23 ETH')
    await run(() => fireEvent.click(view.getByRole('tab', { name: 'Activity' })))
    const alert = await view.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch transactions')
    expect(alert.textContent).toContain('cannot be reached')
    serve({ history: () => ({ status: 200, body: { data: [tx(1, 'out', 2)], next: null } }) })
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Try again' })))
    expect(await view.findByRole('link', { name: /^Sent\b.*ETH/ })).toBeTruthy()
  })

  test('a failed balance read keeps the last known balance, marked as such, in the view and on the account button', async () => {
    serve({ balance: () => ({ status: 200, body: { balances: [tokens[0]] } }) })
    const { view, handle, portico } = await connected()
    expect(await view.findByText('1.23 ETH')).toBeTruthy()
    handle.balanceError = new Error('HTTP request failed: 503')
    await run(() => refreshBalance(portico))
    expect(await view.findByText('1.23 ETH (last known)')).toBeTruthy()
    expect(screen.getByRole('button', { name: /^Account / }).getAttribute('aria-label')).toContain(
      '1.23 ETH (last known)',
    )
  })

  test('Receive opens the receive view', async () => {
    serve({ balance: () => ({ status: 200, body: { balances: tokens } }) })
    const { view, portico } = await connected({ server: false })
    const features = view.getByRole('navigation', { name: 'Wallet actions' })
    expect(features.textContent).toContain('Receive')
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Receive' })))
    expect(portico.state.router.route.view).toBe('WalletReceive')
  })

  test('in German: the tabs, the empty activity and the relative time', async () => {
    serve({
      balance: () => ({ status: 200, body: { balances: tokens } }),
      history: () => ({ status: 200, body: { data: [], next: null } }),
    })
    const { view } = await connected({ locale: 'de' })
    await waitFor(() => expect(view.getByRole('tab', { name: 'Aktivität' })).toBeTruthy())
    expect(view.getByRole('tablist', { name: 'Vermögen' })).toBeTruthy()
    expect(await view.findByText('2.719,13 $')).toBeTruthy()
    await run(() => fireEvent.click(view.getByRole('tab', { name: 'Aktivität' })))
    expect(await view.findByText('Noch keine Aktivität')).toBeTruthy()
  })
})
