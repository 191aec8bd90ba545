import type { Portico, View } from '@portico/core'
import { type ComponentType, lazy } from 'react'

// One chunk per view, so a site that only connects never downloads the account or network code.
const loaders: Record<View, () => Promise<ComponentType>> = {
  Connect: () => import('../views/Connect/Connect.js').then((m) => m.Connect),
  AllWallets: () => import('../views/AllWallets/AllWallets.js').then((m) => m.AllWallets),
  GetWallet: () => import('../views/GetWallet/GetWallet.js').then((m) => m.GetWallet),
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
  ConnectingFarcaster: () =>
    import('../views/ConnectingFarcaster/ConnectingFarcaster.js').then((m) => m.ConnectingFarcaster),
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
  Swap: () => import('../views/Swap/Swap.js').then((m) => m.Swap),
  SwapSelectToken: () => import('../views/SwapSelectToken/SwapSelectToken.js').then((m) => m.SwapSelectToken),
  SwapPreview: () => import('../views/SwapPreview/SwapPreview.js').then((m) => m.SwapPreview),
  Buy: () => import('../views/Buy/Buy.js').then((m) => m.Buy),
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
 * The views a visitor can reach in one step from each view (SPEC §2 flows). Only these are fetched
 * ahead while a view shows, so opening the modal does not download every view of the modal.
 */
const NEXT_VIEWS: Partial<Record<View, readonly View[]>> = {
  Connect: ['ConnectingExternal', 'AllWallets', 'ConnectingWalletConnectBasic', 'EmailVerifyOtp'],
  AllWallets: ['ConnectingExternal', 'ConnectingWalletConnectBasic'],
  ConnectingExternal: ['Account', 'SIWXSignMessage', 'UnsupportedChain'],
  ConnectingWalletConnectBasic: ['Account', 'SIWXSignMessage'],
  EmailVerifyOtp: ['EmailVerifyDevice', 'Account'],
  EmailVerifyDevice: ['Account'],
  SIWXSignMessage: ['Account'],
  UnsupportedChain: ['Networks', 'Account'],
  Account: ['Networks', 'Buy', 'WalletSend', 'WalletReceive', 'Swap', 'UpdateEmail', 'Connect'],
  Networks: ['Account'],
  UpdateEmail: ['UpdateEmailVerify'],
  WalletSend: ['WalletSendSelectToken', 'WalletSendPreview'],
  WalletSendSelectToken: ['WalletSend'],
  WalletSendPreview: ['ApproveTransaction', 'WalletSendConfirmed'],
  ApproveTransaction: ['WalletSendConfirmed'],
  Swap: ['SwapSelectToken', 'SwapPreview'],
  SwapSelectToken: ['Swap'],
  SwapPreview: ['Swap', 'Account'],
}

/** Views a site's configuration makes unreachable: their code is never fetched ahead. */
function reachable(portico: Portico, view: View): boolean {
  const { config } = portico
  if (view === 'ConnectingWalletConnectBasic') return config.walletConnect !== undefined
  if (view === 'EmailVerifyOtp' || view === 'EmailVerifyDevice') return config.embeddedWallet !== undefined
  if (view === 'SIWXSignMessage') return config.siwx !== undefined
  if (view === 'Buy') return config.onramp !== undefined
  return true
}

/** The views fetched ahead while `view` shows. */
export function nextViews(portico: Portico, view: View): View[] {
  return (NEXT_VIEWS[view] ?? []).filter((next) => reachable(portico, next))
}

/**
 * Fetches the chunks of the views a visitor may go to next from `view`, once the browser is idle,
 * so moving on never waits on the network. Returns the cancel; the modal calls it again on each
 * view change.
 */
export function preloadViews(portico: Portico, view: View): () => void {
  const load = () => {
    for (const next of nextViews(portico, view)) loadView(next).catch(() => {})
  }
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(load, 200)
  return () => clearTimeout(timer)
}

/** The Account view's NFTs tab, a chunk of its own loaded when the tab is first shown (see `AccountNftsSlot`). */
export const AccountNfts = lazy(() =>
  import('../views/AccountNfts/AccountNfts.js').then((module) => ({ default: module.AccountNfts })),
)
