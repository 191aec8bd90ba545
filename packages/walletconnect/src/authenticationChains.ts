import type { ChainNamespace } from '@portico/core'

/**
 * The chains a pairing can also sign the site in on, from what the namespaces registered: SPEC §5
 * allows sign-in while pairing (universal-provider authenticate) only when every namespace asked
 * for is eip155, the only one WalletConnect's sign-in supports. Empty otherwise.
 */
export function authenticationChainsOf(
  registered: Iterable<readonly [ChainNamespace, { readonly chains: Iterable<string> }]>,
): string[] {
  const entries = [...registered]
  if (entries.length === 0 || entries.some(([namespace]) => namespace !== 'eip155')) return []
  return [...new Set(entries.flatMap(([, request]) => [...request.chains]))]
}
