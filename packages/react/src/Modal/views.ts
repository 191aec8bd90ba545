import type { View } from '@portico/core'
import type { ComponentType } from 'react'

// One chunk per view (but Connect's browser-wallet flow, in one), so a site that only connects
// never downloads the account or network code.
// Each view's module exports its component under the view's name (`loadView` picks it), which
// keeps this table, part of the page's first load, to one import per view.
const loaders: Record<View, () => Promise<{ [name: string]: unknown }>> = {
  Connect: () => import('../views/Connect/Connect.js'),
  // The views of Connect's browser-wallet flow: one chunk (see connectFlow.ts).
  AllWallets: () => import('./connectFlow.js'),
  GetWallet: () => import('./connectFlow.js').then((flow) => flow.loadGetWallet()),
  ConnectingExternal: () => import('./connectFlow.js'),
  ConnectingWalletConnectBasic: () =>
    import('./connectFlow.js').then((flow) => flow.loadConnectingWalletConnectBasic()),
  Account: () => import('../views/Account/Account.js'),
  SelectAccount: () => import('../views/SelectAccount/SelectAccount.js'),
  Networks: () => import('../views/Networks/Networks.js'),
  UnsupportedChain: () => import('../views/UnsupportedChain/UnsupportedChain.js'),
  EmailVerifyOtp: () => import('../views/EmailVerifyOtp/EmailVerifyOtp.js'),
  EmailVerifyDevice: () => import('../views/EmailVerifyDevice/EmailVerifyDevice.js'),
  ConnectingSocial: () => import('../views/ConnectingSocial/ConnectingSocial.js'),
  ConnectingFarcaster: () => import('../views/ConnectingFarcaster/ConnectingFarcaster.js'),
  UpdateEmail: () => import('../views/UpdateEmail/UpdateEmail.js'),
  UpdateEmailVerify: () => import('../views/UpdateEmail/UpdateEmail.js'),
  ApproveTransaction: () => import('../views/ApproveTransaction/ApproveTransaction.js'),
  SIWXSignMessage: () => import('../views/SIWXSignMessage/SIWXSignMessage.js'),
  WalletSend: () => import('../views/WalletSend/WalletSend.js'),
  WalletSendSelectToken: () => import('../views/WalletSendSelectToken/WalletSendSelectToken.js'),
  WalletSendPreview: () => import('../views/WalletSendPreview/WalletSendPreview.js'),
  WalletSendConfirmed: () => import('../views/WalletSendConfirmed/WalletSendConfirmed.js'),
  // The QR encoder stays in this chunk.
  WalletReceive: () => import('../views/WalletReceive/WalletReceive.js'),
  Swap: () => import('../views/Swap/Swap.js'),
  SwapSelectToken: () => import('../views/SwapSelectToken/SwapSelectToken.js'),
  SwapPreview: () => import('../views/SwapPreview/SwapPreview.js'),
  Buy: () => import('../views/Buy/Buy.js'),
  RegisterAccountName: () => import('../views/RegisterAccountName/RegisterAccountName.js'),
  RegisterAccountNameSuccess: () =>
    import('../views/RegisterAccountNameSuccess/RegisterAccountNameSuccess.js'),
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
  const module: ViewModule = loaders[view]().then((exports) => exports[view] as ComponentType)
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

/** Every view the table can load. */
export function loadableViews(): View[] {
  return Object.keys(loaders) as View[]
}
