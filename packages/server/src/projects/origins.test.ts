import { describe, expect, it } from 'vitest'
import { InvalidOriginError, isOriginAllowed, normaliseOrigin } from './origins.js'

describe('normaliseOrigin', () => {
  it('writes an origin the way browsers send it', () => {
    expect(normaliseOrigin('HTTPS://Shop.Example')).toBe('https://shop.example')
    expect(normaliseOrigin('https://shop.example:443/')).toBe('https://shop.example')
    expect(normaliseOrigin('http://localhost:5173')).toBe('http://localhost:5173')
    expect(normaliseOrigin('http://[::1]:4173')).toBe('http://[::1]:4173')
    expect(normaliseOrigin(' * ')).toBe('*')
  })

  it.each([
    ['https://shop.example/app', 'no path'],
    ['https://shop.example?x=1', 'no path'],
    ['shop.example', 'scheme://host'],
    ['https://user:secret@shop.example', 'user name or password'],
    ['https://shop.example:99999', 'not valid'],
    ['file://server', 'http or https'],
  ])('refuses %s', (input, reason) => {
    expect(() => normaliseOrigin(input)).toThrow(InvalidOriginError)
    expect(() => normaliseOrigin(input)).toThrow(reason)
  })
})

describe('isOriginAllowed', () => {
  it('matches exact origins only, or anything with *', () => {
    expect(isOriginAllowed(['https://a.example'], 'https://a.example')).toBe(true)
    expect(isOriginAllowed(['https://a.example'], 'https://a.example.evil.example')).toBe(false)
    expect(isOriginAllowed(['https://a.example'], 'http://a.example')).toBe(false)
    expect(isOriginAllowed(['*'], 'https://b.example')).toBe(true)
  })
})
