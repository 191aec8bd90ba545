import { connect } from '@portico/core'
import { cleanup, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../testkit/createTestPortico.testkit.js'
import { AVATAR_PNG, addNames } from '../testkit/namesAdapter.testkit.js'
import { renderPortico, run } from '../testkit/render.testkit.js'
import { ConnectButton } from './ConnectButton.js'

afterEach(cleanup)

async function connectedAs(
  primary: Record<string, { name: string; address: string; avatar: string | undefined }>,
) {
  const test = await renderPortico({ children: <ConnectButton /> })
  addNames(test, { primary })
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  return test
}

describe('ConnectButton with an account name', () => {
  test('shows the primary name and its avatar instead of the short address', async () => {
    await connectedAs({ [ADDRESS]: { name: 'alice.eth', address: ADDRESS, avatar: AVATAR_PNG } })
    const button = await screen.findByRole('button', { name: /^Account alice\.eth/ }, { timeout: 10_000 })
    expect(button.querySelector('img.portico-cb-avatar')?.getAttribute('src')).toBe(AVATAR_PNG)
    expect(button.textContent).not.toContain('0x7099')
  })

  test('without a name, the short address and the generated avatar', async () => {
    await connectedAs({})
    const button = await screen.findByRole('button', { name: /^Account 0x7099…79C8/ })
    await waitFor(() => expect(button.querySelector('span.portico-cb-avatar')).toBeTruthy())
    expect(button.querySelector('img')).toBeNull()
  })
})
