import { openModal } from '@portico/core'
import { act, cleanup, render, waitFor } from '@testing-library/react'
import { afterEach, expect, test } from 'vitest'
import { PorticoProvider } from '../PorticoProvider/PorticoProvider.js'
import { createTestPortico } from '../testkit/createTestPortico.testkit.js'
import { modal, modalRoot } from '../testkit/render.testkit.js'

afterEach(cleanup)

// The dialog's module is fetched once per module graph (one per test file): this file's test is
// the first to open the modal, so it sees the frame before the dialog's code is there.
test('the click is answered with a loading frame at once, and the dialog replaces it when its code is there', async () => {
  const { portico } = createTestPortico()
  render(<PorticoProvider portico={portico} preload={false} />)
  act(() => openModal(portico))
  const frame = await waitFor(() => {
    const dialog = modalRoot()?.querySelector('[role="dialog"]')
    if (!dialog) throw new Error('no frame yet')
    return dialog
  })
  expect(frame.getAttribute('aria-label')).toBe('Loading…')
  expect(frame.querySelector('.skeleton')).toBeTruthy()
  await waitFor(() => expect(modal().getByRole('dialog', { name: 'Connect a wallet' })).toBeTruthy())
  expect(modalRoot()?.querySelectorAll('[role="dialog"]')).toHaveLength(1)
})
