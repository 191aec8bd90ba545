import type { Route, View } from '@portico/core'
import type { ComponentType } from 'react'
import type { Translate } from '../i18n/messages.js'

// One chunk per view, so a site that only connects never downloads the account or network code.
const loaders: Record<View, () => Promise<ComponentType>> = {
  Connect: () => import('../views/Connect/Connect.js').then((m) => m.Connect),
  AllWallets: () => import('../views/AllWallets/AllWallets.js').then((m) => m.AllWallets),
  ConnectingExternal: () =>
    import('../views/ConnectingExternal/ConnectingExternal.js').then((m) => m.ConnectingExternal),
  ConnectingWalletConnectBasic: () =>
    import('../views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.js').then(
      (m) => m.ConnectingWalletConnectBasic,
    ),
  Account: () => import('../views/Account/Account.js').then((m) => m.Account),
  SelectAccount: () => import('../views/SelectAccount/SelectAccount.js').then((m) => m.SelectAccount),
  Networks: () => import('../views/Networks/Networks.js').then((m) => m.Networks),
  UnsupportedChain: () =>
    import('../views/UnsupportedChain/UnsupportedChain.js').then((m) => m.UnsupportedChain),
  EmailVerifyOtp: () => import('../views/EmailVerifyOtp/EmailVerifyOtp.js').then((m) => m.EmailVerifyOtp),
  EmailVerifyDevice: () =>
    import('../views/EmailVerifyDevice/EmailVerifyDevice.js').then((m) => m.EmailVerifyDevice),
  UpdateEmail: () => import('../views/UpdateEmail/UpdateEmail.js').then((m) => m.UpdateEmail),
  UpdateEmailVerify: () => import('../views/UpdateEmail/UpdateEmail.js').then((m) => m.UpdateEmailVerify),
  ApproveTransaction: () =>
    import('../views/ApproveTransaction/ApproveTransaction.js').then((m) => m.ApproveTransaction),
  SIWXSignMessage: () => import('../views/SIWXSignMessage/SIWXSignMessage.js').then((m) => m.SIWXSignMessage),
  WalletSend: () => import('../views/WalletSend/WalletSend.js').then((m) => m.WalletSend),
  WalletSendSelectToken: () =>
    import('../views/WalletSendSelectToken/WalletSendSelectToken.js').then((m) => m.WalletSendSelectToken),
  WalletSendPreview: () =>
    import('../views/WalletSendPreview/WalletSendPreview.js').then((m) => m.WalletSendPreview),
  WalletSendConfirmed: () =>
    import('../views/WalletSendConfirmed/WalletSendConfirmed.js').then((m) => m.WalletSendConfirmed),
  // The QR encoder stays in this chunk.
  WalletReceive: () => import('../views/WalletReceive/WalletReceive.js').then((m) => m.WalletReceive),
}

/** A view's module: a promise that says, once settled, how it settled. */
export type ViewModule = Promise<ComponentType> & {
  status?: 'fulfilled' | 'rejected'
  value?: ComponentType
  reason?: unknown
}

const modules = new Map<View, ViewModule>()

/**
 * The module of a view, fetched once. A fetched module is marked fulfilled, so a view whose code
 * is already there renders in the same frame. A failed fetch stays failed (so rendering does not
 * fetch again and again) until `forgetFailedViews`, on the visitor's "Try again".
 */
export function loadView(view: View): ViewModule {
  const known = modules.get(view)
  if (known) return known
  const module: ViewModule = loaders[view]()
  module.then(
    (component) => {
      module.status = 'fulfilled'
      module.value = component
    },
    (reason: unknown) => {
      module.status = 'rejected'
      module.reason = reason
    },
  )
  modules.set(view, module)
  return module
}

/** Whether a view's code has arrived (without starting to fetch it). */
export function isViewLoaded(view: View): boolean {
  return modules.get(view)?.status === 'fulfilled'
}

/** Lets the views whose code failed to load be fetched again. */
export function forgetFailedViews(): void {
  for (const [view, module] of modules) if (module.status === 'rejected') modules.delete(view)
}

/**
 * Starts fetching one view's chunk, on a sign of intent (the pointer over the button that opens
 * the modal, or focus on it), so the modal opens on a view that is already there. `<ConnectButton>`
 * does this itself; a site's own button calls it the same way. Fetched once; a failure is kept
 * quiet here and shown by the view if it is opened.
 *
 * @example
 * <button onPointerEnter={() => preloadView('Connect')} onFocus={() => preloadView('Connect')}
 *   onClick={() => openModal()}>Connect</button>
 */
export function preloadView(view: View): void {
  loadView(view).catch(() => {})
}

/**
 * Fetches the chunks of the views a visitor may go to next, once the modal is open and the
 * browser is idle, so moving between views never waits on the network. Nothing is fetched before
 * the modal opens or the visitor shows the intent to open it.
 */
export function preloadViews(): () => void {
  const load = () => {
    for (const view of Object.keys(loaders) as View[]) preloadView(view)
  }
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(load, 200)
  return () => clearTimeout(timer)
}

/** The heading of each view; the dialog is labelled by it. */
export function titleOf(route: Route, connectorName: string | undefined, t: Translate): string {
  switch (route.view) {
    case 'Connect':
    case 'ConnectingWalletConnectBasic':
      return t('titleConnect')
    case 'AllWallets':
      return t('titleAllWallets')
    case 'ConnectingExternal':
      return connectorName ?? t('titleConnecting')
    case 'Account':
      return t('titleAccount')
    case 'SelectAccount':
      return t('titleSelectAccount')
    case 'Networks':
      return t('titleNetworks')
    case 'UnsupportedChain':
      return t('titleUnsupportedChain')
    case 'SIWXSignMessage':
      return t('titleSignIn')
    case 'ApproveTransaction':
      return t('titleApproveTransaction')
    case 'EmailVerifyOtp':
      return t('titleEmailOtp')
    case 'EmailVerifyDevice':
      return t('titleEmailDevice')
    case 'UpdateEmail':
    case 'UpdateEmailVerify':
      return t('titleUpdateEmail')
    case 'WalletSend':
      return t('titleSend')
    case 'WalletSendSelectToken':
      return t('titleSelectToken')
    case 'WalletSendPreview':
      return t('titleSendPreview')
    case 'WalletSendConfirmed':
      return t('titleSendConfirmed')
    case 'WalletReceive':
      return t('titleReceive')
  }
}
