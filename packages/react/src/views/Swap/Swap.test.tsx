import { connect } from '@portico/core'
import { refusal, startSwapTestServer } from '@portico/core/testing'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'
import { addSendCapabilities } from '../../testkit/sendAdapter.testkit.js'

let server: Awaited<ReturnType<typeof startSwapTestServer>>
beforeEach(async () => {
  server = await startSwapTestServer()
})
afterEach(async () => {
  cleanup()
  await server.close()
})

/** Connected with 1.234567 ETH, on an instance whose Portico server is the loopback swap server. */
async function connected(options: { swaps?: boolean; locale?: 'en' | 'de' } = {}) {
  const test = await renderPortico({
    config: {
      apiUrl: server.url,
      projectId: 'test-project',
      features: { swaps: options.swaps ?? true, analytics: false },
    },
    ...(options.locale ? { locale: options.locale } : {}),
  })
  const controls = addSendCapabilities(test)
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  return { ...test, controls }
}

const type = (input: HTMLElement, value: string) => run(() => fireEvent.change(input, { target: { value } }))

describe('Account', () => {
  test('offers Swap between Receive and Send order-wise (onramp, swaps, receive, send) where the server has swaps', async () => {
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Account' } })
    const swap = await view.findByRole('button', { name: 'Swap' })
    const actions = [...(swap.parentElement?.querySelectorAll('button') ?? [])].map(
      (button) => button.textContent,
    )
    expect(actions).toEqual(['Swap', 'Receive', 'Send'])
  })

  test('offers no Swap where the server refuses the network', async () => {
    server.script.override.tokens = () => refusal(400, 'UNSUPPORTED_CHAIN')
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Account' } })
    await view.findByRole('button', { name: 'Send' })
    await waitFor(() => expect(server.swapRequests('tokens')).toHaveLength(1))
    expect(view.queryByRole('button', { name: 'Swap' })).toBeNull()
  })

  test('offers no Swap and asks nothing with features.swaps off', async () => {
    const { portico } = await connected({ swaps: false })
    const view = await open(portico, { route: { view: 'Account' } })
    await view.findByRole('button', { name: 'Send' })
    expect(view.queryByRole('button', { name: 'Swap' })).toBeNull()
    expect(server.swapRequests('tokens')).toHaveLength(0)
  })
})

describe('Swap', () => {
  test('starts on 1 of the network token, asks for the token to receive, then quotes and leads to the preview', async () => {
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Swap' } })
    const amount = (await view.findByRole('textbox', { name: 'Amount of ETH to swap' })) as HTMLInputElement
    expect(amount.value).toBe('1')
    expect(view.getByText('Balance: 1.2345 ETH')).toBeTruthy()
    expect(
      (view.getByRole('button', { name: 'Select a token to receive' }) as HTMLButtonElement).disabled,
    ).toBe(true)

    await run(() => fireEvent.click(view.getByRole('button', { name: 'Select token' })))
    // SwapSelectToken: the visitor's tokens first, with balances.
    const mine = await view.findByRole('list', { name: 'Your tokens' })
    expect([...mine.querySelectorAll('button')].map((button) => button.getAttribute('aria-label'))).toEqual([
      'Ether, 1.2345 ETH',
      'Portico USD, 100 PUSD',
    ])
    expect(
      [...view.getByRole('list', { name: 'All tokens' }).querySelectorAll('button')].map((b) =>
        b.getAttribute('aria-label'),
      ),
    ).toEqual(['Portico Token (PTK)'])
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Portico USD, 100 PUSD' })))

    const review = await view.findByRole('button', { name: 'Review swap' }, { timeout: 4000 })
    expect(view.getByText('1,983')).toBeTruthy()
    expect(view.getByText('1 ETH = 1,983 PUSD')).toBeTruthy()
    await run(() => fireEvent.click(review))
    expect(portico.state.router.route.view).toBe('SwapPreview')
  })

  test("names each problem on its button: an empty amount, then 'Insufficient balance'", async () => {
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Swap' } })
    const amount = await view.findByRole('textbox', { name: 'Amount of ETH to swap' })
    await type(amount, '')
    expect(view.getByRole('button', { name: 'Select a token to receive' })).toBeTruthy()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Select token' })))
    await run(async () => fireEvent.click(await view.findByRole('button', { name: 'Portico USD, 100 PUSD' })))
    expect(await view.findByRole('button', { name: 'Enter an amount' })).toBeTruthy()
    await type(await view.findByRole('textbox', { name: 'Amount of ETH to swap' }), '5')
    expect(
      ((await view.findByRole('button', { name: 'Insufficient balance' })) as HTMLButtonElement).disabled,
    ).toBe(true)
  })

  test('switches the tokens, with the quoted amount as the new amount', async () => {
    const { portico } = await connected()
    const view = await open(portico, { route: { view: 'Swap' } })
    await view.findByRole('textbox', { name: 'Amount of ETH to swap' })
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Select token' })))
    await run(async () => fireEvent.click(await view.findByRole('button', { name: 'Portico USD, 100 PUSD' })))
    await view.findByRole('button', { name: 'Review swap' })
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Switch the tokens' })))
    const amount = (await view.findByRole('textbox', { name: 'Amount of PUSD to swap' })) as HTMLInputElement
    expect(amount.value).toBe('1983')
    // 1983 PUSD is more than the 100 held.
    expect(await view.findByRole('button', { name: 'Insufficient balance' })).toBeTruthy()
  })
})

describe('SwapPreview', () => {
  async function previewing(from: 'ETH' | 'PUSD') {
    const test = await connected()
    const view = await open(test.portico, { route: { view: 'Swap' } })
    await view.findByRole('textbox', { name: 'Amount of ETH to swap' })
    if (from === 'PUSD') {
      await run(() => fireEvent.click(view.getByRole('button', { name: 'ETH, change token' })))
      await run(async () =>
        fireEvent.click(await view.findByRole('button', { name: 'Portico USD, 100 PUSD' })),
      )
      await run(() => fireEvent.click(view.getByRole('button', { name: 'Select token' })))
      await run(async () => fireEvent.click(await view.findByRole('button', { name: 'Portico Token (PTK)' })))
    } else {
      await run(() => fireEvent.click(view.getByRole('button', { name: 'Select token' })))
      await run(async () =>
        fireEvent.click(await view.findByRole('button', { name: 'Portico USD, 100 PUSD' })),
      )
    }
    await run(async () => fireEvent.click(await view.findByRole('button', { name: 'Review swap' })))
    return { ...test, view }
  }

  test('shows rate, price impact, minimum received, network fee in USD and provider fee', async () => {
    const { view } = await previewing('ETH')
    await view.findByRole('button', { name: 'Swap' })
    const rows = Object.fromEntries(
      [...view.getAllByRole('term')[0]!.closest('dl')!.querySelectorAll('div')].map((row) => [
        row.querySelector('dt')?.textContent,
        row.querySelector('dd')?.textContent,
      ]),
    )
    expect(rows).toEqual({
      Rate: '1 ETH = 1,983 PUSD',
      'Price impact': '0.31%',
      'Minimum received': '1,963.17 PUSD',
      'Slippage tolerance': '1%',
      // 120 000 gas at 1 gwei is 0.00012 ETH, at 2000 USD.
      'Network fee': '$0.24',
      'Provider fee': '0.0085 ETH (0.85%)',
    })
  })

  test('swaps from the wallet and shows Account', async () => {
    const { view, portico, controls } = await previewing('ETH')
    await run(async () => fireEvent.click(await view.findByRole('button', { name: 'Swap' })))
    expect(view.getByRole('button', { name: 'Confirm in your wallet' })).toBeTruthy()
    await waitFor(() => expect(controls.sends).toHaveLength(1))
    await run(() => controls.sends[0]!.resolve(`0x${'cd'.repeat(32)}`))
    await waitFor(() => expect(controls.receipts).toHaveLength(1))
    await run(() => controls.receipts[0]!.resolve({ status: 'success' }))
    await waitFor(() => expect(portico.state.router.route.view).toBe('Account'))
    expect(await view.findByText('Swapped 1 ETH to 1983 PUSD')).toBeTruthy()
  })

  test('asks to approve the token first, and says why', async () => {
    const { view } = await previewing('PUSD')
    expect(await view.findByRole('button', { name: 'Approve PUSD' })).toBeTruthy()
    expect(
      view.getByText(
        'First, allow the swap to spend exactly 1 PUSD. Your wallet asks twice: once to approve, once to swap.',
      ),
    ).toBeTruthy()
  })
})

describe('the swap texts', () => {
  test('every swap view text is in every locale, with the same placeholders', async () => {
    const { SWAP_TEXTS } = await import('../../components/swapCatalogue.js')
    const holes = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort()
    for (const [key, english] of Object.entries(SWAP_TEXTS.en)) {
      const german = SWAP_TEXTS.de[key as keyof typeof SWAP_TEXTS.en]
      expect(german, key).toBeTruthy()
      expect(holes(german), key).toEqual(holes(english))
    }
  })

  test('the form speaks German with locale="de"', async () => {
    const { portico } = await connected({ locale: 'de' })
    const view = await open(portico, { route: { view: 'Swap' } })
    expect(await view.findByRole('textbox', { name: 'Menge ETH zum Tauschen' })).toBeTruthy()
    expect(view.getByRole('button', { name: 'Token zum Erhalten wählen' })).toBeTruthy()
  })
})
