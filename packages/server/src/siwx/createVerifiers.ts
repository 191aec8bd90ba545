import type { SiwxVerifier } from '@portico/siwx'
import { bip122Verifier } from '@portico/siwx/bip122'
import { eip155Verifier } from '@portico/siwx/eip155'
import { polkadotVerifier } from '@portico/siwx/polkadot'
import { solanaVerifier } from '@portico/siwx/solana'
import type { ServerConfig } from '../config.js'

/** The configured EVM chains' RPC URLs by chain id, so smart-account signatures can be checked on them. */
function eip155RpcUrls(chains: ServerConfig['chains']): Record<string, string> {
  const urls: Record<string, string> = {}
  for (const chain of chains) {
    const [namespace, reference] = chain.caipNetworkId.split(':')
    if (namespace === 'eip155' && reference) urls[reference] = chain.rpcUrl
  }
  return urls
}

/**
 * The verifiers sign-in accepts, one per namespace: EVM (plain accounts everywhere; ERC-1271 and
 * ERC-6492 smart accounts on the configured chains), Solana, Bitcoin and Polkadot (with the SS58
 * prefixes configured per chain in `siwx.ss58Prefixes`).
 * @example
 * const verifiers = createSiwxVerifiers(config)
 */
export function createSiwxVerifiers(
  config: Pick<ServerConfig, 'chains'> & { siwx?: Pick<ServerConfig['siwx'], 'ss58Prefixes'> },
): SiwxVerifier[] {
  return [
    eip155Verifier({ rpcUrls: eip155RpcUrls(config.chains) }),
    solanaVerifier(),
    bip122Verifier(),
    polkadotVerifier({ ss58Prefixes: config.siwx?.ss58Prefixes ?? {} }),
  ]
}
