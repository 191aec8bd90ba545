import { BaseError, connect, getSend, type TokenBalance } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'
import { addSendCapabilities } from '../../testkit/sendAdapter.testkit.js'

afterEach(cleanup)

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const USDC: TokenBalance = {
  name: 'USD Coin',
  symbol: 'USDC',
  chainId: 'eip155:1',
  address: `eip155:1:0x${'aa'.repeat(20)}`,
  value: 100.5,
  price: 1,
  quantity: { decimals: '6', numeric: '100.5' },
}

/** Connected with 1.234567 ETH on an adapter that can send, the Send view open. */
async function sendView(options: { locale?: 'en' | 'de' } = {}) {
  const test = await renderPortico(options)
  const controls = addSendCapabilities(test)
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico, { route: { view: 'WalletSend' } })
  return { ...test, view, controls }
}

const type = (input: HTMLElement, value: string) => run(() => fireEvent.change(input, { target: { value } }))

describe('WalletSend', () => {
  test('starts on the native token with its balance, and the button asks for an amount', async () => {
    const { view } = await sendView()
    expect(
      await view.findByRole('button', { name: 'Token: ETH, balance 1.23 ETH. Change token' }),
    ).toBeTruthy()
    const button = view.getByRole('button', { name: 'Enter an amount' }) as HTMLButtonElement
    expect(button.disabled).toBe(true)
    const amount = view.getByRole('textbox', { name: 'Amount' })
    expect(amount.getAttribute('inputmode')).toBe('decimal')
  })

  test('the button names each problem in turn, then leads to the review', async () => {
    const { view, portico } = await sendView()
    await view.findByRole('button', { name: /^Token: ETH/ })
    const amount = view.getByRole('textbox', { name: 'Amount' })
    const receiver = view.getByRole('textbox', { name: 'To' })

    await type(amount, '5')
    expect(view.getByRole('button', { name: 'Insufficient funds' })).toBeTruthy()
    await type(amount, '0.5')
    expect(view.getByRole('button', { name: 'Enter an address' })).toBeTruthy()
    await type(receiver, '0x12')
    expect(view.getByRole('button', { name: 'Invalid address' })).toBeTruthy()
    expect(receiver.getAttribute('aria-invalid')).toBe('true')
    expect(view.getByText('Invalid address', { selector: 'p' })).toBeTruthy()
    await type(receiver, RECEIVER)
    const review = (await view.findByRole('button', { name: 'Review' })) as HTMLButtonElement
    expect(review.disabled).toBe(false)
    expect(view.getByText(/0\.000021 ETH/)).toBeTruthy()
    await run(() => fireEvent.click(review))
    expect(await view.findByRole('button', { name: 'Send' })).toBeTruthy()
    expect(portico.state.router.route.view).toBe('WalletSendPreview')
  })

  test('says what is wrong with an amount that is not one', async () => {
    const { view } = await sendView()
    await view.findByRole('button', { name: /^Token: ETH/ })
    const amount = view.getByRole('textbox', { name: 'Amount' })
    await type(amount, '0.1234567890123456789')
    expect(view.getByRole('button', { name: 'Too many decimals' })).toBeTruthy()
    expect(view.getByText('ETH has at most 18 decimals.')).toBeTruthy()
    expect(amount.getAttribute('aria-invalid')).toBe('true')
    await type(amount, '1e3')
    expect(view.getByText('Write the amount out in digits, without “e”.')).toBeTruthy()
    await type(amount, '1,5')
    expect(view.getByRole('button', { name: 'Invalid amount' })).toBeTruthy()
    expect(view.getByText('Type the amount in digits, like 0.5.')).toBeTruthy()
  })

  test('reads the German decimal comma', async () => {
    const { view, portico } = await sendView({ locale: 'de' })
    await view.findByRole('button', { name: /^Token: ETH/ })
    await type(view.getByRole('textbox', { name: 'Betrag' }), '0,5')
    expect(view.getByRole('button', { name: 'Adresse eingeben' })).toBeTruthy()
    expect(getSend(portico).sendTokenAmount).toBe('0,5')
  })

  test('Max fills in the balance minus the network fee', async () => {
    const { view } = await sendView()
    await view.findByRole('button', { name: /^Token: ETH/ })
    const max = view.getByRole('button', { name: 'Use the maximum amount' }) as HTMLButtonElement
    await waitFor(() => expect(max.disabled).toBe(false))
    await run(() => fireEvent.click(max))
    expect((view.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement).value).toBe('1.234546')
  })

  test('warns, without refusing, when the receiver is the account itself', async () => {
    const { view } = await sendView()
    await view.findByRole('button', { name: /^Token: ETH/ })
    await type(view.getByRole('textbox', { name: 'Amount' }), '0.1')
    await type(view.getByRole('textbox', { name: 'To' }), ADDRESS)
    expect(view.getByText('This is your own address.')).toBeTruthy()
    expect(await view.findByRole('button', { name: 'Review' })).toBeTruthy()
  })

  test("says why there is no fee when the adapter refuses the send, in the adapter's words", async () => {
    const { view, handle } = await sendView()
    handle.nextFee = new BaseError('This is a Bitcoin testnet address; this send is on Bitcoin regtest.')
    await type(view.getByRole('textbox', { name: 'Amount' }), '0.1')
    await type(view.getByRole('textbox', { name: 'To' }), RECEIVER)
    expect((await view.findByRole('alert')).textContent).toBe(
      'This is a Bitcoin testnet address; this send is on Bitcoin regtest.',
    )
    expect(view.getByRole('button', { name: 'Unavailable' })).toHaveProperty('disabled', true)
  })

  test('says Insufficient gas when the balance cannot pay the fee', async () => {
    const { view, controls } = await sendView()
    controls.fee = { fee: 21n * 10n ** 17n, breakdown: { gas: 21_000n, gasPrice: 10n ** 14n } }
    await view.findByRole('button', { name: /^Token: ETH/ })
    await type(view.getByRole('textbox', { name: 'Amount' }), '0.1')
    await type(view.getByRole('textbox', { name: 'To' }), RECEIVER)
    expect(await view.findByRole('button', { name: 'Insufficient gas' })).toBeTruthy()
  })

  test('the token button opens the token list; choosing one returns with it', async () => {
    const { view, portico } = await sendView()
    await view.findByRole('button', { name: /^Token: ETH/ })
    await run(() => {
      const account = portico.state.chains.eip155!.accountState
      account.tokenBalance = [...account.tokenBalance, USDC]
    })
    await run(() => fireEvent.click(view.getByRole('button', { name: /^Token: ETH/ })))
    expect(await view.findByRole('dialog', { name: 'Select a token' })).toBeTruthy()
    expect(await view.findByRole('button', { name: 'Ether, 1.23 ETH' })).toBeTruthy()
    expect(view.getByRole('button', { name: 'USD Coin, 100.50 USDC' })).toBeTruthy()
    expect(view.getByText('≈ $100.50')).toBeTruthy()

    await type(view.getByRole('searchbox', { name: 'Search tokens' }), 'zzz')
    expect(view.getByText('No token matches “zzz”.')).toBeTruthy()
    await type(view.getByRole('searchbox', { name: 'Search tokens' }), 'usd')
    expect(view.queryByRole('button', { name: 'Ether, 1.23 ETH' })).toBeNull()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'USD Coin, 100.50 USDC' })))
    expect(
      await view.findByRole('button', { name: 'Token: USDC, balance 100.50 USDC. Change token' }),
    ).toBeTruthy()
  })
})
