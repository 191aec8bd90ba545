import { createTestAdapterContext } from '@portico/test'
import { describe, expect, it } from 'vitest'
import { bitcoin } from './bitcoin.js'
import { InvalidBitcoinNetworkError } from './errors.js'
import {
  BITCOIN_REGTEST_GENESIS_HASH,
  bitcoinMainnet,
  bitcoinSignet,
  bitcoinTestnet4,
  defineBitcoinNetwork,
  withEsploraApi,
  withPorticoServer,
} from './networks.js'

describe('the public networks', () => {
  it('are named by CAIP-2 as bip122 and the first 32 hex digits of their genesis hash', () => {
    expect(bitcoinMainnet.caipNetworkId).toBe('bip122:000000000019d6689c085ae165831e93')
    expect(bitcoinTestnet4.caipNetworkId).toBe('bip122:00000000da84f2bafbbc53dee25a72ae')
    expect(bitcoinSignet.caipNetworkId).toBe('bip122:00000008819873e925422c1ff0f99f7c')
    expect(bitcoinMainnet.nativeCurrency).toEqual({ name: 'Bitcoin', symbol: 'BTC', decimals: 8 })
  })

  it('name no API, so nothing is called until the site names one', async () => {
    for (const network of [bitcoinMainnet, bitcoinTestnet4, bitcoinSignet])
      expect(network.rpcUrls.default.http).toEqual([])
    const calls: string[] = []
    const adapter = bitcoin({
      fetch: async (input) => {
        calls.push(String(input))
        return new Response('{}')
      },
    })(createTestAdapterContext([bitcoinMainnet]).context)
    await expect(
      adapter.getBalance({ address: 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', network: bitcoinMainnet }),
    ).rejects.toThrow('This Bitcoin network has no API configured.')
    expect(calls).toEqual([])
  })
})

describe('defineBitcoinNetwork', () => {
  it("makes a regtest network, Bitcoin Core's genesis by default", () => {
    const regtest = defineBitcoinNetwork({ name: 'Regtest', esploraUrl: 'http://127.0.0.1:3002' })
    expect(regtest.caipNetworkId).toBe(`bip122:${BITCOIN_REGTEST_GENESIS_HASH.slice(0, 32)}`)
    expect(regtest.caipNetworkId).toBe('bip122:0f9188f13cb7b2c71f2a335e3a4fc328')
    expect(regtest.rpcUrls.default.http).toEqual(['http://127.0.0.1:3002'])
    expect(regtest.testnet).toBe(true)
  })

  it("refuses a hash that is not one, a public chain's, and an API that is not http(s)", () => {
    expect(() => defineBitcoinNetwork({ name: 'x', genesisHash: 'abc' })).toThrow(InvalidBitcoinNetworkError)
    expect(() =>
      defineBitcoinNetwork({
        name: 'x',
        genesisHash: '000000000019d6689c085ae165831e934ff763ae46a2a6c172b3f1b60a8ce26f',
      }),
    ).toThrow('is a public chain')
    expect(() => defineBitcoinNetwork({ name: 'x', esploraUrl: 'javascript:alert(1)' })).toThrow(
      InvalidBitcoinNetworkError,
    )
  })
})

describe('naming an API', () => {
  it("takes an Esplora base, or a Portico server's bip122 routes with the project id", () => {
    expect(withEsploraApi(bitcoinMainnet, 'https://mempool.space/api').rpcUrls.default.http).toEqual([
      'https://mempool.space/api',
    ])
    expect(
      withPorticoServer(bitcoinTestnet4, { apiUrl: 'https://portico.example.com/', projectId: 'shop' })
        .rpcUrls.default.http,
    ).toEqual([
      'https://portico.example.com/v1/bitcoin/bip122:00000000da84f2bafbbc53dee25a72ae?projectId=shop',
    ])
    expect(() => withEsploraApi({ ...bitcoinMainnet, namespace: 'solana' }, 'https://x.example')).toThrow(
      InvalidBitcoinNetworkError,
    )
  })
})
