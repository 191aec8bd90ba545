// The demo's ENS names on the first local chain (the test ENS of @portico/test: registry, public
// resolver, reverse registrar and universal resolver). Accounts 2 and 3 of the development wallet
// (its "Account 3" and "Account 4") have a primary name and an avatar; anvil's account 7 has a name
// but no primary name; account 1's reverse record claims alice.eth, which resolves to account 2, so
// account 1 shows no name. Accounts 0 and 4 stay nameless: other end-to-end tests read their short
// addresses. Setting a primary name sends nothing from the account (its balance and nonce stay as
// the other tests expect). Nothing is fetched from
// outside the machine: alice's avatar is a data: image, bob's an ipfs:// one that the demo's own
// server answers under /ipfs/ (public/ipfs), the gateway src/portico.ts configures.

import { gradientPng } from './nfts.mjs'

/** Anvil's accounts 2, 3, 7 and 1. */
export const DEMO_NAMED_ACCOUNTS = {
  alice: '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC',
  bob: '0x90F79bf6EB2c4f870365E785982E1f101E93b906',
  carol: '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955',
  mallory: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
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
