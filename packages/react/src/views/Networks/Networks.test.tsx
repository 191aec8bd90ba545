import { connect, UserRejectedRequestError } from '@portico/core'
import { cleanup, fireEvent } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

async function connectedOn(chainId: number) {
  const test = await renderPortico()
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve(chainId)
    await connecting
  })
  return test
}

describe('Networks', () => {
  test('marks the active network and switches the wallet to the one chosen', async () => {
    const { portico, calls } = await connectedOn(1)
    const view = await open(portico, { route: { view: 'Networks' } })
    expect(view.getByRole('button', { name: /Ethereum/ }).getAttribute('aria-current')).toBe('true')
    expect(view.getByRole('button', { name: /Optimism/ }).getAttribute('aria-current')).toBeNull()
    await run(() => fireEvent.click(view.getByRole('button', { name: /Optimism/ })))
    expect(calls.switchNetwork).toEqual(['eip155:10'])
    expect(portico.state.chains.eip155?.networkState.caipNetwork?.caipNetworkId).toBe('eip155:10')
    // Opened straight on Networks, so a finished switch leaves through goBack: the modal closes.
    expect(portico.state.modal.open).toBe(false)
  })

  test('says to approve in the wallet while the switch waits, and shows why it failed', async () => {
    const { portico, adapter } = await connectedOn(1)
    let decline: (error: unknown) => void = () => {}
    adapter.switchNetwork = () => new Promise((_, reject) => (decline = reject))
    const view = await open(portico, { route: { view: 'Networks' } })
    await run(() => fireEvent.click(view.getByRole('button', { name: /Optimism/ })))
    expect(view.getByText('Approve in your wallet')).toBeTruthy()
    await run(() => decline(new UserRejectedRequestError()))
    expect(view.queryByText('Approve in your wallet')).toBeNull()
    expect(view.getByRole('alert').textContent).toBe('Switch declined in the wallet')
    expect(portico.state.modal.open).toBe(true)
  })
})
