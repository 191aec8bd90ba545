import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { expectSameAnswer, nearValidValues } from '../valueCheck.testkit.js'
import { nftsResponseCheck } from './nftAnswerChecks.js'
import { nftsResponseSchema } from './nftSchemas.js'

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const kitten = {
  chainId: 'eip155:31337',
  contract: CONTRACT,
  tokenId: '7',
  standard: 'erc721',
  amount: '1',
  name: 'Kitten #7',
  collection: 'Kittens',
  description: 'A test kitten',
  imageUrl: 'https://example.com/7.png',
  isSpam: false,
}
const bare = {
  chainId: 'eip155:1',
  contract: CONTRACT,
  tokenId: '0',
  standard: 'erc1155',
  amount: '25',
  isSpam: true,
}
const samples = [{ data: [kitten, bare], next: 'cursor-2' }, { data: [], next: null }, kitten, bare]

const words = [
  ...new Set(
    JSON.stringify(samples)
      .match(/"[^"]*"/g)
      ?.map((word) => JSON.parse(word) as string),
  ),
  'erc20',
  '0x',
  '1.5',
  '-1',
  '1e5',
  'eip155',
  '1'.repeat(78),
  '1'.repeat(79),
  CONTRACT.toLowerCase(),
  `${CONTRACT}00`,
]

describe('the NFTs answer check', () => {
  test('accepts the good answers as zod does, keeping the same value', () => {
    for (const sample of samples.slice(0, 2)) {
      expect(nftsResponseCheck.safeParse(sample).success).toBe(true)
      expectSameAnswer(nftsResponseCheck, nftsResponseSchema, sample)
    }
  })

  test('answers generated good and bad answers as zod does', () => {
    const withNumbers = fc.oneof(nearValidValues(samples, words), fc.constantFrom(0, 1, -1, 1.5))
    fc.assert(
      fc.property(withNumbers, (value) => expectSameAnswer(nftsResponseCheck, nftsResponseSchema, value)),
      { numRuns: 3000 },
    )
  })

  test('refuses what the schema refuses: a 79-digit token id, another standard, a bad contract', () => {
    const bad = [
      { ...kitten, tokenId: '1'.repeat(79) },
      { ...kitten, amount: '1.5' },
      { ...kitten, standard: 'erc20' },
      { ...kitten, contract: `${CONTRACT}00` },
      { ...kitten, chainId: 'eip155' },
      { ...kitten, isSpam: 'no' },
      { ...kitten, imageUrl: 7 },
    ]
    for (const nft of bad) {
      const answer = { data: [nft], next: null }
      expect(nftsResponseCheck.safeParse(answer).success).toBe(false)
      expectSameAnswer(nftsResponseCheck, nftsResponseSchema, answer)
    }
  })

  test('keeps no extra field and no __proto__', () => {
    const polluted = JSON.parse(
      `{"__proto__": {"polluted": true}, "extra": 1, "data": [{"__proto__": {"x": 1}, "extra": 2, ${JSON.stringify(kitten).slice(1)}], "next": null}`,
    )
    expectSameAnswer(nftsResponseCheck, nftsResponseSchema, polluted)
    const answer = nftsResponseCheck.safeParse(polluted)
    expect(answer.success).toBe(true)
    if (answer.success) {
      expect(Object.getPrototypeOf(answer.data)).toBe(Object.prototype)
      expect(answer.data).not.toHaveProperty('extra')
      expect(answer.data.data[0]).not.toHaveProperty('extra')
    }
  })
})
