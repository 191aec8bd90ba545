import type { NamesCapability } from '../adapterKit/contract.js'
import { API_TIMEOUT_MS, callApi } from '../api/client.js'
import { toCaipAddress } from '../network/caip.js'
import type { ChainNamespace, Network } from '../network/types.js'
import type { Portico } from '../portico.js'
import { loadNamesCapability } from './loadNamesCapability.js'
import { identityAnswerCheck } from './nameAnswerChecks.js'
import {
  avatarImage,
  namesInternal,
  readIdentityCache,
  type StoredIdentity,
  writeIdentityCache,
} from './namesCache.js'

export type RefreshIdentityParameters = { namespace?: ChainNamespace }

/**
 * Reads the connected account's primary name and avatar (SPEC §3 `profileName`, `profileImage`)
 * into its account state: from the 5-minute identity cache, else from the Portico server when one
 * is configured (`GET /v1/identity/{address}`, with its own cache, and the name the account
 * registered on it when it has no primary name), else, without a server or when it fails or takes
 * longer than 10 s (SPEC §9), from the chain through the adapter's name service. Never throws: a
 * failed read leaves the short address and generated avatar.
 * An answer for an account that is no longer the connected one is dropped.
 * @example
 * await refreshIdentity(portico)
 */
export async function refreshIdentity(
  portico: Portico,
  parameters: RefreshIdentityParameters = {},
): Promise<void> {
  const { state, internal } = portico
  const namespace = parameters.namespace ?? state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  const account = chain?.accountState
  const network = chain?.networkState.caipNetwork
  if (!namespace || !account || account.status !== 'connected' || !account.address || !network) return
  const owner = toCaipAddress(network.caipNetworkId, account.address)
  const cache = namesInternal(portico)
  const request = ++cache.identityRequest
  const current = () =>
    cache.identityRequest === request &&
    internal.identityOwner?.[namespace] === owner &&
    account.status === 'connected'
  let names: NamesCapability | undefined
  try {
    names = await loadNamesCapability(portico, namespace)
  } catch (error) {
    internal.logger.warn('names: the name service did not load', error)
    return
  }
  if (!names?.supports(network) || chain.networkState.unsupportedCaipNetworkId) {
    if (current()) {
      account.profileName = undefined
      account.profileImage = undefined
    }
    return
  }
  let identity: StoredIdentity
  try {
    identity =
      readIdentityCache(portico, owner) ?? (await readIdentity(portico, names, network, account.address))
  } catch (error) {
    // SPEC §8 'Error fetching names for address': logged, not a toast; the address stands in.
    internal.logger.warn('names: the account name could not be read', error)
    return
  }
  writeIdentityCache(portico, owner, identity)
  if (!current()) return
  account.profileName = identity.name ?? undefined
  const image = await avatarImage(portico, identity.avatar ?? undefined)
  if (current()) account.profileImage = image
}

async function readIdentity(
  portico: Portico,
  names: NamesCapability,
  network: Network,
  address: string,
): Promise<StoredIdentity> {
  const { apiUrl, projectId } = portico.options
  if (apiUrl && projectId && network.caipNetworkId.startsWith('eip155:')) {
    try {
      // callApi, not requestApi: a refusal here is no alert for the visitor, the chain answers instead.
      return await callApi({
        apiUrl,
        projectId,
        path: `/v1/identity/${address}`,
        query: { chainId: network.caipNetworkId },
        schema: identityAnswerCheck,
        timeoutMs: API_TIMEOUT_MS,
      })
    } catch (error) {
      portico.internal.logger.debug(
        'names: the server did not tell the account name; reading the chain',
        error,
      )
    }
  }
  const record = await names.lookupAddress({ address, network })
  return { name: record?.name ?? null, avatar: record?.avatar ?? null }
}
