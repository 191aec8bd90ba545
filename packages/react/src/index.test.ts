import { expect, test } from 'vitest'
import * as entry from './index.js'

test('the public API of @portico/react', () => {
  expect(Object.keys(entry).sort()).toMatchInlineSnapshot(`
    [
      "ConnectButton",
      "PorticoEmbed",
      "PorticoProvider",
      "PorticoProviderNotFoundError",
      "preloadModal",
      "preloadView",
      "useAccount",
      "useAccountTabs",
      "useActivity",
      "useConnection",
      "useConnectors",
      "useEmailLogin",
      "useModal",
      "useNetwork",
      "usePortico",
      "useRouter",
      "useSiwx",
      "useSocialLogin",
      "useTheme",
      "useTokenBalances",
    ]
  `)
})
