import type { CaipAddress, CaipNetworkId, ChainNamespace, Network } from '../types/network.js'

/** `eip155:1` from a namespace and a reference. */
export function toCaipNetworkId(namespace: ChainNamespace, reference: number | string): CaipNetworkId {
  return `${namespace}:${reference}`
}

/** `eip155:1:0xabc` from a network id and an address. */
export function toCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  return `${networkId}:${address}`
}

/** Splits a CAIP-10 account id; undefined when it is not one. */
export function parseCaipAddress(
  caipAddress: string,
): { namespace: ChainNamespace; reference: string; address: string } | undefined {
  const match = /^(eip155|solana|polkadot|bip122):([-_a-zA-Z0-9]{1,64}):(.{1,128})$/.exec(caipAddress)
  if (!match) return undefined
  return { namespace: match[1] as ChainNamespace, reference: match[2]!, address: match[3]! }
}

/** Finds the listed network of a namespace with this reference (chain id). */
export function findNetwork(
  networks: readonly Network[],
  namespace: ChainNamespace,
  reference: number | string,
): Network | undefined {
  return networks.find(
    (network) => network.namespace === namespace && String(network.id) === String(reference),
  )
}
