/** A chain as the page names it: an EVM chain id number, or a CAIP-2 id such as `eip155:1` or `solana:…`. */
export type FrameChainId = number | string

/** The CAIP-2 form of a chain id: numbers and numeric strings are EVM chains. */
export function toCaipNetworkId(chainId: FrameChainId): string {
  if (typeof chainId === 'number') return `eip155:${chainId}`
  if (/^\d+$/.test(chainId)) return `eip155:${chainId}`
  if (/^0x[0-9a-fA-F]+$/.test(chainId)) return `eip155:${Number.parseInt(chainId, 16)}`
  return chainId
}

/** The namespace (`eip155`, `solana`, …) of a chain id. */
export function namespaceOf(chainId: FrameChainId): string {
  return toCaipNetworkId(chainId).split(':')[0] ?? ''
}

/** The numeric EVM chain id, or undefined when the chain is not an EVM chain. */
export function evmChainIdOf(chainId: FrameChainId): number | undefined {
  const [namespace, reference] = toCaipNetworkId(chainId).split(':')
  if (namespace !== 'eip155' || reference === undefined || !/^\d+$/.test(reference)) return undefined
  return Number(reference)
}
