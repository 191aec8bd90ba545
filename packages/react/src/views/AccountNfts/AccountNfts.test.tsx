import { connect, type Transaction } from '@portico/core'
import type { Nft } from '@portico/core/nfts'
import { type TestReply as Reply, startTestApiServer } from '@portico/core/testing'
import { cleanup, fireEvent, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'

const CONTRACT = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const PICTURE = 'https://pictures.example/harbour-1.png'
const SVG_PICTURE = 'https://pictures.example/badge.svg'
const nft = (id: number, overrides: Partial<Nft> = {}): Nft => ({
  chainId: 'eip155:1',
  contract: CONTRACT,
  tokenId: String(id),
  standard: 'erc721',
  amount: '1',
  collection: 'Harbours',
  isSpam: false,
  ...overrides,
})

let server: Awaited<ReturnType<typeof startTestApiServer>>
beforeEach(async () => {
  server = await startTestApiServer()
})
afterEach(async () => {
  cleanup()
  await server.close()
})

function serve(nfts: (cursor: string | undefined) => Reply, history: Transaction[] = []) {
  server.reply((request) => {
    if (request.path.endsWith('/balance')) return { status: 200, body: { balances: [] } }
    if (request.path.endsWith('/history')) return { status: 200, body: { data: history, next: null } }
    if (request.path.endsWith('/nfts')) return nfts(request.query.cursor)
    return { status: 404, body: { error: { code: 'NOT_FOUND', message: 'no' } } }
  })
}

async function nftsTab() {
  const test = await renderPortico({ config: { apiUrl: server.url, projectId: 'p1' } })
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico)
  await run(() => fireEvent.click(view.getByRole('tab', { name: 'NFTs' })))
  return { ...test, view }
}

describe('the NFTs tab', () => {
  test('a grid with name, collection and picture (a letter without one), spam left out, and Load more', async () => {
    serve((cursor) =>
      cursor === 'c2'
        ? { status: 200, body: { data: [nft(3, { name: 'Harbour #3' })], next: null } }
        : {
            status: 200,
            body: {
              data: [
                nft(1, { name: 'Harbour #1', imageUrl: PICTURE }),
                nft(2),
                nft(7, { standard: 'erc1155', amount: '3', name: 'Badge', imageUrl: SVG_PICTURE }),
                nft(9, { name: 'Free claim', isSpam: true }),
              ],
              next: 'c2',
            },
          },
    )
    const { view } = await nftsTab()
    const first = await view.findByRole('button', { name: 'Details of Harbour #1' })
    expect(first.textContent).toContain('Harbours')
    expect(first.querySelector('img')?.getAttribute('src')).toBe(PICTURE)
    // Without a picture: the collection's letter; without a name: the collection and the id.
    const second = view.getByRole('button', { name: 'Details of Harbours #2' })
    expect(second.querySelector('img')).toBeNull()
    expect(second.querySelector('.letter')?.textContent).toBe('H')
    // An SVG picture goes through <img> like any other: no <svg> markup from a token in the page.
    const badge = view.getByRole('button', { name: 'Details of Badge' })
    expect(badge.querySelector('img')?.getAttribute('src')).toBe(SVG_PICTURE)
    expect(badge.textContent).toContain('×3')
    expect(view.queryByRole('button', { name: /Free claim/ })).toBeNull()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Load more' })))
    expect(await view.findByRole('button', { name: 'Details of Harbour #3' })).toBeTruthy()
    expect(view.queryByRole('button', { name: 'Load more' })).toBeNull()
  })

  test('a tile opens its detail with the explorer link; Back returns to the grid and the tile', async () => {
    serve(() => ({
      status: 200,
      body: {
        data: [nft(1, { name: 'Harbour #1', description: 'A quiet harbour', imageUrl: PICTURE })],
        next: null,
      },
    }))
    const { view } = await nftsTab()
    const opened = await view.findByRole('button', { name: 'Details of Harbour #1' })
    await run(() => fireEvent.click(opened))
    const detail = view.getByRole('article', { name: 'Harbour #1' })
    expect(detail.textContent).toContain('A quiet harbour')
    expect(detail.textContent).toContain('Token ID1')
    const link = within(detail).getByRole('link', { name: /View on block explorer/ })
    expect(link.getAttribute('href')).toBe(`https://explorer.example/token/${CONTRACT}?a=1`)
    expect(link.getAttribute('target')).toBe('_blank')
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Back to NFTs' })))
    const tile = view.getByRole('button', { name: 'Details of Harbour #1' })
    expect((tile.getRootNode() as ShadowRoot).activeElement).toBe(tile)
  })

  test('says when the account holds none', async () => {
    serve(() => ({ status: 200, body: { data: [], next: null } }))
    const { view } = await nftsTab()
    expect(await view.findByText('No NFTs yet')).toBeTruthy()
    expect(view.getByText('NFTs this account holds on Ethereum will show here.')).toBeTruthy()
  })

  test('a failure says so with Try again, which loads the tab', async () => {
    let fail = true
    serve(() =>
      fail
        ? { status: 503, body: { error: { code: 'UNAVAILABLE', message: 'down' } } }
        : { status: 200, body: { data: [nft(1, { name: 'Harbour #1' })], next: null } },
    )
    const { view } = await nftsTab()
    const alert = await view.findByRole('alert')
    expect(alert.textContent).toContain('Failed to fetch NFTs')
    fail = false
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Try again' })))
    expect(await view.findByRole('button', { name: 'Details of Harbour #1' })).toBeTruthy()
  })

  test('Activity shows an NFT transfer with its picture', async () => {
    const received: Transaction = {
      id: 'tx-1',
      metadata: {
        operationType: 'receive',
        hash: `0x${'1'.padStart(64, '0')}`,
        minedAt: new Date().toISOString(),
        sentFrom: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
        sentTo: ADDRESS,
        status: 'confirmed',
        nonce: 1,
        chain: 'eip155:1',
      },
      transfers: [
        {
          direction: 'in',
          quantity: { numeric: '1' },
          nft_info: { name: 'Harbour #1', token_id: '1', picture: PICTURE, flags: { is_spam: false } },
        },
      ],
    }
    serve(() => ({ status: 200, body: { data: [], next: null } }), [received])
    const { view } = await nftsTab()
    await run(() => fireEvent.click(view.getByRole('tab', { name: 'Activity' })))
    await waitFor(() => expect(view.getAllByRole('listitem')).toHaveLength(1))
    const row = view.getAllByRole('listitem')[0]
    expect(row?.textContent).toContain('Harbour #1')
    expect(row?.querySelector('img')?.getAttribute('src')).toBe(PICTURE)
  })
})
