import { connect } from '@portico/core'
import { cleanup } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { AVATAR_PNG, addNames } from '../../testkit/namesAdapter.testkit.js'
import { modalRoot, open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

async function accountView(
  primary: Record<string, { name: string; address: string; avatar: string | undefined }>,
) {
  const test = await renderPortico()
  addNames(test, { primary })
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  return open(test.portico, { route: { view: 'Account' } })
}

describe('Account with an account name', () => {
  test('shows the primary name and avatar, with the short address under the name', async () => {
    const view = await accountView({ [ADDRESS]: { name: 'alice.eth', address: ADDRESS, avatar: AVATAR_PNG } })
    expect(await view.findByText('alice.eth', {}, { timeout: 10_000 })).toBeTruthy()
    expect(view.getByText('0x7099…79C8')).toBeTruthy()
    expect(modalRoot()?.querySelector('img.avatar')?.getAttribute('src')).toBe(AVATAR_PNG)
  })

  test('without a name, the short address and the generated avatar', async () => {
    const view = await accountView({})
    expect(await view.findByText('0x7099…79C8')).toBeTruthy()
    expect(modalRoot()?.querySelector('span.avatar')).toBeTruthy()
    expect(modalRoot()?.querySelector('img.avatar')).toBeNull()
  })
})
