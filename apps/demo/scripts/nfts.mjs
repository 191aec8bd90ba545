// The demo's NFTs: an ERC-721 collection, an ERC-1155 badge and a spam collection on the first
// local chain, held by anvil's account 1 (the dev wallet's second account; the swap tests only
// read its token balances). Their metadata and pictures are data: URIs, so nothing is fetched
// from outside the machine; the server reads them as it would https or ipfs metadata.

import { crc32, deflateSync } from 'node:zlib'

/** The account the demo's NFTs belong to (anvil account 1). */
export const DEMO_NFT_HOLDER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

/** A small PNG (a two-colour gradient of `hue`), as a data: URI. */
export function gradientPng(hue, size = 48) {
  const rgb = (h, l) => {
    const a = 0.6 * Math.min(l, 1 - l)
    const f = (n) => {
      const k = (n + h / 30) % 12
      return Math.round(255 * (l - a * Math.max(-1, Math.min(k - 3, 9 - k, 1))))
    }
    return [f(0), f(8), f(4)]
  }
  const rows = []
  for (let y = 0; y < size; y++) {
    const row = [0]
    for (let x = 0; x < size; x++) row.push(...rgb((hue + (x + y) * 1.2) % 360, 0.35 + (0.3 * y) / size))
    rows.push(Buffer.from(row))
  }
  const chunk = (type, data) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data])
    const crc = Buffer.alloc(4)
    crc.writeUInt32BE(crc32(body))
    return Buffer.concat([length, body, crc])
  }
  const header = Buffer.alloc(13)
  header.writeUInt32BE(size, 0)
  header.writeUInt32BE(size, 4)
  header.set([8, 2, 0, 0, 0], 8)
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ])
  return `data:image/png;base64,${png.toString('base64')}`
}

const json = (value) =>
  `data:application/json;base64,${Buffer.from(JSON.stringify(value)).toString('base64')}`

/**
 * Deploys the collections on `rpcUrl` and gives the holder two pictured harbours, one without a
 * picture, three badges, and a spam airdrop. Returns the collections' addresses.
 */
export async function deployDemoNfts(rpcUrl) {
  const { deployTestCollectibles, sendCollectiblesCalls, TEST_COLLECTIBLES_ABI } = await import(
    '@portico/test'
  )
  const { encodeFunctionData } = await import('viem')
  const collectibles = await deployTestCollectibles({
    rpcUrl,
    multiTokenUri: json({
      name: 'Portico Badge',
      description: 'Given to the demo account.',
      image: gradientPng(140),
    }),
  })
  const mint = (id, metadata) => ({
    to: collectibles.uriNft,
    data: encodeFunctionData({
      abi: TEST_COLLECTIBLES_ABI.uriNft,
      functionName: 'mint',
      args: [DEMO_NFT_HOLDER, id, json(metadata)],
    }),
  })
  await sendCollectiblesCalls(rpcUrl, [
    mint(1n, {
      name: 'Harbour at dawn',
      description: 'Boats waiting for the tide.',
      image: gradientPng(205),
    }),
    mint(2n, { name: 'Harbour at dusk', description: 'The lights come on.', image: gradientPng(15) }),
    mint(3n, { name: 'Harbour sketch' }),
    {
      to: collectibles.multiToken,
      data: encodeFunctionData({
        abi: TEST_COLLECTIBLES_ABI.multiToken,
        functionName: 'mint',
        args: [DEMO_NFT_HOLDER, 1n, 3n],
      }),
    },
    {
      to: collectibles.spamNft,
      data: encodeFunctionData({
        abi: TEST_COLLECTIBLES_ABI.uriNft,
        functionName: 'airdrop',
        args: [DEMO_NFT_HOLDER, 1n, json({ name: 'Claim your reward', image: gradientPng(300) })],
      }),
    },
  ])
  return collectibles
}
