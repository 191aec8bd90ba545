import { connect, type EmbeddedWallet, getSend } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { modalRoot, open, renderPortico, run } from '../../testkit/render.testkit.js'
import { addSendCapabilities } from '../../testkit/sendAdapter.testkit.js'

afterEach(cleanup)

const RECEIVER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/**
 * The e-mail wallet as core calls it: on Ethereum (1) its smart account, whose fees the site's
 * paymaster pays when `sponsored`; the EOA when `smart` is false.
 */
function embeddedWallet(options: { smart: boolean; sponsored: boolean }): EmbeddedWallet {
  return {
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async ({ chainId }) => ({
      email: 'ada@example.com',
      chainId: chainId ?? 1,
      address: ADDRESS,
      accountType: options.smart ? 'smartAccount' : 'eoa',
      ...(options.smart ? { smartAccountDeployed: true, smartAccountSponsored: options.sponsored } : {}),
    }),
    getSmartAccountEnabledNetworks: async () => [1],
    setPreferredAccount: async ({ type }) => ({ type, address: ADDRESS }),
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'new@example.com' }),
  }
}

/** Connected through the e-mail wallet, the Send view open with ETH, an amount and a receiver. */
async function sendView(options: { smart: boolean; sponsored: boolean }) {
  const test = await renderPortico({
    connectors: [{ id: 'embedded', name: 'E-mail', type: 'AUTH', namespace: 'eip155', installed: true }],
    config: {
      embeddedWallet: embeddedWallet(options),
      metadata: { name: 'Shop', description: '', url: 'https://shop.example', icons: [] },
    },
  })
  addSendCapabilities(test)
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'embedded' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico, { route: { view: 'WalletSend' } })
  await view.findByRole('button', { name: /^Token: ETH/ })
  await run(() =>
    fireEvent.change(view.getByRole('textbox', { name: 'Amount' }), { target: { value: '0.5' } }),
  )
  await run(() =>
    fireEvent.change(view.getByRole('textbox', { name: 'To' }), { target: { value: RECEIVER } }),
  )
  return { ...test, view }
}

/** The Network fee row of the open view (the modal renders in a shadow root). */
const feeRow = () => modalRoot()?.querySelector('.fee-row')

describe("WalletSend: 'Network fee: paid by <site>' for a sponsored smart account", () => {
  test('core says the site pays: the form and the review name the site, and no fee in ETH', async () => {
    const { view, portico } = await sendView({ smart: true, sponsored: true })
    await waitFor(() => expect(getSend(portico).feePaidBy).toBe('Shop'))
    await waitFor(() => expect(feeRow()?.textContent).toBe('Network feepaid by Shop'))
    const review = (await view.findByRole('button', { name: 'Review' })) as HTMLButtonElement
    await run(() => fireEvent.click(review))
    await view.findByRole('button', { name: 'Send' })
    expect(feeRow()?.textContent).toBe('Network feepaid by Shop')
    expect(feeRow()?.textContent).not.toMatch(/ETH/)
  })

  test('an unsponsored smart account and the EOA show the fee the account pays', async () => {
    for (const options of [
      { smart: true, sponsored: false },
      { smart: false, sponsored: false },
    ]) {
      const { portico } = await sendView(options)
      await waitFor(() => expect(feeRow()?.textContent).toMatch(/^Network fee0\.000021 ETH/))
      expect(getSend(portico).feePaidBy).toBeUndefined()
      expect(feeRow()?.textContent).not.toMatch(/paid by/)
      cleanup()
    }
  })
})
