import type { AdapterFactory } from '@portico/core'
import { expect, it } from 'vitest'
import * as entry from './index.js'

it('exports exactly the public API', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "InvalidSolanaNetworkError",
      "InvalidSolanaTransactionOptionsError",
      "SolanaAdapterLoadError",
      "SolanaChainNotSupportedError",
      "SolanaSendFailedError",
      "SolanaSendValidationError",
      "TOKEN_2022_PROGRAM_ADDRESS",
      "defineSolanaNetwork",
      "getWalletConnectorId",
      "getWalletStandardChain",
      "isSafeIconUrl",
      "isUserRejection",
      "mapWalletError",
      "solana",
      "solanaDevnet",
      "solanaMainnet",
      "solanaTestnet",
    ]
  `)
})

it('solana() is an adapter factory core accepts', () => {
  const factory: AdapterFactory = entry.solana()
  expect(factory).toBeTypeOf('function')
})
