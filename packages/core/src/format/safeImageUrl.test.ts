import { describe, expect, test } from 'vitest'
import { isSafeImageUrl } from './safeImageUrl.js'

describe('isSafeImageUrl', () => {
  test.each([
    'https://wallet.example/icon.svg',
    'data:image/png;base64,AAAA',
    'data:image/svg+xml,<svg/>',
    'data:image/JPEG;base64,AAAA',
    'data:image/avif;base64,AAAA',
  ])('shows %s', (url) => {
    expect(isSafeImageUrl(url)).toBe(true)
  })

  test.each([
    'http://wallet.example/icon.svg',
    'javascript:alert(1)',
    'data:text/html,<b>',
    'data:image/x-icon;base64,AAAA',
    'not a url',
    '',
    undefined,
    42,
  ])('refuses %s', (url) => {
    expect(isSafeImageUrl(url)).toBe(false)
  })
})
