import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { getAccountTabs } from '../activity/activity.js'
import type { Nft } from '../api/nftSchemas.js'
import { connect } from '../connection/connect.js'
import type { Portico } from '../portico.js'
import { startTestApiServer, type TestReply } from '../testing/apiTestServer.testkit.js'
import { type FakeAdapterHandle, flush, setup } from '../testing/fakeAdapter.testkit.js'
import { getAccountNfts } from './getAccountNfts.js'
import { loadNfts } from './loadNfts.js'
import { getNfts } from './nfts.js'
import { NftsUnavailableError } from './nftsErrors.js'

const CONTRACT = '0x1111111111111111111111111111111111111111'
const nft = (id: number, overrides: Partial<Nft> = {}): Nft => ({
  chainId: 'eip155:1',
  contract: CONTRACT,
  tokenId: String(id),
  standard: 'erc721',
  amount: '1',
  name: `Harbour #${id}`,
  collection: 'Harbours',
  isSpam: false,
  ...overrides,
})
const page = (data: Nft[], next: string | null): TestReply => ({ status: 200, body: { data, next } })

let server: Awaited<ReturnType<typeof startTestApiServer>>
beforeEach(async () => {
  server = await startTestApiServer()
})
afterEach(async () => {
  await server.close()
})

const announce = (handle: FakeAdapterHandle) =>
  handle.context?.emit({ type: 'connectors', connectors: handle.connectors })
async function connected(overrides: Parameters<typeof setup>[0] & { noServer?: boolean } = {}) {
  const { noServer, ...rest } = overrides
  const test = await setup(noServer ? rest : { apiUrl: server.url, projectId: 'p1', ...rest })
  announce(test.handle)
  await connect(test.portico, { connectorId: 'io.metamask' })
  await flush()
  return test
}
const nftRequests = () => server.requests.filter((request) => request.path.endsWith('/nfts'))
const settled = (portico: Portico) => vi.waitFor(() => expect(portico.state.nfts?.loading).toBe(false))

describe('loadNfts', () => {
  test('loads the first page, then the next with the cursor, and leaves spam out of the tab', async () => {
    server.reply((request) =>
      request.query.cursor === 'c2'
        ? page([nft(3), nft(4, { isSpam: true })], null)
        : page([nft(1), nft(2)], 'c2'),
    )
    const { portico } = await connected()
    await loadNfts(portico)
    expect(getNfts(portico)).toMatchObject({ loaded: true, hasMore: true, empty: false })
    expect(getNfts(portico).items.map((item) => item.tokenId)).toEqual(['1', '2'])
    await loadNfts(portico, { more: true })
    await settled(portico)
    expect(getNfts(portico).items.map((item) => item.tokenId)).toEqual(['1', '2', '3'])
    expect(getNfts(portico).hasMore).toBe(false)
    expect(nftRequests().map((request) => request.query.cursor)).toEqual([undefined, 'c2'])
    expect(nftRequests()[0]?.query.chainId).toBe('eip155:1')
    // A last page reached: asking for more asks nothing.
    await loadNfts(portico, { more: true })
    expect(nftRequests()).toHaveLength(2)
  })

  test('says empty for an account without NFTs, spam only counting as none', async () => {
    server.reply(() => page([nft(9, { isSpam: true })], null))
    const { portico } = await connected()
    await loadNfts(portico)
    expect(getNfts(portico)).toMatchObject({ empty: true, items: [] })
  })

  test('keeps a failure as "Failed to fetch NFTs" and loads again on reset', async () => {
    server.reply(() => ({ status: 500, body: { error: { code: 'INTERNAL', message: 'down' } } }))
    const { portico } = await connected()
    await loadNfts(portico)
    expect(getNfts(portico).error).toMatchObject({ message: { key: 'nftsFailed' }, serverUnavailable: true })
    server.reply(() => page([nft(1)], null))
    await loadNfts(portico, { reset: true })
    expect(getNfts(portico)).toMatchObject({ error: undefined, loaded: true })
    expect(getNfts(portico).items).toHaveLength(1)
  })

  test('drops a malformed answer as an error rather than showing it', async () => {
    server.reply(() => page([{ ...nft(1), tokenId: '-1' }], null))
    const { portico } = await connected()
    await loadNfts(portico)
    expect(getNfts(portico).error?.message.key).toBe('nftsFailed')
    expect(getNfts(portico).items).toEqual([])
  })

  test('offers the tab between Tokens and Activity, and drops it for a network the server refuses', async () => {
    server.reply((request) =>
      request.path.endsWith('/nfts')
        ? { status: 400, body: { error: { code: 'UNSUPPORTED_CHAIN', message: 'no' } } }
        : request.path.endsWith('/balance')
          ? { status: 200, body: { balances: [] } }
          : { status: 200, body: { data: [], next: null } },
    )
    const { portico } = await connected()
    expect(getAccountTabs(portico).tabs).toEqual(['Tokens', 'NFTs', 'Activity'])
    await loadNfts(portico)
    expect(getAccountTabs(portico).tabs).toEqual(['Tokens', 'Activity'])
    expect(getNfts(portico).available).toBe(false)
  })

  test('has no tab and throws NftsUnavailableError without a Portico server', async () => {
    const { portico } = await connected({ noServer: true })
    expect(getAccountTabs(portico).tabs).not.toContain('NFTs')
    await expect(getAccountNfts(portico)).rejects.toBeInstanceOf(NftsUnavailableError)
  })
})
