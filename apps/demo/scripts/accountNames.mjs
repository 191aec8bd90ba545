// The demo's account names: the demo project registers names under `shop.eth` on its own server,
// which is also the ENS gateway for them: an OffchainResolver on the first local chain is shop.eth's
// resolver, so `<name>.shop.eth` resolves in any ENS client pointed at that chain. Two names are
// registered at start (anvil accounts 5 and 6 of the "test test … junk" mnemonic), so a visitor
// trying the demo meets a taken name.

import { createAccountNameMessage, evmChainIdToCoinType } from '@portico/core/api'
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts'

/** The suffix the demo project registers names under. */
export const DEMO_NAME_SUFFIX = 'shop.eth'
/** The key the demo server signs its gateway answers with: a local-only key, public like anvil's. */
export const DEMO_NAMES_SIGNER_KEY = '0x4c0883a69102937d6231471b5dbb6204fe5129617082792ae468d01a3f362318'
const MNEMONIC = 'test test test test test test test test test test test junk'

/** Names registered at start: `label` for anvil's account `index`. */
export const DEMO_ACCOUNT_NAMES = [
  { label: 'alice', index: 5 },
  { label: 'shopkeeper', index: 6 },
]

/** The first local chain's ENS universal resolver (TEST_ENS.universalResolver: the same on every fresh chain). */
const DEMO_UNIVERSAL_RESOLVER = '0x6bD9A737946C9393FAdd5669946abC632C29b239'

/** The server config's `names` section for the demo project. */
export function demoNamesConfig(projectId) {
  return {
    projects: { [projectId]: { suffixes: [DEMO_NAME_SUFFIX] } },
    // The identity route reads the first chain's names; shop.eth's gateway is this server, on loopback.
    identity: {
      universalResolvers: { 'eip155:31337': DEMO_UNIVERSAL_RESOLVER },
      allowPrivateGateways: true,
    },
    gateway: { signerKey: DEMO_NAMES_SIGNER_KEY },
    // Every visitor of a local demo (and every end-to-end test) comes from 127.0.0.1.
    rateLimit: { perIpPerHour: 10_000, perAddressPerHour: 100 },
  }
}

/** Deploys the OffchainResolver for the server on `port` and makes it shop.eth's resolver. */
export async function deployDemoNameResolver(rpcUrl, port) {
  const { deployOffchainResolver, setEnsResolver } = await import('@portico/test')
  const resolver = await deployOffchainResolver({
    rpcUrl,
    urls: [`http://127.0.0.1:${port}/gateway/names/{sender}/{data}.json`],
    signers: [privateKeyToAccount(DEMO_NAMES_SIGNER_KEY).address],
  })
  await setEnsResolver({ rpcUrl, name: DEMO_NAME_SUFFIX, resolver })
  return resolver
}

/** Registers the demo's names through the server's own route, signed by their accounts. */
export async function registerDemoAccountNames(serverUrl, projectId, chainId = 31337) {
  for (const { label, index } of DEMO_ACCOUNT_NAMES) {
    const account = mnemonicToAccount(MNEMONIC, { addressIndex: index })
    const message = createAccountNameMessage({
      name: `${label}.${DEMO_NAME_SUFFIX}`,
      attributes: { description: `The demo's ${label}` },
      timestamp: Math.floor(Date.now() / 1000),
    })
    const response = await fetch(`${serverUrl}/v1/names/register?projectId=${projectId}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        coinType: evmChainIdToCoinType(chainId),
        address: account.address,
        message,
        signature: await account.signMessage({ message }),
      }),
    })
    // A server started again on the same data keeps them: taken is fine.
    if (!response.ok && response.status !== 409) {
      throw new Error(
        `registering ${label}.${DEMO_NAME_SUFFIX} failed: ${response.status} ${await response.text()}`,
      )
    }
  }
}
