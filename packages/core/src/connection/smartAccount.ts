import type { ChainNamespace } from '../network/types.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import { getAccount } from './account.js'

const isSmartAccount = /* @__PURE__ */ defineSelector(
  (portico: Portico, namespace?: ChainNamespace): boolean =>
    getAccount(portico, namespace).accountType === 'smartAccount',
)
/**
 * Whether the connected account of the active namespace (or of `namespace`) is a smart account:
 * only the embedded (AUTH) wallet has them, when its preferred account type is 'smartAccount',
 * and only on a network listed as smart-account enabled (SPEC §6). Smart accounts are never short
 * of gas (SPEC §5).
 *
 * @example
 * getIsSmartAccount(portico) // false for a browser wallet
 */
export const getIsSmartAccount = isSmartAccount.get
/** Calls `onChange(isSmartAccount, previous)` when it flips; returns the unsubscribe. */
export const watchIsSmartAccount = isSmartAccount.watch

const smartAccountOffered = /* @__PURE__ */ defineSelector((portico: Portico): boolean => {
  const chain = portico.state.chains.eip155
  if (chain?.accountState.status !== 'connected' || chain.accountState.connectedWalletInfo?.type !== 'AUTH')
    return false
  const network = chain.networkState.caipNetwork
  return (
    network !== undefined &&
    chain.networkState.smartAccountEnabledNetworks.some((id) => String(id) === String(network.id))
  )
})
/**
 * Whether the connected embedded (e-mail) wallet offers a smart account on its current EVM network
 * (SPEC §6), so the visitor can switch between it and the EOA (`setEmbeddedAccountType`).
 */
export const getSmartAccountOffered = smartAccountOffered.get
/** Calls `onChange(offered, previous)` when it flips; returns the unsubscribe. */
export const watchSmartAccountOffered = smartAccountOffered.watch
