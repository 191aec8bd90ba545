// @vitest-environment node
import { ANVIL_ADDRESSES, type AnvilInstance, rpc, startAnvil } from '@portico/test'
import { type Address, numberToHex, parseEther } from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startTestPorticoServer, type TestPorticoServer } from './porticoServer.testkit.js'
import { FrameRpcError } from './rpcErrors.js'
import { getWalletAssets } from './walletAssets.js'

const CHAIN_ID = 31_337
const OWN = ANVIL_ADDRESSES[3] as Address

let anvil: AnvilInstance
let server: TestPorticoServer

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [OWN, numberToHex(parseEther('2.5'))])
  server = await startTestPorticoServer(
    {
      chains: [
        {
          caipNetworkId: `eip155:${CHAIN_ID}`,
          name: 'Anvil',
          rpcUrl: anvil.rpcUrl,
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          indexer: { enabled: false },
        },
      ],
    },
    { id: 'shop', origins: ['https://shop.example'] },
  )
}, 180_000)
afterAll(async () => {
  await server?.close()
  await anvil?.stop()
})

/** The frame's portfolio read: the server's balance route, asked from the frame's own origin. */
async function portfolio(address: Address, caipNetworkId: string) {
  const url = new URL(`/v1/account/${address}/balance`, server.url)
  url.searchParams.set('projectId', 'shop')
  url.searchParams.set('chainId', caipNetworkId)
  const response = await fetch(url, { headers: { origin: 'https://shop.example' } })
  if (!response.ok) throw new Error(`portfolio ${response.status}`)
  return response.json()
}

describe('wallet_getAssets (EIP-7811)', () => {
  test("answers the account's native balance from the server's portfolio, keyed by hex chain id", async () => {
    const assets = await getWalletAssets([{ account: OWN.toLowerCase() }], {
      own: OWN,
      chainId: CHAIN_ID,
      portfolio,
    })
    expect(assets).toEqual({
      [numberToHex(CHAIN_ID)]: [
        {
          address: 'native',
          balance: numberToHex(parseEther('2.5')),
          type: 'native',
          metadata: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        },
      ],
    })
    const erc20Only = await getWalletAssets([{ account: OWN, assetTypeFilter: ['erc20'] }], {
      own: OWN,
      chainId: CHAIN_ID,
      portfolio,
    })
    expect(erc20Only).toEqual({ [numberToHex(CHAIN_ID)]: [] })
  })

  test("refuses another account's assets and a malformed request", async () => {
    await expect(
      getWalletAssets([{ account: ANVIL_ADDRESSES[0] }], { own: OWN, chainId: CHAIN_ID, portfolio }),
    ).rejects.toMatchObject({ code: 4100 })
    const bad = await getWalletAssets([{ account: 'nope' }], {
      own: OWN,
      chainId: CHAIN_ID,
      portfolio,
    }).catch((error: unknown) => error)
    expect(bad).toBeInstanceOf(FrameRpcError)
    expect((bad as FrameRpcError).code).toBe(-32602)
  })
})
