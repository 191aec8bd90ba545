import type { Portico } from '../portico.js'
import { loadedNamesCapability } from './loadNamesCapability.js'

/**
 * Whether `text` has the shape of a name the active network's name service can resolve (so the
 * Send form resolves it instead of calling it an invalid address).
 * @example
 * isReceiverName(portico, 'vitalik.eth') // true on an EVM network with ENS
 */
export function isReceiverName(portico: Portico, text: string): boolean {
  const namespace = portico.state.modal.activeChain
  const network = namespace ? portico.state.chains[namespace]?.networkState.caipNetwork : undefined
  // The name service loads after connecting; text typed before it is there reads as an address.
  const names = namespace ? loadedNamesCapability(portico, namespace) : undefined
  return Boolean(network && names?.supports(network) && names.isName(text.trim()))
}
