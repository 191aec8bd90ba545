import { connect, disconnect } from '@portico/core'
import { cleanup } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

describe('Connect', () => {
  test('tags installed wallets, and a wallet used before as Recent at the top', async () => {
    const { portico, approve } = await renderPortico()
    let view = await open(portico)
    expect(view.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'RRabbyInstalled',
      'MMetaMaskInstalled',
      'All Wallets',
    ])
    await run(async () => {
      const connecting = connect(portico, { connectorId: 'io.metamask' })
      approve()
      await connecting
    })
    await run(() => disconnect(portico))
    view = await open(portico)
    expect(view.getAllByRole('listitem')[0]?.textContent).toBe('MMetaMaskRecent')
  })

  test('explains what to do when no wallet is installed, without inventing any', async () => {
    const { portico } = await renderPortico({ connectors: [] })
    const view = await open(portico)
    expect(view.getByText('No wallet found in this browser')).toBeTruthy()
    expect(view.getByText(/Install a wallet browser extension/)).toBeTruthy()
    expect(view.queryAllByRole('button', { name: /All Wallets/ })).toHaveLength(0)
  })

  test('hides All Wallets when the feature is off', async () => {
    const { portico } = await renderPortico({ config: { features: { allWallets: false } } })
    const view = await open(portico)
    expect(view.queryByRole('button', { name: 'All Wallets' })).toBeNull()
  })

  test('with no adapter configured, says so plainly instead of showing a pairing code', async () => {
    const { portico } = await renderPortico({ adapters: false })
    const view = await open(portico)
    expect(view.getByText('No wallet adapters are configured for this site')).toBeTruthy()
    expect(view.queryByRole('img')).toBeNull()
  })
})
