import { connect, getSend } from '@portico/core'
import { cleanup, fireEvent } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { AVATAR_PNG, addNames } from '../../testkit/namesAdapter.testkit.js'
import { modalRoot, open, renderPortico, run } from '../../testkit/render.testkit.js'
import { addSendCapabilities } from '../../testkit/sendAdapter.testkit.js'

afterEach(cleanup)

const ALICE = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

async function sendView() {
  const test = await renderPortico()
  addSendCapabilities(test)
  const names = addNames(test, {
    names: { 'alice.eth': { name: 'alice.eth', address: ALICE, avatar: AVATAR_PNG } },
  })
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico, { route: { view: 'WalletSend' } })
  await view.findByRole('button', { name: /^Token: ETH/ })
  await run(() =>
    fireEvent.change(view.getByRole('textbox', { name: 'Amount' }), { target: { value: '0.5' } }),
  )
  return { ...test, view, names }
}

const typeReceiver = (view: Awaited<ReturnType<typeof sendView>>['view'], value: string) =>
  run(() => fireEvent.change(view.getByRole('textbox', { name: 'To' }), { target: { value } }))

describe('WalletSend with a name as the receiver', () => {
  test('resolves the name as typing pauses, shows its address and avatar, and sends to the address', async () => {
    const { view, portico, names } = await sendView()
    await typeReceiver(view, 'ali')
    await typeReceiver(view, 'alice.et')
    await typeReceiver(view, 'alice.eth')
    expect(view.getAllByText('Resolving alice.eth…').length).toBeGreaterThan(0)
    expect(await view.findByText(ALICE)).toBeTruthy()
    expect(view.getByText(`alice.eth is ${ALICE}`)).toBeTruthy()
    // Only the name typing paused on was looked up.
    expect(names.lookups).toEqual(['alice.eth'])
    expect((view.getByRole('textbox', { name: 'To' }) as HTMLTextAreaElement).value).toBe('alice.eth')
    const avatar = modalRoot()?.querySelector('img.receiver-avatar') as HTMLImageElement | null
    expect(avatar?.getAttribute('src')).toBe(AVATAR_PNG)
    expect(getSend(portico).receiverAddress).toBe(ALICE)
    expect(await view.findByRole('button', { name: 'Review' })).toBeTruthy()
  })

  test('refuses a name that resolves to nothing, with the SPEC text, and sends nowhere', async () => {
    const { view, portico } = await sendView()
    await typeReceiver(view, 'nobody.eth')
    expect(await view.findByText('Error resolving name', { selector: 'p' })).toBeTruthy()
    expect(view.getByRole('button', { name: 'Error resolving name' })).toHaveProperty('disabled', true)
    expect(getSend(portico).receiverAddress).toBe('')
    // Typing an address instead drops the name.
    await typeReceiver(view, ALICE)
    expect(view.queryByText('Error resolving name', { selector: 'p' })).toBeNull()
    expect(getSend(portico).receiverAddress).toBe(ALICE)
  })
})
