import type { Portico } from '../portico.js'

/**
 * Whether `text` has the shape of a name the active network's name service can resolve (so the
 * Send form resolves it instead of calling it an invalid address).
 * @example
 * isReceiverName(portico, 'vitalik.eth') // true on an EVM network with ENS
 */
export function isReceiverName(portico: Portico, text: string): boolean {
  const namespace = portico.state.modal.activeChain
  const network = namespace ? portico.state.chains[namespace]?.networkState.caipNetwork : undefined
  const names = namespace ? portico.internal.adapters.get(namespace)?.names : undefined
  return Boolean(network && names?.supports(network) && names.isName(text.trim()))
}
