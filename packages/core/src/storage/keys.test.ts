import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import * as z from 'zod/mini'
import { decimalStringSchema, tokenBalanceSchema } from '../api/schemas.js'
import { CHAIN_NAMESPACES, isCaipNetworkId } from '../network/caip.js'
import { MalformedValueError } from '../valueCheck.js'
import { STORAGE_PREFIX, type StorageKey, storageSchemas } from './keys.js'
import { createMemoryStorage } from './storage.js'
import { createTypedStorage } from './typedStorage.js'

// The zod schemas the hand-written checks replaced: the checks must answer exactly as these do.
const namespace = z.enum(CHAIN_NAMESPACES)
const caipNetworkId = z.string().check(z.refine((value) => isCaipNetworkId(value)))
const cached = <T extends z.core.$ZodType>(value: T) => z.object({ timestamp: z.number(), value })
const zodSchemas: Record<StorageKey, z.ZodMiniType> = {
  emailLoginUsed: z.boolean(),
  email: z.string(),
  lastEmailLoginTime: z.number(),
  socialUsername: z.string(),
  socialImage: z.string(),
  lastUsedChainId: caipNetworkId,
  smartAccountEnabledNetworks: z.array(z.number()),
  activeNamespace: namespace,
  activeCaipNetworkId: caipNetworkId,
  connectedNamespaces: z.array(namespace),
  connections: z.record(
    z.string(),
    z.object({ connectorId: z.string(), name: z.optional(z.string()), type: z.optional(z.string()) }),
  ),
  connectionStatus: z.enum(['disconnected', 'connecting', 'reconnecting', 'connected']),
  recentWallets: z.array(
    z.object({ id: z.string(), name: z.string(), namespace, imageUrl: z.optional(z.string()) }),
  ),
  socialProvider: z.string(),
  socialRedirect: z.object({ provider: z.string(), returnUrl: z.string(), startedAt: z.number() }),
  siwxTokens: z.record(z.string(), z.string()),
  portfolioCache: z.record(z.string(), cached(z.array(tokenBalanceSchema))),
  nativeBalanceCache: z.record(z.string(), cached(decimalStringSchema)),
  ensCache: z.record(z.string(), cached(z.string())),
  identityCache: z.record(z.string(), cached(z.unknown())),
  walletRegistryCache: cached(z.array(z.unknown())),
}
const keys = Object.keys(zodSchemas) as StorageKey[]

const check = (key: StorageKey, value: unknown) => {
  try {
    return { success: true, data: storageSchemas[key](value) }
  } catch (error) {
    if (!(error instanceof MalformedValueError)) throw error
    return { success: false }
  }
}
const expectSameAnswer = (key: StorageKey, value: unknown) => {
  const expected = zodSchemas[key].safeParse(value)
  const actual = check(key, value)
  expect({ key, value, success: actual.success }).toEqual({ key, value, success: expected.success })
  if (expected.success) expect(actual.data).toEqual(expected.data)
}

// A token balance, a connection, a wallet: the building blocks of the valid values below.
const token = {
  name: 'Ether',
  symbol: 'ETH',
  chainId: 'eip155:1',
  value: 3000.5,
  price: 3000,
  quantity: { decimals: '18', numeric: '1.0001' },
  iconUrl: 'https://example.com/eth.png',
}
const valid: Record<StorageKey, unknown> = {
  emailLoginUsed: true,
  email: 'a@example.com',
  lastEmailLoginTime: 1_700_000_000_000,
  socialUsername: 'alice',
  socialImage: 'https://i.example/alice.png',
  lastUsedChainId: 'eip155:1',
  smartAccountEnabledNetworks: [1, 10],
  activeNamespace: 'solana',
  activeCaipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
  connectedNamespaces: ['eip155', 'solana'],
  connections: {
    eip155: { connectorId: 'injected', name: 'Browser Wallet' },
    solana: { connectorId: 'phantom' },
  },
  connectionStatus: 'connected',
  recentWallets: [{ id: 'w', name: 'Wallet', namespace: 'eip155', imageUrl: 'https://example.com/w.png' }],
  socialProvider: 'google',
  socialRedirect: { provider: 'github', returnUrl: 'https://shop.example/cart', startedAt: 1 },
  siwxTokens: { 'eip155:1:0xabc': 'token' },
  portfolioCache: {
    'eip155:1:0xabc': { timestamp: 1, value: [token, { ...token, address: 'eip155:1:0xdef' }] },
  },
  nativeBalanceCache: { 'eip155:1:0xabc': { timestamp: 1, value: '0.5' } },
  ensCache: { '0xabc': { timestamp: 1, value: 'alice.eth' } },
  identityCache: { '0xabc': { timestamp: 1, value: { name: 'alice', avatar: null } } },
  walletRegistryCache: { timestamp: 1, value: [{ id: 'w' }, 'anything'] },
}

describe('stored value checks', () => {
  test.each(keys)('accepts the valid value of %s as zod did', (key) => {
    expectSameAnswer(key, valid[key])
    expect(check(key, valid[key]).success).toBe(true)
  })

  // Malformed, extra fields, wrong types, prototype keys: each answered as zod answered it.
  const parse = (json: string) => JSON.parse(json) as unknown
  const cases: [StorageKey, unknown][] = [
    ['emailLoginUsed', 'true'],
    ['email', null],
    ['lastEmailLoginTime', parse('1e999')],
    ['lastEmailLoginTime', '1'],
    ['lastUsedChainId', 'eip155'],
    ['lastUsedChainId', 'eip155:1:0xabc'],
    ['smartAccountEnabledNetworks', [1, '2']],
    ['smartAccountEnabledNetworks', { 0: 1 }],
    ['activeNamespace', 'cosmos'],
    ['connectedNamespaces', ['eip155', 'toString']],
    ['connections', []],
    ['connections', null],
    ['connections', { eip155: { connectorId: 1 } }],
    ['connections', { eip155: { connectorId: 'x', name: null } }],
    ['connections', { eip155: { connectorId: 'x', extra: 1, __proto__: 1 } }],
    [
      'connections',
      parse('{"__proto__": {"connectorId": "x", "polluted": true}, "eip155": {"connectorId": "y"}}'),
    ],
    ['connections', parse('{"__proto__": 5}')],
    ['connections', parse('{"constructor": {"connectorId": "x"}}')],
    ['connectionStatus', 'Connected'],
    ['recentWallets', [{ id: 'w', name: 'W', namespace: 'eip155', imageUrl: 7 }]],
    ['recentWallets', [{ id: 'w', name: 'W' }]],
    [
      'recentWallets',
      parse('[{"id": "w", "name": "W", "namespace": "eip155", "__proto__": {"admin": true}}]'),
    ],
    ['recentWallets', {}],
    ['siwxTokens', { a: 1 }],
    ['siwxTokens', 'token'],
    ['portfolioCache', { a: { timestamp: '1', value: [] } }],
    ['portfolioCache', { a: { timestamp: 1 } }],
    ['portfolioCache', { a: { timestamp: 1, value: [{ ...token, chainId: 'eth' }] } }],
    [
      'portfolioCache',
      { a: { timestamp: 1, value: [{ ...token, quantity: { decimals: '123', numeric: '1' } }] } },
    ],
    [
      'portfolioCache',
      { a: { timestamp: 1, value: [{ ...token, quantity: { decimals: '6', numeric: '1e5' } }] } },
    ],
    ['portfolioCache', { a: { timestamp: 1, value: [{ ...token, value: null }] } }],
    ['portfolioCache', { a: { timestamp: 1, value: [{ ...token, extra: 'dropped' }] } }],
    ['nativeBalanceCache', { a: { timestamp: 1, value: '.5' } }],
    ['nativeBalanceCache', { a: { timestamp: 1, value: '-1' } }],
    ['nativeBalanceCache', { a: { timestamp: 1, value: 5 } }],
    ['ensCache', { a: { timestamp: 1, value: 'x', more: true } }],
    ['identityCache', { a: { timestamp: 1 } }],
    ['identityCache', { a: { timestamp: null, value: 1 } }],
    ['walletRegistryCache', { timestamp: 1, value: {} }],
    ['walletRegistryCache', { value: [] }],
    ['walletRegistryCache', [{ timestamp: 1, value: [] }]],
  ]
  test.each(cases)('answers %s = %j as zod did', (key, value) => expectSameAnswer(key, value))

  test('a stored __proto__ never becomes the prototype of what is read back', () => {
    const value = parse(
      '{"__proto__": {"connectorId": "x", "polluted": true}, "eip155": {"connectorId": "y"}}',
    )
    const read = storageSchemas.connections(value)
    expect(Object.getPrototypeOf(read)).toBe(Object.prototype)
    expect(Object.keys(read)).toEqual(['eip155'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  // Values made of the fields and strings the keys use, so that many are close to valid.
  const word = fc.constantFrom(
    'eip155',
    'solana',
    'eip155:1',
    'connected',
    '18',
    '1.5',
    'x',
    '',
    '__proto__',
    'connectorId',
    'name',
    'id',
    'namespace',
    'imageUrl',
    'timestamp',
    'value',
  )
  const { json } = fc.letrec<{ json: unknown }>((tie) => ({
    json: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      word,
      fc.constantFrom(0, 1, -1, 1.5, Number.POSITIVE_INFINITY, Number.NaN, true, false, null),
      fc.array(tie('json'), { maxLength: 3 }),
      fc.array(fc.tuple(word, tie('json')), { maxLength: 5 }).map((entries) => Object.fromEntries(entries)),
      fc.constantFrom(...keys).map((key) => valid[key]),
    ),
  }))

  test('answers generated values as zod did, for every key', () => {
    fc.assert(
      fc.property(fc.constantFrom(...keys), json, (key, value) => expectSameAnswer(key, value)),
      { numRuns: 3000 },
    )
  })

  test('answers generated changes of a valid value as zod did', () => {
    // One field of a valid value replaced, removed or added, at any depth.
    const mutate = (value: unknown, path: string[], replacement: unknown, remove: boolean): unknown => {
      const [first = ''] = path
      if (typeof value !== 'object' || value === null || path.length === 0) return replacement
      const copy = (Array.isArray(value) ? [...value] : { ...value }) as Record<string, unknown>
      const fields = Object.keys(copy)
      const field = fields[first.length % Math.max(fields.length, 1)] ?? first
      if (remove && path.length === 1) delete copy[field]
      else copy[field] = mutate(copy[field], path.slice(1), replacement, remove)
      return copy
    }
    fc.assert(
      fc.property(
        fc.constantFrom(...keys),
        fc.array(word, { minLength: 1, maxLength: 5 }),
        json,
        fc.boolean(),
        (key, path, replacement, remove) =>
          expectSameAnswer(key, mutate(valid[key], path, replacement, remove)),
      ),
      { numRuns: 3000 },
    )
  })
})

describe('createTypedStorage', () => {
  const logger = { debug() {}, info() {}, warn() {}, error() {} }
  test('drops a malformed value and a value that is not JSON, keeping the others', () => {
    const storage = createMemoryStorage()
    storage.setItem(`${STORAGE_PREFIX}connections`, JSON.stringify({ eip155: { connectorId: 5 } }))
    storage.setItem(`${STORAGE_PREFIX}email`, '{not json')
    storage.setItem(`${STORAGE_PREFIX}socialUsername`, JSON.stringify('alice'))
    const typed = createTypedStorage(storage, logger)
    expect(typed.get('connections')).toBeUndefined()
    expect(storage.getItem(`${STORAGE_PREFIX}connections`)).toBeNull()
    expect(typed.get('email')).toBeUndefined()
    expect(storage.getItem(`${STORAGE_PREFIX}email`)).toBeNull()
    expect(typed.get('socialUsername')).toBe('alice')
  })

  test('reads back a value with its extra fields left out', () => {
    const storage = createMemoryStorage()
    const typed = createTypedStorage(storage, logger)
    storage.setItem(
      `${STORAGE_PREFIX}recentWallets`,
      '[{"id": "w", "name": "W", "namespace": "eip155", "admin": true, "__proto__": {"admin": true}}]',
    )
    const [wallet] = typed.get('recentWallets') ?? []
    expect(wallet).toEqual({ id: 'w', name: 'W', namespace: 'eip155' })
    expect(Object.getPrototypeOf(wallet)).toBe(Object.prototype)
  })
})
