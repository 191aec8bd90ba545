import { expect, test } from 'vitest'
import { isSignedMessage, isTransactionHash } from './formats.js'
import { isCompatibleVersion, PROTOCOL_VERSION } from './version.js'

test.each([
  ['a 32-byte hash', `0x${'ab'.repeat(32)}`, true],
  ['upper-case hex', `0x${'AB'.repeat(32)}`, true],
  ['one character short', `0x${'a'.repeat(63)}`, false],
  ['one character long', `0x${'a'.repeat(65)}`, false],
  ['no 0x', 'ab'.repeat(32), false],
  ['a non-hex character', `0x${'a'.repeat(63)}g`, false],
  ['a number', 12, false],
])('isTransactionHash: %s → %s', (_case, value, expected) => {
  expect(isTransactionHash(value)).toBe(expected)
})

test.each([
  ['a 65-byte signature', `0x${'1b'.repeat(65)}`, true],
  ['exactly 62 hex characters', `0x${'a'.repeat(62)}`, true],
  ['61 hex characters', `0x${'a'.repeat(61)}`, false],
  ['a rejection text', 'User rejected', false],
  ['undefined', undefined, false],
])('isSignedMessage: %s → %s', (_case, value, expected) => {
  expect(isSignedMessage(value)).toBe(expected)
})

// 1.1: the theme is a fixed set of checked values, and the e-mail change's codes are typed in the frame.
test('PROTOCOL_VERSION is 1.1.0', () => {
  expect(PROTOCOL_VERSION).toBe('1.1.0')
})

test.each([
  ['1.0.0', '1.9.3', true],
  ['1.0.0', '1.0.0-beta.1', true],
  ['1.0.0', '2.0.0', false],
  ['10.0.0', '1.0.0', false],
  ['1.0.0', 'one', false],
  ['', '', false],
])('isCompatibleVersion(%s, %s) → %s', (a, b, expected) => {
  expect(isCompatibleVersion(a, b)).toBe(expected)
})
