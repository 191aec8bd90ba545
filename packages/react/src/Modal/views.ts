import type { Route, View } from '@portico/core'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

type LazyView = LazyExoticComponent<ComponentType>

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
  Networks: () => import('../views/Networks/Networks.js').then((m) => m.Networks),
  UnsupportedChain: () =>
    import('../views/UnsupportedChain/UnsupportedChain.js').then((m) => m.UnsupportedChain),
}

export const VIEWS = Object.fromEntries(
  Object.entries(loaders).map(([view, load]) => [
    view,
    lazy(() => load().then((component) => ({ default: component }))),
  ]),
) as Record<View, LazyView>

/**
 * Fetches the chunks of the views a visitor may go to next, once the modal is open and the
 * browser is idle, so moving between views never flashes a loading state. The first view of a
 * page still loads on demand: nothing is fetched before the modal opens.
 */
export function preloadViews(): () => void {
  const load = () => {
    for (const loader of Object.values(loaders)) loader().catch(() => {})
  }
  if (typeof requestIdleCallback === 'function') {
    const handle = requestIdleCallback(load, { timeout: 2000 })
    return () => cancelIdleCallback(handle)
  }
  const timer = setTimeout(load, 200)
  return () => clearTimeout(timer)
}

/** Views reached from another view: they show a back button even when opened directly. */
export const SUB_VIEWS: ReadonlySet<View> = new Set(['AllWallets', 'ConnectingExternal', 'Networks'])

/** The heading of each view; the dialog is labelled by it. */
export function titleOf(route: Route, connectorName: string | undefined): string {
  switch (route.view) {
    case 'Connect':
    case 'ConnectingWalletConnectBasic':
      return 'Connect a wallet'
    case 'AllWallets':
      return 'All wallets'
    case 'ConnectingExternal':
      return connectorName ?? 'Connecting'
    case 'Account':
      return 'Account'
    case 'Networks':
      return 'Choose a network'
    case 'UnsupportedChain':
      return 'Switch network'
  }
}
