import fc from 'fast-check'
import { describe, expect, test } from 'vitest'
import {
  CAIP2_PATTERN,
  CAIP10_PATTERN,
  CHAIN_NAMESPACES,
  isCaipNetworkId,
  isChainNamespace,
  parseCaipAddress,
  parseCaipNetworkId,
  toCaipAddress,
  toCaipNetworkId,
} from './caip.js'

const referenceChars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_'
const addressChars = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-.%'
const fromChars = (chars: string, minLength: number, maxLength: number) =>
  fc.string({ unit: fc.constantFrom(...chars), minLength, maxLength })

const namespace = fc.constantFrom(...CHAIN_NAMESPACES)
const reference = fromChars(referenceChars, 1, 32)
const address = fromChars(addressChars, 1, 128)

describe('CAIP-2 network ids', () => {
  test('every id written from a known namespace and a valid reference reads back to its parts', () => {
    fc.assert(
      fc.property(namespace, reference, (ns, ref) => {
        const id = toCaipNetworkId(ns, ref)
        expect(CAIP2_PATTERN.test(id)).toBe(true)
        expect(parseCaipNetworkId(id)).toEqual({ namespace: ns, reference: ref })
        expect(isCaipNetworkId(id, ns)).toBe(true)
        for (const other of CHAIN_NAMESPACES) if (other !== ns) expect(isCaipNetworkId(id, other)).toBe(false)
      }),
    )
  })

  test('a reference over 32 characters is refused, at any length past the limit', () => {
    fc.assert(
      fc.property(namespace, fromChars(referenceChars, 33, 80), (ns, ref) => {
        expect(parseCaipNetworkId(`${ns}:${ref}`)).toBeUndefined()
        expect(CAIP2_PATTERN.test(`${ns}:${ref}`)).toBe(false)
      }),
    )
  })

  test('a reference with any character outside the CAIP-2 set is refused', () => {
    const outside = fc.string({ minLength: 1, maxLength: 4 }).filter((text) => /[^-_a-zA-Z0-9]/.test(text))
    fc.assert(
      fc.property(namespace, reference, outside, (ns, ref, bad) => {
        const id = `${ns}:${ref.slice(0, 16)}${bad}`
        expect(parseCaipNetworkId(id)).toBeUndefined()
        expect(CAIP2_PATTERN.test(id)).toBe(false)
      }),
    )
  })

  test('other namespaces are valid CAIP-2 but not Portico networks', () => {
    expect(CAIP2_PATTERN.test('cosmos:cosmoshub-4')).toBe(true)
    expect(parseCaipNetworkId('cosmos:cosmoshub-4')).toBeUndefined()
    expect(isCaipNetworkId('cosmos:cosmoshub-4')).toBe(false)
  })

  test.each([
    ['no reference', 'eip155:'],
    ['no namespace', ':1'],
    ['upper-case namespace', 'EIP155:1'],
    ['too short a namespace', 'ab:1'],
    ['a line break', 'eip155:1\n'],
    ['a NUL byte', 'eip155:1\u0000'],
    ['a third part', 'eip155:1:0xab'],
  ])('refuses %s', (_case, id) => {
    expect(parseCaipNetworkId(id)).toBeUndefined()
    expect(isCaipNetworkId(id)).toBe(false)
  })

  test('refuses what is not a string', () => {
    for (const value of [undefined, null, 1, {}, ['eip155:1']]) {
      expect(parseCaipNetworkId(value)).toBeUndefined()
      expect(isCaipNetworkId(value)).toBe(false)
    }
  })

  test('isChainNamespace knows exactly the four namespaces', () => {
    expect(CHAIN_NAMESPACES.every(isChainNamespace)).toBe(true)
    for (const value of ['cosmos', 'EIP155', '', 'eip155 ', undefined])
      expect(isChainNamespace(value)).toBe(false)
  })
})

describe('CAIP-10 account ids', () => {
  test('every account id written from valid parts reads back to them', () => {
    fc.assert(
      fc.property(namespace, reference, address, (ns, ref, account) => {
        const id = toCaipAddress(toCaipNetworkId(ns, ref), account)
        expect(CAIP10_PATTERN.test(id)).toBe(true)
        expect(parseCaipAddress(id)).toEqual({ namespace: ns, reference: ref, address: account })
        expect(parseCaipAddress(id, ns)).toBeDefined()
      }),
    )
  })

  test('an address over 128 characters or with a character outside the set is refused', () => {
    fc.assert(
      fc.property(namespace, reference, fromChars(addressChars, 129, 200), (ns, ref, account) => {
        expect(parseCaipAddress(`${ns}:${ref}:${account}`)).toBeUndefined()
      }),
    )
    for (const account of ['0xab cd', '0xab/cd', '0xab\ncd', 'ab:cd', ''])
      expect(parseCaipAddress(`eip155:1:${account}`)).toBeUndefined()
  })

  test('an account of another namespace than the one asked for is refused', () => {
    expect(parseCaipAddress('eip155:1:0xab', 'solana')).toBeUndefined()
    expect(
      parseCaipAddress(
        'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
        'solana',
      ),
    ).toEqual({
      namespace: 'solana',
      reference: '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      address: '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin',
    })
  })
})
