import { connect, selectWallet } from '@portico/core'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { modalRoot, open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

const SECOND = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** A wallet that shares two accounts and lets the site pick (as Polkadot extensions do). */
async function twoAccounts(options: { canSelect: boolean; parts?: boolean }) {
  const test = await renderPortico()
  test.handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS, SECOND], chainId: 1 }
  if (options.canSelect)
    test.adapter.selectAccount = async ({ connectorId, address }) => {
      test.handle.calls.push({ method: 'selectAccount', parameters: address })
      test.handle.context!.emit({ type: 'accountsChanged', connectorId, accounts: [address, ADDRESS] })
    }
  if (options.parts)
    test.adapter.getBalance = async () => ({
      value: 7_000_000_000_000_000_000n,
      decimals: 18,
      symbol: 'ETH',
      parts: {
        free: 9_500_000_000_000_000_000n,
        reserved: 2_000_000_000_000_000_000n,
        transferable: 7_000_000_000_000_000_000n,
      },
    })
  await run(() => connect(test.portico, { connectorId: 'io.rabby' }))
  const view = await open(test.portico, { route: { view: 'Account' } })
  return { ...test, view }
}

describe('SelectAccount', () => {
  test('the Account view offers Switch account; choosing the other account makes it active and goes back', async () => {
    const { view, handle } = await twoAccounts({ canSelect: true })
    fireEvent.click(view.getByRole('button', { name: 'Switch account' }))
    await waitFor(() => expect(view.getByRole('dialog', { name: 'Choose an account' })).toBeTruthy())
    // The title shows with the view's frame; its rows follow once the view's own code is there.
    const rows = await waitFor(() => {
      const found = view.getAllByRole('button', { name: /0x/ })
      expect(found).toHaveLength(2)
      return found
    })
    expect(rows.map((row) => row.getAttribute('title'))).toEqual([ADDRESS, SECOND])
    expect(rows[0]?.getAttribute('aria-current')).toBe('true')
    fireEvent.click(rows[1]!)
    await waitFor(() => expect(view.getByRole('dialog', { name: 'Account' })).toBeTruthy())
    expect(handle.calls.filter((call) => call.method === 'selectAccount')).toEqual([
      { method: 'selectAccount', parameters: SECOND },
    ])
    expect(view.getByTitle(SECOND)).toBeTruthy()
  })

  test('a wallet that picks its account itself gets no Switch account', async () => {
    const { view } = await twoAccounts({ canSelect: false })
    expect(view.queryByRole('button', { name: 'Switch account' })).toBeNull()
  })

  test('a balance split into transferable, free and reserved shows all three', async () => {
    const { view } = await twoAccounts({ canSelect: false, parts: true })
    const parts = await waitFor(() => view.getByLabelText('Balance details'))
    expect(parts.getAttribute('aria-label')).toBe('Balance details')
    expect(parts.textContent).toBe('Transferable7.00 ETHFree9.50 ETHReserved2.00 ETH')
  })

  test('connecting a wallet that shares several accounts opens the picker; each row has the avatar Account draws for it', async () => {
    // Kept open after connecting, so Back shows Account (by default the modal closes then).
    const test = await renderPortico({ config: { keepOpenAfterConnect: true } })
    test.handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS, SECOND], chainId: 1 }
    test.adapter.selectAccount = async ({ connectorId, address }) => {
      test.handle.context!.emit({ type: 'accountsChanged', connectorId, accounts: [address, ADDRESS] })
    }
    const view = await open(test.portico)
    await run(() => selectWallet(test.portico, { connectorId: 'io.rabby' }))
    await waitFor(() => expect(view.getByRole('dialog', { name: 'Choose an account' })).toBeTruthy())
    const rows = await waitFor(() => {
      const found = view.getAllByRole('button', { name: /0x/ })
      expect(found).toHaveLength(2)
      return found
    })
    expect(rows[0]?.getAttribute('aria-current')).toBe('true')
    const colours = (element: Element | null | undefined) => {
      const style = (element as HTMLElement | null)?.style
      return [style?.getPropertyValue('--p-avatar-a'), style?.getPropertyValue('--p-avatar-b')]
    }
    const avatars = rows.map((row) => row.querySelector('.account-avatar'))
    expect(avatars.every((avatar) => avatar !== null)).toBe(true)
    expect(colours(avatars[0])[0]).toMatch(/^hsl\(/)
    expect(colours(avatars[0])).not.toEqual(colours(avatars[1]))
    // The picker's own stylesheet paints the avatar: it is no empty gap.
    const root = modalRoot()!
    const css = [
      ...(root.adoptedStyleSheets ?? []).flatMap((sheet) =>
        Array.from(sheet.cssRules, (rule) => rule.cssText),
      ),
      ...Array.from(root.querySelectorAll('style'), (style) => style.textContent ?? ''),
    ].join('\n')
    expect(css).toMatch(/\.account-avatar\s*\{[^}]*linear-gradient\(135deg, var\(--p-avatar-a/)

    // Back leads to Account, the first account still active, with the same avatar as its row.
    fireEvent.click(view.getByRole('button', { name: 'Back' }))
    await waitFor(() => expect(view.getByRole('dialog', { name: 'Account' })).toBeTruthy())
    const accountAvatar = await waitFor(() => {
      const found = modalRoot()?.querySelector('.avatar')
      expect(found).toBeTruthy()
      return found
    })
    expect(colours(accountAvatar)).toEqual(colours(avatars[0]))
    expect(view.getByTitle(ADDRESS)).toBeTruthy()
  })
})
