import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import { expectSameAnswer, nearValidValues } from '../valueCheck.testkit.js'
import {
  swapAllowanceResponseCheck,
  swapApproveResponseCheck,
  swapCalldataResponseCheck,
  swapGasPriceResponseCheck,
  swapPricesResponseCheck,
  swapQuoteResponseCheck,
  swapTokensResponseCheck,
} from './swapAnswerChecks.js'
import {
  swapAllowanceResponseSchema,
  swapApproveResponseSchema,
  swapCalldataResponseSchema,
  swapGasPriceResponseSchema,
  swapPricesResponseSchema,
  swapQuoteResponseSchema,
  swapTokensResponseSchema,
} from './swapSchemas.js'

const PUSD = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const WETH = '0xC02aaA39b223FE8D0A0e5C4F27eAD9083C756Cc2'
const ROUTER = '0x68b3465833fb72A70ecDF485E0e4C7bD8665Fc45'
const token = {
  address: PUSD,
  chainId: 'eip155:1',
  name: 'Portico USD',
  symbol: 'PUSD',
  decimals: 6,
  iconUrl: 'https://example.com/pusd.png',
  balance: '12.5',
  price: 1,
}
const native = { address: 'native', chainId: 'eip155:1', name: 'Ether', symbol: 'ETH', decimals: 18 }
const quote = {
  from: 'native',
  to: PUSD,
  fromAmount: '1',
  swapAmount: '0.9915',
  toAmount: '2974.5',
  minimumReceived: '2944.755',
  slippage: 1,
  priceImpact: 0.35,
  providerFee: { rate: 0.85, amount: '0.0085', recipient: ROUTER },
  route: {
    provider: 'onchain',
    path: [WETH, PUSD],
    pools: [
      { protocol: 'v3', fee: 500, address: ROUTER },
      { protocol: 'v2', address: WETH },
    ],
  },
  spender: ROUTER,
}
const tx = {
  from: ROUTER,
  to: PUSD,
  data: '0x095ea7b3',
  value: '0',
  eip155: { gas: '46000', gasPrice: '1000000000' },
}

const cases = [
  {
    name: 'tokens',
    check: swapTokensResponseCheck,
    schema: swapTokensResponseSchema,
    samples: [{ tokens: [native, token] }, token, native],
  },
  {
    name: 'prices',
    check: swapPricesResponseCheck,
    schema: swapPricesResponseSchema,
    samples: [{ prices: [{ address: 'native', price: 3000 }, { address: PUSD }] }],
  },
  {
    name: 'quote',
    check: swapQuoteResponseCheck,
    schema: swapQuoteResponseSchema,
    samples: [{ quotes: [quote] }, quote, quote.route, quote.providerFee],
  },
  {
    name: 'allowance',
    check: swapAllowanceResponseCheck,
    schema: swapAllowanceResponseSchema,
    samples: [
      { spender: ROUTER, allowance: '10', sufficient: true },
      { spender: ROUTER, allowance: null },
    ],
  },
  {
    name: 'approve',
    check: swapApproveResponseCheck,
    schema: swapApproveResponseSchema,
    samples: [{ tx, allowance: '25' }, { tx, allowance: null }, tx],
  },
  {
    name: 'calldata',
    check: swapCalldataResponseCheck,
    schema: swapCalldataResponseSchema,
    samples: [{ tx: { ...tx, value: '1000000000000000000' }, quote, deadline: 1_790_000_000 }, tx, quote],
  },
  {
    name: 'gas price',
    check: swapGasPriceResponseCheck,
    schema: swapGasPriceResponseSchema,
    samples: [{ standard: '1000000000', fast: '1100000000', instant: '1250000000' }],
  },
]

const words = [
  ...new Set(
    JSON.stringify(cases.map((entry) => entry.samples))
      .match(/"[^"]*"/g)
      ?.map((word) => JSON.parse(word) as string),
  ),
  'v4',
  '0x',
  '0x0',
  '0xZZ',
  '1.',
  '1e5',
  '-1',
  'eip155',
  PUSD.toLowerCase(),
]
const numbers = [36, 37, 100, 100.5, 6.5, -0.5]

describe.each(cases)('the $name answer check', ({ check, schema, samples }) => {
  test('accepts the good answers as zod does, keeping the same value', () => {
    const [first] = samples
    expect(check.safeParse(first).success).toBe(true)
    expectSameAnswer(check, schema, first)
  })

  test('answers generated good and bad answers as zod does', () => {
    const withNumbers = fc.oneof(nearValidValues(samples, words), fc.constantFrom(...numbers))
    fc.assert(
      fc.property(withNumbers, (value) => expectSameAnswer(check, schema, value)),
      { numRuns: 3000 },
    )
  })

  test('keeps no extra field and no __proto__', () => {
    const sample = JSON.parse(JSON.stringify(samples[0])) as Record<string, unknown>
    const polluted = JSON.parse(
      `{"__proto__": {"polluted": true}, "extra": 1, ${JSON.stringify(sample).slice(1)}`,
    )
    expectSameAnswer(check, schema, polluted)
    const answer = check.safeParse(polluted)
    expect(answer.success).toBe(true)
    if (answer.success) {
      expect(Object.getPrototypeOf(answer.data)).toBe(Object.prototype)
      expect(answer.data).not.toHaveProperty('extra')
    }
  })
})

test('the number rules: decimals 0–36 whole, a fee rate 0–100, a whole deadline', () => {
  const bad = [
    [swapTokensResponseCheck, swapTokensResponseSchema, { tokens: [{ ...token, decimals: 37 }] }],
    [swapTokensResponseCheck, swapTokensResponseSchema, { tokens: [{ ...token, decimals: 6.5 }] }],
    [
      swapQuoteResponseCheck,
      swapQuoteResponseSchema,
      { quotes: [{ ...quote, providerFee: { ...quote.providerFee, rate: 100.5 } }] },
    ],
    [swapCalldataResponseCheck, swapCalldataResponseSchema, { tx, quote, deadline: 1.5 }],
    [swapGasPriceResponseCheck, swapGasPriceResponseSchema, { standard: '1.5', fast: '1', instant: '1' }],
  ] as const
  for (const [check, schema, answer] of bad) {
    expect(check.safeParse(answer).success).toBe(false)
    expectSameAnswer(check, schema, answer)
  }
})
