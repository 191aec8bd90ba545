import type { Portico } from '../portico.js'
import { loadNamesCapability } from './loadNamesCapability.js'
import { avatarImage, ENS_CACHE_MS, fresh, namesInternal, rememberResolved } from './namesCache.js'
import { InvalidNameError, NameNotResolvedError, NamesUnavailableError } from './namesErrors.js'

export type ResolveReceiverNameParameters = {
  /** What the visitor typed, e.g. `vitalik.eth`. */
  name: string
}

export type ResolveReceiverNameReturnType = {
  /** The name, normalised. */
  name: string
  /** The address it resolves to on the active network. */
  address: string
  /** Its avatar, checked, as a data: URL; undefined when it has none that may be shown. */
  image: string | undefined
}

export type ResolveReceiverNameErrorType =
  | InvalidNameError
  | NameNotResolvedError
  | NamesUnavailableError
  | Error

/**
 * What a name typed as a Send receiver resolves to on the active network, with its avatar (SPEC §3
 * send state "receiver profile image and name"), kept 5 min in memory (SPEC §9 ENS). Throws
 * `NamesUnavailableError` where the network has no name service, `InvalidNameError` for text that
 * is not a name, `NameNotResolvedError` for a name that resolves to nothing (SPEC §8 'Error
 * resolving name'), and the adapter's `ProviderRequestError` when the chain cannot be read.
 * @example
 * const { address, image } = await resolveReceiverName(portico, { name: 'vitalik.eth' })
 */
export async function resolveReceiverName(
  portico: Portico,
  parameters: ResolveReceiverNameParameters,
): Promise<ResolveReceiverNameReturnType> {
  const { state } = portico
  const namespace = state.modal.activeChain
  const network = namespace ? state.chains[namespace]?.networkState.caipNetwork : undefined
  const names = namespace ? await loadNamesCapability(portico, namespace) : undefined
  if (!network || !names?.supports(network))
    throw new NamesUnavailableError(network?.caipNetworkId ?? String(namespace))
  const text = parameters.name.trim()
  if (!names.isName(text)) throw new InvalidNameError(text)
  const key = `${network.caipNetworkId}:${text.toLowerCase()}`
  const known = namesInternal(portico).resolved.get(key)
  let record = known && fresh(known.timestamp, ENS_CACHE_MS) ? known.value : undefined
  if (!record) {
    record = await names.resolveName({ name: text, network })
    if (!record) throw new NameNotResolvedError(text)
    rememberResolved(portico, key, record)
  }
  return { name: record.name, address: record.address, image: await avatarImage(portico, record.avatar) }
}
