import { connect } from '@portico/core'
import { startTestApiServer, type TestReply } from '@portico/core/testing'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'
import { BUY_TEXTS } from './buyCatalogue.js'

let server: Awaited<ReturnType<typeof startTestApiServer>>
beforeEach(async () => {
  server = await startTestApiServer()
})
afterEach(async () => {
  cleanup()
  vi.restoreAllMocks()
  await server.close()
})

const SIGNED = 'https://buy.moonpay.com/?apiKey=pk_test_site&walletAddress=0x70&signature=sig'

function serve(routes: { url?: () => TestReply; history?: () => TestReply } = {}) {
  server.reply((request) => {
    if (request.path === '/v1/onramp/url') return routes.url?.() ?? { status: 200, body: { url: SIGNED } }
    if (request.path.endsWith('/history'))
      return routes.history?.() ?? { status: 200, body: { data: [], next: null } }
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no' } } }
  })
}

async function connected(options: { onramp?: boolean } = {}) {
  const test = await renderPortico({
    config: {
      apiUrl: server.url,
      projectId: 'p1',
      features: { analytics: false },
      ...(options.onramp === false
        ? {}
        : { onramp: { moonpay: { apiKey: 'pk_test_site' }, mercuryo: { widgetId: 'w1' } } }),
    },
  })
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  return test
}

/** A window as `window.open` returns it, recording where it was sent and whether it was closed. */
function stubWindowOpen() {
  const popup = { location: { href: 'about:blank' }, opener: {} as unknown, closed: false, close: vi.fn() }
  const openSpy = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
  return { popup, openSpy }
}

describe('Account', () => {
  test('offers Buy first, before Receive (SPEC §9 wallet feature order onramp, swaps, receive, send)', async () => {
    serve()
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Account' } })
    const buy = await view.findByRole('button', { name: 'Buy' })
    const actions = [...(buy.parentElement?.querySelectorAll('button') ?? [])].map(
      (button) => button.textContent,
    )
    expect(actions).toEqual(['Buy', 'Receive'])
  })

  test('offers no Buy when the site registered no provider', async () => {
    serve()
    const { portico } = await connected({ onramp: false })
    const view = await open(portico, { route: { view: 'Account' } })
    await view.findByRole('button', { name: 'Receive' })
    expect(view.queryByRole('button', { name: 'Buy' })).toBeNull()
  })

  test('shows a card purchase in Activity as pending, then complete', async () => {
    const purchase = (status: 'pending' | 'complete') => ({
      id: 'onramp:moonpay:portico-1',
      metadata: {
        operationType: 'receive',
        hash: '',
        minedAt: new Date().toISOString(),
        sentFrom: 'MoonPay',
        sentTo: ADDRESS.toLowerCase(),
        status: status === 'complete' ? 'confirmed' : 'pending',
        nonce: 0,
        chain: 'eip155:1',
        onramp: { provider: 'moonpay', status },
      },
      transfers:
        status === 'complete'
          ? [
              {
                direction: 'in',
                quantity: { numeric: '0.0125' },
                fungible_info: { name: 'ETH', symbol: 'ETH' },
              },
            ]
          : [],
    })
    let status: 'pending' | 'complete' = 'pending'
    serve({ history: () => ({ status: 200, body: { data: [purchase(status)], next: null } }) })
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Account' } })
    await run(() => fireEvent.click(view.getByRole('tab', { name: 'Activity' })))
    const row = await view.findByText('Bought with MoonPay')
    expect(row.closest('li')?.textContent).toContain('Pending')
    expect(server.requests.find((request) => request.path.endsWith('/history'))?.query.onramp).toBe('true')

    status = 'complete'
    const { fetchActivity } = await import('@portico/core')
    await run(() => fetchActivity(portico, { refresh: true }))
    await waitFor(() =>
      expect(view.getByText('Bought with MoonPay').closest('li')?.textContent).toContain('Complete'),
    )
    expect(view.getByText('Bought with MoonPay').closest('li')?.textContent).toContain('+0.01 ETH')
  })
})

describe('Buy', () => {
  test('lists both providers with their 1–2% fee; a click opens a window at once and sends it to the signed URL', async () => {
    serve()
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Buy' } })
    const moonpay = await view.findByRole('button', { name: 'Buy with MoonPay, fee 1 to 2 percent' })
    expect(view.getByRole('button', { name: 'Buy with Mercuryo, fee 1 to 2 percent' })).toBeTruthy()
    expect(view.getAllByText('Fee 1–2%')).toHaveLength(2)
    await run(() =>
      fireEvent.change(view.getByRole('textbox', { name: 'Amount to spend' }), { target: { value: '50' } }),
    )
    await run(() =>
      fireEvent.change(view.getByRole('combobox', { name: 'Currency' }), { target: { value: 'EUR' } }),
    )

    const { popup, openSpy } = stubWindowOpen()
    fireEvent.click(moonpay)
    // Synchronously in the click, before the server was asked: pop-up blockers allow it.
    expect(openSpy).toHaveBeenCalledWith('about:blank', '_blank')
    expect(popup.opener).toBeNull()
    await waitFor(() => expect(popup.location.href).toBe(SIGNED))
    expect(server.requests.find((request) => request.path === '/v1/onramp/url')?.query).toMatchObject({
      provider: 'moonpay',
      address: ADDRESS,
      chainId: 'eip155:1',
      fiatAmount: '50',
      fiatCurrency: 'EUR',
    })
    expect(await view.findByText(/Continue in the MoonPay window/)).toBeTruthy()
    expect(popup.close).not.toHaveBeenCalled()
  })

  test('closes the window and says why when the server refuses', async () => {
    serve({
      url: () => ({
        status: 400,
        body: { error: { code: 'ONRAMP_NOT_CONFIGURED', message: 'No keys for this project.' } },
      }),
    })
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Buy' } })
    const { popup } = stubWindowOpen()
    await run(() => fireEvent.click(view.getByRole('button', { name: /Buy with Mercuryo/ })))
    expect(await view.findByText('Mercuryo could not be opened: No keys for this project.')).toBeTruthy()
    expect(popup.close).toHaveBeenCalled()
  })

  test('says the browser blocked the window when window.open gives none', async () => {
    serve()
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Buy' } })
    vi.spyOn(window, 'open').mockReturnValue(null)
    await run(() => fireEvent.click(view.getByRole('button', { name: /Buy with MoonPay/ })))
    expect(await view.findByText(/Your browser blocked the purchase window/)).toBeTruthy()
    expect(server.requests.some((request) => request.path === '/v1/onramp/url')).toBe(false)
  })

  test('refuses an amount the server would refuse, before opening anything', async () => {
    serve()
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Buy' } })
    const amount = await view.findByRole('textbox', { name: 'Amount to spend' })
    await run(() => fireEvent.change(amount, { target: { value: '12.345' } }))
    expect(view.getByText(/Enter an amount such as 50/)).toBeTruthy()
    expect((view.getByRole('button', { name: /Buy with MoonPay/ }) as HTMLButtonElement).disabled).toBe(true)
  })

  test('has every text in every locale', () => {
    const keys = Object.keys(BUY_TEXTS.en).sort()
    for (const texts of Object.values(BUY_TEXTS)) expect(Object.keys(texts).sort()).toEqual(keys)
  })
})
