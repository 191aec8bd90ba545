import { connect, EMBEDDED_WALLET_CONNECTOR_ID, type EmbeddedWallet, type Features } from '@portico/core'
import { cleanup } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { wallets } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'
import { addSendCapabilities } from '../../testkit/sendAdapter.testkit.js'

afterEach(cleanup)

/** Connected on a wallet that can send, with the features given. */
async function connectedWith(features: Partial<Features>) {
  const test = await renderPortico({ config: { features: { ...features, analytics: false } } })
  addSendCapabilities(test)
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  return open(test.portico, { route: { view: 'Account' } })
}

const embeddedWallet: EmbeddedWallet = {
  connectEmail: async () => ({ action: 'VERIFY_OTP' }),
  connectDevice: async () => {},
  connectOtp: async () => ({ action: 'CONNECTED' }),
  getUser: async () => ({ email: 'ada@example.com', chainId: 1, address: '0x1', accountType: 'eoa' }),
  isConnected: async () => false,
  signOut: async () => {},
  updateEmail: async () => ({ newEmail: 'x@example.com' }),
}

describe('each feature flag turned off takes its feature away', () => {
  test('receive and send on: Account offers both (the baseline the next tests remove from)', async () => {
    const view = await connectedWith({})
    expect(await view.findByRole('button', { name: 'Receive' })).toBeTruthy()
    expect(view.getByRole('button', { name: 'Send' })).toBeTruthy()
  })

  test('receive off: no Receive, Send stays', async () => {
    const view = await connectedWith({ receive: false })
    await view.findByRole('button', { name: 'Send' })
    expect(view.queryByRole('button', { name: 'Receive' })).toBeNull()
  })

  test('send off: no Send, Receive stays', async () => {
    const view = await connectedWith({ send: false })
    await view.findByRole('button', { name: 'Receive' })
    expect(view.queryByRole('button', { name: 'Send' })).toBeNull()
  })

  test('email off: no e-mail field on Connect although the embedded wallet is configured', async () => {
    const connectors = [
      ...wallets,
      {
        id: EMBEDDED_WALLET_CONNECTOR_ID,
        name: 'E-mail',
        type: 'AUTH' as const,
        namespace: 'eip155' as const,
        installed: true,
      },
    ]
    const on = await renderPortico({ connectors, config: { embeddedWallet } })
    expect(await (await open(on.portico)).findByRole('textbox', { name: 'E-mail address' })).toBeTruthy()
    cleanup()
    const off = await renderPortico({ connectors, config: { embeddedWallet, features: { email: false } } })
    const view = await open(off.portico)
    await view.findByRole('button', { name: /Rabby/ })
    expect(view.queryByRole('textbox', { name: 'E-mail address' })).toBeNull()
  })
})
