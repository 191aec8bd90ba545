import { selectWallet } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { modal, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

describe('UnsupportedChain', () => {
  test('explains the problem, lists the supported networks, switches to one and closes', async () => {
    const { portico, approve, calls } = await renderPortico()
    await run(async () => {
      const connecting = selectWallet(portico, { connectorId: 'io.rabby' })
      approve(5)
      await connecting
    })
    const view = modal()
    expect(await view.findByRole('dialog', { name: 'Switch network' })).toBeTruthy()
    expect(await view.findByText(/network this site does not support/)).toBeTruthy()
    const rows = view.getAllByRole('listitem').map((item) => item.textContent)
    expect(rows).toEqual(['EEthereum', 'OOptimism'])
    expect(view.getByRole('button', { name: 'Disconnect' })).toBeTruthy()
    // No network is marked current: the wallet is on none of them.
    expect(view.queryByRole('button', { current: true })).toBeNull()
    await run(() => fireEvent.click(view.getByRole('button', { name: /Optimism/ })))
    expect(calls.switchNetwork).toEqual(['eip155:10'])
    // On a listed network the connection is done: the modal closes (it stays open in embedded mode).
    await waitFor(() => expect(portico.state.modal.open).toBe(false))
    expect(portico.state.router.route.view).toBe('Account')
  })

  test('Disconnect leaves the unsupported network by disconnecting', async () => {
    const { portico, approve, calls } = await renderPortico()
    await run(async () => {
      const connecting = selectWallet(portico, { connectorId: 'io.rabby' })
      approve(5)
      await connecting
    })
    await run(() => fireEvent.click(modal().getByRole('button', { name: 'Disconnect' })))
    expect(calls.disconnect).toEqual(['io.rabby'])
    expect(portico.state.modal.open).toBe(false)
  })
})
