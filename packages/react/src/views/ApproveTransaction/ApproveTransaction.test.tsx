import type { EmbeddedWallet } from '@portico/core'
import { cleanup, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { modal, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

/** An embedded wallet whose frame has a request waiting, recording where its screen is shown. */
function waitingWallet() {
  const listeners = new Set<(waiting: boolean) => void>()
  const shownOver: (Element | undefined)[] = []
  let rejected = 0
  const wallet: EmbeddedWallet = {
    connectEmail: async () => ({ action: 'VERIFY_OTP' }),
    connectDevice: async () => {},
    connectOtp: async () => ({ action: 'CONNECTED' }),
    getUser: async () => ({ email: 'ada@example.com', chainId: 1, address: '0x1', accountType: 'eoa' }),
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'x@example.com' }),
    onApprovalChange: (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    showApproval: (container) => shownOver.push(container),
    hideApproval: () => shownOver.push(undefined),
    rejectApprovals: () => {
      rejected++
    },
  }
  const wait = (waiting: boolean) => {
    for (const listener of listeners) listener(waiting)
  }
  return { wallet, wait, shownOver, rejected: () => rejected }
}

describe('ApproveTransaction', () => {
  test('opens while the frame waits, hands the frame its area, and takes it back once answered', async () => {
    const { wallet, wait, shownOver } = waitingWallet()
    const { portico } = await renderPortico({ config: { embeddedWallet: wallet } })
    await run(() => wait(true))
    const view = modal()
    const dialog = await view.findByRole('dialog', { name: 'Approve request' })
    await waitFor(() => expect(shownOver).toHaveLength(1))
    const area = shownOver[0]
    expect(area).toBeInstanceOf(HTMLElement)
    expect(dialog.contains(area as Node)).toBe(true)
    expect(view.getByText('Approve or reject the request in the secure wallet window.')).toBeTruthy()
    await run(() => wait(false))
    await waitFor(() => expect(shownOver.at(-1)).toBeUndefined())
    expect(portico.state.modal.open).toBe(false)
  })

  test('closing the modal rejects the waiting request', async () => {
    const { wallet, wait, rejected } = waitingWallet()
    await renderPortico({ config: { embeddedWallet: wallet } })
    await run(() => wait(true))
    const view = modal()
    await view.findByRole('dialog', { name: 'Approve request' })
    await run(() => view.getByRole('button', { name: 'Close' }).click())
    expect(rejected()).toBe(1)
  })
})
