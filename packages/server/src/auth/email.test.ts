import { describe, expect, it } from 'vitest'
import { InvalidEmailError, normaliseEmail } from './email.js'

describe('normaliseEmail', () => {
  it('trims the address and lower-cases all of it', () => {
    expect(normaliseEmail('  Ann.Lee+shop@Example.COM\n')).toBe('ann.lee+shop@example.com')
    expect(normaliseEmail('a@sub.xn--p1ai')).toBe('a@sub.xn--p1ai')
  })

  it('refuses what cannot be mailed to', () => {
    for (const input of [
      '',
      'plain',
      '@example.com',
      'a@',
      'a@localhost',
      'a@example.c',
      'a b@example.com',
      'a..b@example.com',
      '.a@example.com',
      'a@-example.com',
      'a@example..com',
      `${'x'.repeat(65)}@example.com`,
      'a@example.com\nBcc: b@example.com',
    ]) {
      expect(() => normaliseEmail(input), input).toThrow(InvalidEmailError)
    }
  })
})
