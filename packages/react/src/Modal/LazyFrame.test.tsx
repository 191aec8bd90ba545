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
  // Every dialog that appears, as it was when it appeared: the loading frame may be replaced
  // before a polling check would see it, so the mutations are recorded instead (in the modal's
  // shadow root, watched from the moment its host is added to the page).
  const appeared: { label: string | null; skeleton: boolean }[] = []
  const record = (element: Element) =>
    appeared.push({
      label: element.getAttribute('aria-label'),
      skeleton: !!element.querySelector('.skeleton'),
    })
  const inModal = new MutationObserver((mutations) => {
    for (const mutation of mutations)
      for (const node of mutation.addedNodes) {
        if (!(node instanceof Element)) continue
        if (node.matches('[role="dialog"]')) record(node)
        for (const dialog of node.querySelectorAll('[role="dialog"]')) record(dialog)
      }
  })
  const inPage = new MutationObserver(() => {
    const root = modalRoot()
    if (!root) return
    inPage.disconnect()
    for (const dialog of root.querySelectorAll('[role="dialog"]')) record(dialog)
    inModal.observe(root, { childList: true, subtree: true })
  })
  inPage.observe(document.body, { childList: true })
  act(() => openModal(portico))
  await waitFor(() => expect(modal().getByRole('dialog', { name: 'Connect a wallet' })).toBeTruthy())
  inModal.disconnect()
  expect(appeared[0]).toEqual({ label: 'Loading…', skeleton: true })
  expect(modalRoot()?.querySelectorAll('[role="dialog"]')).toHaveLength(1)
})
