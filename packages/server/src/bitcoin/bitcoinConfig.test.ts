import { describe, expect, it } from 'vitest'
import { bitcoinConfigSchema } from './bitcoinConfig.js'

const chain = (caipNetworkId: string, extra: object = {}) =>
  bitcoinConfigSchema.parse({
    chains: [
      { caipNetworkId, name: 'A chain', upstream: { kind: 'bcoin', url: 'http://127.0.0.1:1' }, ...extra },
    ],
  }).chains[0]

describe('a chain’s coin, as the site’s network definition names it', () => {
  it('is BTC on mainnet and tBTC on the test networks unless the chain says otherwise', () => {
    expect(chain('bip122:000000000019d6689c085ae165831e93')).toMatchObject({
      symbol: 'BTC',
      currencyName: 'Bitcoin',
    })
    for (const test of [
      'bip122:0f9188f13cb7b2c71f2a335e3a4fc328',
      'bip122:00000000da84f2bafbbc53dee25a72ae',
      'bip122:00000008819873e925422c1ff0f99f7c',
    ])
      expect(chain(test)).toMatchObject({ symbol: 'tBTC', currencyName: 'Test Bitcoin' })
    expect(
      chain('bip122:0f9188f13cb7b2c71f2a335e3a4fc328', { symbol: 'rBTC', currencyName: 'Regtest coin' }),
    ).toMatchObject({ symbol: 'rBTC', currencyName: 'Regtest coin' })
  })
})
