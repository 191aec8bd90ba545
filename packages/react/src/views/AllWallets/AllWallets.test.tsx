import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { modalRoot, open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

describe('AllWallets', () => {
  test('is reached from Connect, focuses its search field and filters by name', async () => {
    const { portico } = await renderPortico()
    const view = await open(portico)
    await run(() => fireEvent.click(view.getByRole('button', { name: 'All Wallets' })))
    const search = await view.findByRole('searchbox', { name: 'Search wallets' })
    await waitFor(() => expect(modalRoot()?.activeElement).toBe(search))
    expect(view.getAllByRole('listitem')).toHaveLength(2)
    await run(() => fireEvent.change(search, { target: { value: 'mask' } }))
    expect(view.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['MMetaMaskInstalled'])
    await run(() => fireEvent.change(search, { target: { value: 'phantom' } }))
    expect(view.getByText('No wallet found')).toBeTruthy()
    expect(view.queryByRole('list')).toBeNull()
  })

  test('choosing a wallet from the list connects to it', async () => {
    const { portico, calls } = await renderPortico()
    const view = await open(portico, { route: { view: 'AllWallets' } })
    await run(() => fireEvent.click(view.getByRole('button', { name: /MetaMask/ })))
    expect(calls.connect).toEqual(['io.metamask'])
    expect(await view.findByText('Continue in MetaMask')).toBeTruthy()
  })
})
