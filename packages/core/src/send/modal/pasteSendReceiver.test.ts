// @vitest-environment happy-dom
import { describe, expect, test, vi } from 'vitest'
import { connectedSendAccount as connected, RECEIVER } from '../../testing/sendAccount.testkit.js'
import { getSend } from '../send.js'
import { pasteSendReceiver } from './pasteSendReceiver.js'

describe('pasteSendReceiver (the receiver’s Paste button)', () => {
  test('the clipboard’s address becomes the receiver, without the line break it was copied with', async () => {
    const { portico } = await connected()
    await pasteSendReceiver(portico, {
      text: Promise.resolve(` ${RECEIVER.slice(0, 20)}\n${RECEIVER.slice(20)} `),
    })
    expect(getSend(portico).receiverAddress).toBe(RECEIVER)
  })

  test('a clipboard the browser refuses to read changes nothing and is logged', async () => {
    const warn = vi.fn()
    const { portico } = await connected({ logger: { debug: () => {}, warn, error: () => {} } })
    const refusal = new DOMException('Read permission denied.', 'NotAllowedError')
    await pasteSendReceiver(portico, { text: Promise.reject(refusal) })
    expect(getSend(portico).receiverAddress).toBe('')
    expect(warn).toHaveBeenCalledWith('send: cannot read the clipboard', refusal)
  })
})
