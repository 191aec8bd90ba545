import { describe, expect, it } from 'vitest'
import { decodeBitcoinAddress, isAddressOfFormat } from './bitcoinAddress.js'
import { MAINNET_FORMAT, REGTEST_FORMAT, TESTNET_FORMAT } from './networks.js'

describe('decodeBitcoinAddress', () => {
  // BIP-173, BIP-350 and well-known base58 addresses.
  it.each([
    ['BC1QW508D6QEJXTDG4Y5R3ZARVARY0C5XW7KV8F3T4', 'p2wpkh', MAINNET_FORMAT],
    ['bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'p2wpkh', MAINNET_FORMAT],
    ['bc1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3qccfmv3', 'p2wsh', MAINNET_FORMAT],
    ['tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7', 'p2wsh', TESTNET_FORMAT],
    ['bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0', 'p2tr', MAINNET_FORMAT],
    ['1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN2', 'p2pkh', MAINNET_FORMAT],
    ['3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy', 'p2sh', MAINNET_FORMAT],
    ['mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn', 'p2pkh', TESTNET_FORMAT],
  ])('decodes %s as %s', (address, type, format) => {
    const decoded = decodeBitcoinAddress(address)
    expect(decoded?.type).toBe(type)
    expect(decoded?.format).toBe(format)
  })

  it('writes the output script each type pays to', () => {
    const hex = (address: string) => Buffer.from(decodeBitcoinAddress(address)!.script).toString('hex')
    expect(hex('bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4')).toBe(
      '0014751e76e8199196d454941c45d1b3a323f1433bd6',
    )
    expect(hex('bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqzk5jj0')).toBe(
      '512079be667ef9dcbbac55a06295ce870b07029bfcdb2dce28d959f2815b16f81798',
    )
    expect(hex('3J98t1WpEZ73CNmQviecrnyiWrnqRhWNLy')).toBe('a914b472a266d0bd89c13706a4132ccfb16f7c3b9fcb87')
  })

  it.each([
    ['a wrong bech32 checksum', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5'],
    ['bech32m used for a v0 program (BIP-350)', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kemeawh'],
    [
      'bech32 used for a v1 program (BIP-350)',
      'bc1p0xlxvlhemja6c4dqv22uapctqupfhlxm9h8z3k2e72q4k9hcz7vqh2y7hd',
    ],
    ['mixed case', 'bc1qW508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['an unknown prefix', 'ltc1qw508d6qejxtdg4y5r3zarvary0c5xw7kgmn4n9'],
    ['a wrong base58 checksum', '1BvBMSEYstWetqTFn5Au4m4GFg7xJaNVN3'],
    ['an EVM address', '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'],
    ['spaces around it', ' bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4'],
    ['nothing', ''],
  ])('refuses %s', (_case, address) => {
    expect(decodeBitcoinAddress(address)).toBeUndefined()
  })
})

describe('isAddressOfFormat', () => {
  it('tells a testnet segwit address from a regtest one, and base58 testnet addresses fit regtest', () => {
    const testnet = decodeBitcoinAddress('tb1qrp33g0q5c5txsp9arysrx4k6zdkfs4nce4xj0gdcccefvpysxf3q0sl5k7')!
    expect(isAddressOfFormat(testnet, TESTNET_FORMAT)).toBe(true)
    expect(isAddressOfFormat(testnet, REGTEST_FORMAT)).toBe(false)
    expect(isAddressOfFormat(testnet, MAINNET_FORMAT)).toBe(false)
    const base58 = decodeBitcoinAddress('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn')!
    expect(isAddressOfFormat(base58, REGTEST_FORMAT)).toBe(true)
    expect(isAddressOfFormat(base58, MAINNET_FORMAT)).toBe(false)
  })
})
