import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { walletRegistryResponseSchema } from '../api/walletRegistrySchemas.js'
import { expectSameAnswer, nearValidValues } from '../valueCheck.testkit.js'
import { walletRegistryResponseCheck } from './walletRegistryCheck.js'

const wallet = {
  id: 'rainbow',
  name: 'Rainbow',
  imageUrl: 'https://example.com/rainbow.png',
  rdns: 'me.rainbow',
  namespaces: ['eip155'],
  mobile: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
  desktop: { universal: 'https://rainbow.me' },
  homepage: 'https://rainbow.me',
}
const samples = [
  { wallets: [wallet, { id: 'w2', name: 'W', namespaces: ['solana', 'eip155'] }] },
  { wallets: [] },
  wallet,
]
const words = [
  ...Object.keys(wallet),
  'wallets',
  'native',
  'universal',
  'eip155',
  'solana',
  'cosmos',
  'http://example.com',
  'https://example.com/?q=1',
  'https://example.com/a',
  'data:image/png;base64,AAAA',
  'javascript:alert(1)',
  'wc:',
  'rainbow://',
  'https://',
  '-bad',
  'a'.repeat(81),
  `https://example.com/${'a'.repeat(2040)}`,
  `rainbow://${'a'.repeat(510)}`,
]

describe('the wallet registry check', () => {
  test('accepts the valid samples as zod does', () => {
    expect(walletRegistryResponseCheck.safeParse(samples[0]).success).toBe(true)
    for (const sample of samples)
      expectSameAnswer(walletRegistryResponseCheck, walletRegistryResponseSchema, sample)
  })

  test.each([
    ['too long a name', { ...wallet, name: 'a'.repeat(81) }],
    ['an empty name', { ...wallet, name: '' }],
    ['no namespace', { ...wallet, namespaces: [] }],
    ['an unknown namespace', { ...wallet, namespaces: ['cosmos'] }],
    ['an http homepage', { ...wallet, homepage: 'http://rainbow.me' }],
    ['a homepage with a query', { ...wallet, homepage: 'https://rainbow.me/?ref=1' }],
    [
      'a long universal link',
      { ...wallet, desktop: { universal: `https://rainbow.me/${'a'.repeat(2040)}` } },
    ],
    ['an https native link', { ...wallet, mobile: { native: 'https://rnbwapp.com' } }],
    ['a script image', { ...wallet, imageUrl: 'javascript:alert(1)' }],
    ['a bad id', { ...wallet, id: '-rainbow' }],
    ['absent links kept out', { ...wallet, mobile: {}, desktop: { native: undefined } }],
  ])('answers a wallet with %s as zod does', (_, entry) =>
    expectSameAnswer(walletRegistryResponseCheck, walletRegistryResponseSchema, { wallets: [entry] }),
  )

  test('answers 5000 wallets and 5001 as zod does', () => {
    for (const count of [5000, 5001]) {
      const value = { wallets: Array.from({ length: count }, () => wallet) }
      expectSameAnswer(walletRegistryResponseCheck, walletRegistryResponseSchema, value)
    }
  })

  test('answers generated values as zod does', () => {
    fc.assert(
      fc.property(nearValidValues(samples, words), (value) =>
        expectSameAnswer(walletRegistryResponseCheck, walletRegistryResponseSchema, value),
      ),
      { numRuns: 4000 },
    )
  })
})
