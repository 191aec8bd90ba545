/**
 * CAIP-2 chain ids (`eip155:1`) and CAIP-10 account ids (`eip155:1:0xab…`): the one place their
 * rules are written. Every package that reads or checks one (core's storage and API schemas, the
 * server's config, sign-in messages, WalletConnect sessions, the adapters) uses these, so a limit
 * cannot differ between them. Imports nothing at run time, so `@portico/core/api` and the server
 * can use it too.
 */
import type { CaipAddress, CaipNetworkId, ChainNamespace, Network } from './types.js'

/** The namespaces Portico has adapters for, in the spec's order. */
export const CHAIN_NAMESPACES = [
  'eip155',
  'solana',
  'polkadot',
  'bip122',
] as const satisfies readonly ChainNamespace[]

// CAIP-2: a namespace of 3–8 lower-case letters, digits or hyphens, and a reference of 1–32
// letters, digits, hyphens or underscores. CAIP-10 adds an account address of 1–128 characters.
const NAMESPACE = '[-a-z0-9]{3,8}'
const REFERENCE = '[-_a-zA-Z0-9]{1,32}'
const ADDRESS = '[-.%a-zA-Z0-9]{1,128}'

/** Any CAIP-2 chain id, whatever its namespace. */
export const CAIP2_PATTERN: RegExp = new RegExp(`^${NAMESPACE}:${REFERENCE}$`)
/** Any CAIP-10 account id, whatever its namespace. */
export const CAIP10_PATTERN: RegExp = new RegExp(`^${NAMESPACE}:${REFERENCE}:${ADDRESS}$`)

const CAIP2_PARTS = new RegExp(`^(${NAMESPACE}):(${REFERENCE})$`)
const CAIP10_PARTS = new RegExp(`^(${NAMESPACE}):(${REFERENCE}):(${ADDRESS})$`)

/** Whether `value` is one of the namespaces Portico has adapters for. */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && (CHAIN_NAMESPACES as readonly string[]).includes(value)
}

/**
 * The namespace and reference of a CAIP-2 id of a namespace Portico knows; undefined when `value`
 * is not one (a malformed id, or another namespace such as `cosmos:…`).
 *
 * @example
 * parseCaipNetworkId('eip155:10') // { namespace: 'eip155', reference: '10' }
 */
export function parseCaipNetworkId(
  value: unknown,
): { namespace: ChainNamespace; reference: string } | undefined {
  if (typeof value !== 'string') return undefined
  const match = CAIP2_PARTS.exec(value)
  if (!match || !isChainNamespace(match[1])) return undefined
  return { namespace: match[1], reference: match[2]! }
}

/**
 * Whether `value` is a CAIP-2 id of a namespace Portico knows, and of `namespace` when one is given.
 *
 * @example
 * isCaipNetworkId('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'solana') // true
 */
export function isCaipNetworkId(value: unknown, namespace?: ChainNamespace): value is CaipNetworkId {
  const parsed = parseCaipNetworkId(value)
  return parsed !== undefined && (namespace === undefined || parsed.namespace === namespace)
}

/** `eip155:1` from a namespace and a reference. */
export function toCaipNetworkId(namespace: ChainNamespace, reference: number | string): CaipNetworkId {
  return `${namespace}:${reference}`
}

/** `eip155:1:0xabc` from a network id and an address. */
export function toCaipAddress(networkId: CaipNetworkId, address: string): CaipAddress {
  return `${networkId}:${address}`
}

/**
 * Splits a CAIP-10 account id of a namespace Portico knows (and of `namespace` when given);
 * undefined when it is not one.
 */
export function parseCaipAddress(
  value: unknown,
  namespace?: ChainNamespace,
): { namespace: ChainNamespace; reference: string; address: string } | undefined {
  if (typeof value !== 'string') return undefined
  const match = CAIP10_PARTS.exec(value)
  if (!match || !isChainNamespace(match[1])) return undefined
  if (namespace !== undefined && match[1] !== namespace) return undefined
  return { namespace: match[1], reference: match[2]!, address: match[3]! }
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
