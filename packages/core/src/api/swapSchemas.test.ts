import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import {
  swapQuoteQuerySchema,
  swapQuoteResponseSchema,
  swapSlippageSchema,
  swapTokenIdSchema,
  swapTransactionSchema,
} from './swapSchemas.js'

const ok = (schema: z.ZodMiniType, value: unknown) => z.safeParse(schema, value).success

describe('swap schemas', () => {
  test('a token is a 0x address or the literal native, nothing else', () => {
    expect(ok(swapTokenIdSchema, 'native')).toBe(true)
    expect(ok(swapTokenIdSchema, '0x00000000000000000000000000000000000000aB')).toBe(true)
    expect(ok(swapTokenIdSchema, 'NATIVE')).toBe(false)
    expect(ok(swapTokenIdSchema, '0x1234')).toBe(false)
    expect(ok(swapTokenIdSchema, 'eip155:1:0x00000000000000000000000000000000000000ab')).toBe(false)
  })

  test('slippage is a percent above 0 and at most 50, two decimals at most', () => {
    for (const good of ['0.01', '0.5', '1', '50']) expect(ok(swapSlippageSchema, good)).toBe(true)
    for (const bad of ['0', '0.00', '50.01', '51', '-1', '1e1', '0.001', ''])
      expect(ok(swapSlippageSchema, bad)).toBe(false)
  })

  test('a quote query needs exact decimal amounts, not exponents or signs', () => {
    const query = {
      projectId: 'p',
      chainId: 'eip155:1',
      userAddress: '0x0000000000000000000000000000000000000001',
      from: 'native',
      to: '0x0000000000000000000000000000000000000002',
      amount: '1.5',
    }
    expect(ok(swapQuoteQuerySchema, query)).toBe(true)
    expect(ok(swapQuoteQuerySchema, { ...query, amount: '1e18' })).toBe(false)
    expect(ok(swapQuoteQuerySchema, { ...query, amount: '-1' })).toBe(false)
    expect(ok(swapQuoteQuerySchema, { ...query, chainId: '1' })).toBe(false)
  })

  test('a quote answer carries the fee and the amount actually swapped', () => {
    const quote = {
      from: 'native',
      to: '0x0000000000000000000000000000000000000002',
      fromAmount: '1',
      swapAmount: '0.9915',
      toAmount: '2970.1',
      minimumReceived: '2940.399',
      slippage: 1,
      priceImpact: 0.31,
      providerFee: { rate: 0.85, amount: '0.0085', recipient: '0x0000000000000000000000000000000000000003' },
      route: {
        provider: 'onchain',
        path: ['0x0000000000000000000000000000000000000004', '0x0000000000000000000000000000000000000002'],
        pools: [{ protocol: 'v3', fee: 3000, address: '0x0000000000000000000000000000000000000005' }],
      },
      spender: '0x0000000000000000000000000000000000000006',
    }
    expect(ok(swapQuoteResponseSchema, { quotes: [quote] })).toBe(true)
    const { swapAmount: _, ...withoutSwapAmount } = quote
    expect(ok(swapQuoteResponseSchema, { quotes: [withoutSwapAmount] })).toBe(false)
  })

  test('transaction fields are base units in decimal and the data is whole bytes', () => {
    const tx = {
      from: '0x0000000000000000000000000000000000000001',
      to: '0x0000000000000000000000000000000000000002',
      data: '0x095ea7b3',
      value: '0',
      eip155: { gas: '150000', gasPrice: '1000000000' },
    }
    expect(ok(swapTransactionSchema, tx)).toBe(true)
    expect(ok(swapTransactionSchema, { ...tx, data: '0x095ea7b' })).toBe(false)
    expect(ok(swapTransactionSchema, { ...tx, value: '0x0' })).toBe(false)
  })
})
