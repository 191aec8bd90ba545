import { expect, test } from 'vitest'
import { BaseError } from '../errors/base.js'
import { formatMessage, MESSAGES, type Notice, toUserMessage } from './messages.js'

test('formatMessage gives the English text of a key, its placeholders filled in', () => {
  expect(formatMessage({ key: 'switchDeclined' })).toBe('Switch declined in the wallet')
  expect(formatMessage({ key: 'emailCooldown', params: { n: 20 } })).toBe('Please try again after 20 seconds')
  expect(formatMessage({ key: 'emailChanged', params: { email: 'ada@new.example' } })).toBe(
    'Your e-mail is now ada@new.example',
  )
})

test("a wallet's or a server's own sentence passes through the generic key unchanged", () => {
  const notice = toUserMessage(new BaseError('The wallet is locked.'))
  expect(notice).toEqual({ key: 'walletError', params: { message: 'The wallet is locked.' } })
  expect(formatMessage(notice)).toBe('The wallet is locked.')
  expect(toUserMessage('thrown string')).toEqual({ key: 'somethingWentWrong' })
})

test('a placeholder without a value stays visible instead of being emptied', () => {
  // Only reachable by a caller that bypasses the types (plain JavaScript).
  const partial = { key: 'emailCooldown', params: {} } as unknown as Notice
  expect(formatMessage(partial)).toBe(MESSAGES.emailCooldown)
})

test('params are typed from the text: a missing or unknown param does not compile', () => {
  // @ts-expect-error emailCooldown needs `n`
  const missing: Notice = { key: 'emailCooldown' }
  // @ts-expect-error switchDeclined has no placeholder
  const extra: Notice = { key: 'switchDeclined', params: { n: 1 } }
  // @ts-expect-error not a key core can emit
  const unknown: Notice = { key: 'Switch declined in the wallet' }
  expect([missing, extra, unknown]).toHaveLength(3)
})
