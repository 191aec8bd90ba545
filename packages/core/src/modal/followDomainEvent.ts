import type { DomainEvent } from '../domainEvent.js'
import { checkUnsupportedChain } from '../network/modal/checkUnsupportedChain.js'
import { showApiAlert } from '../notices/showApiAlert.js'
import { showToast } from '../notices/showToast.js'
import type { Portico } from '../portico.js'
import { closeModal } from './closeModal.js'
import { openModal } from './openModal.js'

/**
 * The modal layer's answer to what domain code reports (`DomainEvent`): which view opens, which
 * alert or toast shows. `createPortico` connects it to every instance.
 */
export function followDomainEvent(portico: Portico, event: DomainEvent): void {
  const { state, options } = portico
  switch (event.type) {
    case 'serverRefused':
      showApiAlert(portico, { apiCode: event.apiCode, status: event.status })
      return
    case 'balancesUnavailable':
      // One message in one place: the Tokens tab on view says it itself, with when to retry.
      if (!showsTokenList(portico))
        showToast(portico, { message: { key: 'tokenBalanceUnavailable' }, variant: 'error' })
      return
    case 'signInNeeded':
      openModal(portico, { route: { view: 'SIWXSignMessage' } })
      return
    case 'signedIn':
      // An earlier check (another account for a moment) may have asked to sign: nothing is asked now.
      if (state.modal.open && state.router.route.view === 'SIWXSignMessage') closeModal(portico)
      // A session found for the account just connected in the modal: nothing is left to do there.
      else portico.internal.closeAfterConnect?.(portico)
      return
    case 'signInFailed':
      // The visitor who was looking at the modal sees why the connection ended.
      if (event.modalWasOpen) openModal(portico, { route: { view: 'Connect' } })
      else {
        state.router.route = { view: 'Connect' }
        state.router.history = []
      }
      showToast(portico, { message: { key: 'siwxInitFailed' }, variant: 'error' })
      return
    case 'allDisconnected':
      portico.internal.closeAfterConnect = undefined
      state.router.route = { view: 'Connect' }
      state.router.history = []
      if (!options.enableEmbedded) state.modal.open = false
      return
    case 'networkChanged':
      checkUnsupportedChain(portico, event.namespace)
      return
  }
}

/** Whether the Account view's Tokens tab is on screen (it shows a failed balance read itself). */
function showsTokenList(portico: Portico): boolean {
  const { modal, router, chains } = portico.state
  if (!modal.open || router.route.view !== 'Account') return false
  // Read from state, not `getAccountTabs`: the activity code stays out of the page's first load.
  const tab = modal.activeChain ? chains[modal.activeChain]?.accountState.currentTab : undefined
  return tab !== 'Activity'
}
