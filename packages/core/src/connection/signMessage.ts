import { AdapterNotFoundError, NotConnectedError } from '../errors/base.js'
import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'

export type SignMessageParameters = { message: string; namespace?: ChainNamespace }

/**
 * Asks the connected wallet to sign a text message with the active account.
 *
 * @example
 * const signature = await signMessage(portico, { message: 'Hello' })
 */
export async function signMessage(portico: Portico, parameters: SignMessageParameters): Promise<string> {
  const { state, internal } = portico
  const namespace = parameters.namespace ?? state.modal.activeChain
  const chain = namespace && state.chains[namespace]
  if (!namespace || !chain?.accountState.address || !chain.connectorId) throw new NotConnectedError(namespace)
  const adapter = internal.adapters.get(namespace)
  if (!adapter) throw new AdapterNotFoundError(namespace)
  return adapter.signMessage({
    connectorId: chain.connectorId,
    address: chain.accountState.address,
    message: parameters.message,
  })
}
