import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import type { TokenBalance } from '../api/schemas.js'
import { connect } from '../connection/connect.js'
import type { Portico } from '../portico.js'
import { startTestApiServer, type TestReply } from '../testing/apiTestServer.testkit.js'
import { type FakeAdapterHandle, setup } from '../testing/fakeAdapter.testkit.js'
import { getTokenBalances } from './tokenBalances.js'

// The refresh code is its own chunk, fetched on the first refresh. This holds that fetch until the
// test lets it through, as a slow network would, to switch accounts while it loads.
const chunk = vi.hoisted(() => {
  let release: () => void = () => {}
  const loaded = new Promise<void>((resolve) => (release = resolve))
  return { loaded, release: () => release() }
})
vi.mock('./refreshAccountAssetsNow.js', async (importOriginal) => {
  await chunk.loaded
  return importOriginal()
})

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
// A token with an address: the native row would take the network's own symbol.
const token = (symbol: string): TokenBalance => ({
  name: symbol,
  symbol,
  chainId: 'eip155:1',
  address: 'eip155:1:0x00000000000000000000000000000000000000aa',
  value: 1,
  price: 1,
  quantity: { decimals: '18', numeric: '1' },
})
const balances = (...list: TokenBalance[]): TestReply => ({ status: 200, body: { balances: list } })
const ownerOf = (path: string) => path.split('/')[3]

let server: Awaited<ReturnType<typeof startTestApiServer>>
beforeEach(async () => {
  server = await startTestApiServer()
})
afterEach(async () => {
  await server.close()
})

const balanceRequests = () => server.requests.filter((request) => request.path.endsWith('/balance'))
// The first refresh transforms and loads the refresh code, which takes seconds on a busy machine.
const LOADED = { timeout: 15_000 }
const settled = (portico: Portico) =>
  vi.waitFor(() => expect(portico.state.chains.eip155?.accountState.balanceLoading).toBe(false), LOADED)
const switchAccount = (handle: FakeAdapterHandle, address: string) =>
  handle.context?.emit({ type: 'accountsChanged', connectorId: 'io.metamask', accounts: [address] })

async function connectedTo(address: string) {
  const test = await setup({ apiUrl: server.url, projectId: 'p1' })
  test.handle.context?.emit({ type: 'connectors', connectors: test.handle.connectors })
  test.handle.nextConnect = { address, accounts: [address], chainId: 1 }
  await connect(test.portico, { connectorId: 'io.metamask' })
  return test
}

// Runs first: the chunk is fetched once, by the first refresh of the file.
describe('refreshAccountAssets', () => {
  test('an account switched while the refresh code loads: only the new account is asked and shown', async () => {
    server.reply((request) => balances(token(ownerOf(request.path) === A ? 'AAA' : 'BBB')))
    const { portico, handle } = await connectedTo(A)
    switchAccount(handle, B)
    chunk.release()
    await vi.waitFor(
      () => expect(getTokenBalances(portico).tokens.map((item) => item.symbol)).toEqual(['BBB']),
      LOADED,
    )
    await settled(portico)
    expect(balanceRequests().map((request) => ownerOf(request.path))).toEqual([B])
  })

  test("the previous account's balances go the moment the account changes, before the refresh code runs", async () => {
    chunk.release()
    const held: Record<string, () => void> = {}
    server.reply((request) => {
      const owner = ownerOf(request.path)!
      if (owner === A) return balances(token('AAA'))
      return new Promise<TestReply>((resolve) => (held[owner] = () => resolve(balances(token('BBB')))))
    })
    const { portico, handle } = await connectedTo(A)
    await vi.waitFor(
      () => expect(getTokenBalances(portico).tokens.map((item) => item.symbol)).toEqual(['AAA']),
      LOADED,
    )
    switchAccount(handle, B)
    // At once, before the refresh code runs.
    expect(getTokenBalances(portico).tokens).toEqual([])
    await vi.waitFor(() => expect(held[B]).toBeDefined())
    expect(getTokenBalances(portico).tokens).toEqual([])
    held[B]!()
    await vi.waitFor(
      () => expect(getTokenBalances(portico).tokens.map((item) => item.symbol)).toEqual(['BBB']),
      LOADED,
    )
    await settled(portico)
  })
})
