// The demo's ENS names on the first local chain (the test ENS of @portico/test: registry, public
// resolver, reverse registrar and universal resolver). Accounts 5 and 6 of the development wallet
// have a primary name and an avatar; account 7 has a name but no primary name; account 8's reverse
// record claims alice.eth, which resolves to account 5, so account 8 shows no name. Accounts 0–4
// stay nameless: the other end-to-end tests read their short addresses. Nothing is fetched from
// outside the machine: alice's avatar is a data: image, bob's an ipfs:// one that the demo's own
// server answers under /ipfs/ (public/ipfs), the gateway src/portico.ts configures.

import { gradientPng } from './nfts.mjs'

/** Anvil's accounts 5–8 (the development wallet's "Account 6" to "Account 9"). */
export const DEMO_NAMED_ACCOUNTS = {
  alice: '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc',
  bob: '0x976EA74026E726554dB657fA54763abd0C3a0aa9',
  carol: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  mallory: '0x23618e81E3f5cdF7f54C3d65f7FBc0aBf5B21E8f',
}

/** bob.eth's avatar: public/ipfs/<this>/avatar.png, served by the demo's own server. */
export const DEMO_IPFS_AVATAR_CID = 'bafkreiportico0demo0bob0avatar0local0only0'

/**
 * Deploys the test ENS on `rpcUrl` (kept if already there) and registers the demo's names. Returns
 * the universal resolver's address, which src/portico.ts has as DEMO_UNIVERSAL_RESOLVER.
 */
export async function deployDemoNames(rpcUrl) {
  const { deployEns, registerEnsName, setEnsPrimaryName } = await import('@portico/test')
  const ens = await deployEns({ rpcUrl })
  const { alice, bob, carol, mallory } = DEMO_NAMED_ACCOUNTS
  await registerEnsName({
    rpcUrl,
    name: 'alice.eth',
    address: alice,
    texts: { avatar: gradientPng(320, 64) },
  })
  await registerEnsName({
    rpcUrl,
    name: 'bob.eth',
    address: bob,
    texts: { avatar: `ipfs://${DEMO_IPFS_AVATAR_CID}/avatar.png` },
  })
  await registerEnsName({ rpcUrl, name: 'carol.eth', address: carol })
  await setEnsPrimaryName({ rpcUrl, address: alice, name: 'alice.eth' })
  await setEnsPrimaryName({ rpcUrl, address: bob, name: 'bob.eth' })
  await setEnsPrimaryName({ rpcUrl, address: mallory, name: 'alice.eth' })
  return ens
}
