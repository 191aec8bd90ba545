import { expect, it } from 'vitest'
import * as entry from './index.js'

it('exports exactly the public API', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "DEFAULT_TETHER_STYLE_TOKENS",
      "INJECTED_CONNECTOR_ID",
      "defineEvmNetwork",
      "evm",
      "getProviderErrorCode",
      "isSafeIconUrl",
      "mapProviderError",
    ]
  `)
})
