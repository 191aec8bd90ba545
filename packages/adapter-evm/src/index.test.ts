import { expect, it } from 'vitest'
import * as entry from './index.js'

it('exports exactly the public API', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "INJECTED_CONNECTOR_ID",
      "defineEvmNetwork",
      "evm",
      "getProviderErrorCode",
      "isSafeIconUrl",
      "mapProviderError",
    ]
  `)
})
