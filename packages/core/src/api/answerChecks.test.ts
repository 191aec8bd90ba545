import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { expectSameAnswer, nearValidValues } from '../valueCheck.testkit.js'
import { acceptApiErrorCodes, apiErrorCheck, balanceResponseCheck } from './answerChecks.js'
import { historyResponseCheck } from './historyAnswerCheck.js'
import { ONRAMP_API_ERROR_CODES } from './onrampApiErrorCodes.js'
import { apiErrorSchema, balanceResponseSchema, historyResponseSchema } from './schemas.js'

const token = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  address: 'eip155:1:0x0000000000000000000000000000000000000001',
  value: 3000.5,
  price: 3000,
  quantity: { decimals: '18', numeric: '1.0001' },
  iconUrl: 'https://example.com/eth.png',
}
const balances = { balances: [token, { ...token, address: undefined, iconUrl: undefined }] }
const transaction = {
  id: 't1',
  metadata: {
    operationType: 'send',
    hash: '0xabc',
    minedAt: '2026-01-01T00:00:00Z',
    sentFrom: '0x1',
    sentTo: '0x2',
    status: 'confirmed',
    nonce: 3,
    chain: 'eip155:1',
  },
  transfers: [
    {
      direction: 'out',
      quantity: { numeric: '0.5' },
      fungible_info: { name: 'Ether', symbol: 'ETH', icon: { url: 'https://example.com/eth.png' } },
      value: 1500,
      price: 3000,
    },
    {
      direction: 'in',
      quantity: { numeric: '1' },
      nft_info: { name: 'Punk', address: 'eip155:1:0x3', token_id: '7', flags: { is_spam: true } },
    },
  ],
}
const history = { data: [transaction], next: 'cursor' }
const refusal = { error: { code: 'RATE_LIMITED', message: 'Too many requests' } }

const cases = [
  {
    name: 'balance answer',
    check: balanceResponseCheck,
    schema: balanceResponseSchema,
    samples: [balances, token],
  },
  {
    name: 'history answer',
    check: historyResponseCheck,
    schema: historyResponseSchema,
    samples: [history, { data: [], next: null }, transaction],
  },
  { name: 'refusal', check: apiErrorCheck, schema: apiErrorSchema, samples: [refusal] },
]
const words = [
  ...new Set(
    JSON.stringify([balances, history, refusal])
      .match(/"[^"]*"/g)
      ?.map((word) => JSON.parse(word) as string),
  ),
  'eip155',
  '18',
  '123',
  '1e5',
  '-1',
  'PROJECT_ID_MISSING',
]

describe.each(cases)('the $name check', ({ check, schema, samples }) => {
  test('accepts the valid samples as zod does', () => {
    for (const sample of samples.slice(0, 1)) {
      expect(check.safeParse(sample).success).toBe(true)
      expectSameAnswer(check, schema, sample)
    }
  })

  test('answers generated values as zod does', () => {
    fc.assert(
      fc.property(nearValidValues(samples, words), (value) => expectSameAnswer(check, schema, value)),
      { numRuns: 4000 },
    )
  })

  test('keeps no extra field and no __proto__', () => {
    const sample = JSON.parse(JSON.stringify(samples[0])) as Record<string, unknown>
    const polluted = JSON.parse(
      `{"__proto__": {"polluted": true}, "extra": 1, ${JSON.stringify(sample).slice(1)}`,
    )
    const answer = check.safeParse(polluted)
    expectSameAnswer(check, schema, polluted)
    expect(answer.success).toBe(true)
    if (answer.success) {
      expect(Object.getPrototypeOf(answer.data)).toBe(Object.prototype)
      expect(answer.data).not.toHaveProperty('extra')
      expect(answer.data).not.toHaveProperty('polluted')
    }
  })
})

test("takes a feature's error codes once its code has added them, and never an unknown code", () => {
  const onrampRefusal = { error: { code: 'ONRAMP_NOT_CONFIGURED', message: 'No keys for this project.' } }
  expect(apiErrorCheck.safeParse(onrampRefusal).success).toBe(false)
  acceptApiErrorCodes(ONRAMP_API_ERROR_CODES)
  expect(apiErrorCheck.safeParse(onrampRefusal)).toEqual({ success: true, data: onrampRefusal })
  expectSameAnswer(apiErrorCheck, apiErrorSchema, onrampRefusal)
  expect(apiErrorCheck.safeParse({ error: { code: 'NOT_A_CODE', message: 'x' } }).success).toBe(false)
})
