import { BaseError } from '../../errors/base.js'
import type { Portico } from '../../portico.js'
import { syncEmbeddedAccount } from './syncEmbeddedAccount.js'

/** The connected wallet is not the embedded (e-mail) wallet on eip155, or it has no smart accounts. */
export class EmbeddedAccountTypeNotAvailableError extends BaseError {
  override name = 'EmbeddedAccountTypeNotAvailableError' as const
  constructor(details: string) {
    super('Only the e-mail wallet on an EVM network has a smart account to switch to.', { details })
  }
}
export type EmbeddedAccountTypeNotAvailableErrorType = EmbeddedAccountTypeNotAvailableError & {
  name: 'EmbeddedAccountTypeNotAvailableError'
}

/**
 * Switches the embedded wallet between its EOA and its smart account (SPEC §6, §7
 * APP_SET_PREFERRED_ACCOUNT). The choice is kept per user by the wallet's server, so it holds
 * after a reload and on other sites; state follows once the wallet stored it. Rejects, changing
 * nothing, when the wallet refuses (no smart account on this network, its server unreachable).
 *
 * @example
 * await setEmbeddedAccountType(portico, 'eoa')
 */
export async function setEmbeddedAccountType(portico: Portico, type: 'eoa' | 'smartAccount'): Promise<void> {
  const wallet = portico.config.embeddedWallet
  const chain = portico.state.chains.eip155
  if (!wallet?.setPreferredAccount) throw new EmbeddedAccountTypeNotAvailableError('no embedded wallet')
  if (chain?.accountState.status !== 'connected' || chain.accountState.connectedWalletInfo?.type !== 'AUTH')
    throw new EmbeddedAccountTypeNotAvailableError('the e-mail wallet is not connected on eip155')
  await wallet.setPreferredAccount({ type })
  chain.accountState.preferredAccountType = type
  syncEmbeddedAccount(portico)
}
