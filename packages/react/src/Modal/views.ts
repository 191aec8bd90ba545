import type { Route, View } from '@portico/core'
import { type ComponentType, type LazyExoticComponent, lazy } from 'react'

type LazyView = LazyExoticComponent<ComponentType>

// One chunk per view, so a site that only connects never downloads the account or network code.
export const VIEWS: Record<View, LazyView> = {
  Connect: lazy(() => import('../views/Connect/Connect.js').then((m) => ({ default: m.Connect }))),
  AllWallets: lazy(() =>
    import('../views/AllWallets/AllWallets.js').then((m) => ({ default: m.AllWallets })),
  ),
  ConnectingExternal: lazy(() =>
    import('../views/ConnectingExternal/ConnectingExternal.js').then((m) => ({
      default: m.ConnectingExternal,
    })),
  ),
  ConnectingWalletConnectBasic: lazy(() =>
    import('../views/ConnectingWalletConnectBasic/ConnectingWalletConnectBasic.js').then((m) => ({
      default: m.ConnectingWalletConnectBasic,
    })),
  ),
  Account: lazy(() => import('../views/Account/Account.js').then((m) => ({ default: m.Account }))),
  Networks: lazy(() => import('../views/Networks/Networks.js').then((m) => ({ default: m.Networks }))),
  UnsupportedChain: lazy(() =>
    import('../views/UnsupportedChain/UnsupportedChain.js').then((m) => ({ default: m.UnsupportedChain })),
  ),
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
