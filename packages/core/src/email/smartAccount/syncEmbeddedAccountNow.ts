import type { Portico } from '../../portico.js'

/**
 * The work of `syncEmbeddedAccount`: asks the embedded wallet which chains offer a smart account
 * and which account serves the visitor on the current one. A failure keeps what state had (the
 * visitor's account is unchanged) and is logged.
 */
export async function syncEmbeddedAccountNow(portico: Portico): Promise<void> {
  const wallet = portico.config.embeddedWallet
  const chain = portico.state.chains.eip155
  const network = chain?.networkState.caipNetwork
  // First, on every connection and change: the frame's approval screen names the site from it
  // ('Network fee: paid by <site>'). Here, not at start, so the page's first load does not grow.
  wallet?.syncMetadata?.(portico.options.metadata)
  if (!wallet?.getSmartAccountEnabledNetworks || !chain || !network) return
  const address = chain.accountState.address
  try {
    const enabled = await wallet.getSmartAccountEnabledNetworks()
    const user = await wallet.getUser({
      chainId: Number(network.id),
      preferredAccountType: chain.accountState.preferredAccountType === 'eoa' ? 'eoa' : 'smartAccount',
    })
    // The visitor may have left or changed account while the frame answered: nothing to apply.
    if (chain.accountState.address !== address || chain.accountState.status !== 'connected') return
    chain.networkState.smartAccountEnabledNetworks = [...enabled]
    // On a chain without a smart account the wallet answers 'eoa' whatever the visitor chose:
    // their choice is only known (and kept) where it applies.
    if (enabled.includes(Number(network.id))) chain.accountState.preferredAccountType = user.accountType
    chain.accountState.smartAccountDeployed = user.smartAccountDeployed === true
    chain.accountState.smartAccountSponsored = user.smartAccountSponsored === true
  } catch (error) {
    portico.internal.logger.warn('smart account: the embedded wallet did not say its account type', error)
  }
}
