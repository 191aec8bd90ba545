import { Keyring } from '@polkadot/keyring'
import { blake2AsU8a, cryptoWaitReady, decodeAddress, encodeAddress } from '@polkadot/util-crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { blake2b } from './blake2b.js'
import { checkSs58Address, decodeSs58, encodeSs58, sameAccount } from './ss58.js'

beforeAll(() => cryptoWaitReady())

describe('blake2b', () => {
  it('matches RFC 7693 for "abc"', () => {
    const hex = Buffer.from(blake2b(new TextEncoder().encode('abc'))).toString('hex')
    expect(hex).toBe(
      'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923',
    )
  })

  it.each([0, 1, 40, 127, 128, 129, 300])(
    'matches util-crypto for %i bytes, 64 and 32 bytes out',
    (length) => {
      const input = Uint8Array.from({ length }, (_, index) => (index * 37 + 11) & 0xff)
      expect(blake2b(input, 64)).toEqual(blake2AsU8a(input, 512))
      expect(blake2b(input, 32)).toEqual(blake2AsU8a(input, 256))
    },
  )
})

describe('SS58', () => {
  const keyring = new Keyring({ type: 'sr25519' })
  const alice = keyring.addFromUri('//Alice')

  it.each([0, 2, 42, 63, 64, 1284, 16383])(
    'encodes prefix %i as util-crypto does, and decodes it back',
    (prefix) => {
      const address = encodeSs58(alice.publicKey, prefix)
      expect(address).toBe(encodeAddress(alice.publicKey, prefix))
      expect(decodeSs58(address)).toEqual({ prefix, accountId: alice.publicKey })
    },
  )

  it('decodes what util-crypto decodes', () => {
    const address = '15oF4uVJwmo4TdGW7VfQxNLavjCXviqxT9S1MgbjMNHr6Sp5'
    expect(decodeSs58(address)?.accountId).toEqual(decodeAddress(address))
    expect(decodeSs58(address)?.prefix).toBe(0)
  })

  it('refuses a changed character, a cut address, a non-base58 one and an Ethereum address', () => {
    const address = encodeSs58(alice.publicKey, 0)
    const changed = address.slice(0, 10) + (address[10] === 'a' ? 'b' : 'a') + address.slice(11)
    for (const bad of [
      changed,
      address.slice(0, -1),
      `${address.slice(0, -1)}0`,
      `0x${'11'.repeat(20)}`,
      '',
      'x',
    ])
      expect(decodeSs58(bad), bad).toBeUndefined()
  })

  it('tells a valid address of another network from an invalid one', () => {
    expect(checkSs58Address(encodeSs58(alice.publicKey, 0), 0)).toBe('valid')
    expect(checkSs58Address(encodeSs58(alice.publicKey, 2), 0)).toBe('otherPrefix')
    expect(checkSs58Address('1234', 0)).toBe('invalid')
  })

  it('knows one account under two prefixes', () => {
    const bob = keyring.addFromUri('//Bob')
    expect(sameAccount(encodeSs58(alice.publicKey, 0), encodeSs58(alice.publicKey, 42))).toBe(true)
    expect(sameAccount(encodeSs58(alice.publicKey, 0), encodeSs58(bob.publicKey, 0))).toBe(false)
  })
})
