// Which views are fetched ahead while one shows: used by the modal's frame (and the embed), so it
// loads with the frame's chunk and not with the page, which needs only `loadView` for the first view.
import type { Portico, View } from '@portico/core'
import { loadView } from './views.js'

/**
 * The views a visitor can reach in one step from each view (SPEC §2 flows). Only these are fetched
 * ahead while a view shows, so opening the modal does not download every view of the modal.
 */
const NEXT_VIEWS: Partial<Record<View, readonly View[]>> = {
  Connect: [
    'ConnectingExternal',
    'AllWallets',
    'ConnectingWalletConnectBasic',
    'EmailVerifyOtp',
    'ConnectingSocial',
    'ConnectingFarcaster',
  ],
  AllWallets: ['ConnectingExternal', 'ConnectingWalletConnectBasic'],
  ConnectingExternal: ['Account', 'SIWXSignMessage', 'UnsupportedChain'],
  ConnectingWalletConnectBasic: ['Account', 'SIWXSignMessage'],
  EmailVerifyOtp: ['EmailVerifyDevice', 'Account'],
  EmailVerifyDevice: ['Account'],
  ConnectingSocial: ['Account', 'SIWXSignMessage'],
  ConnectingFarcaster: ['Account', 'SIWXSignMessage'],
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
  RegisterAccountName: ['RegisterAccountNameSuccess'],
}

/** Views a site's configuration makes unreachable: their code is never fetched ahead. */
function reachable(portico: Portico, view: View): boolean {
  const { config } = portico
  if (view === 'ConnectingWalletConnectBasic') return config.walletConnect !== undefined
  if (view === 'EmailVerifyOtp' || view === 'EmailVerifyDevice') return config.embeddedWallet !== undefined
  if (view === 'SIWXSignMessage') return config.siwx !== undefined
  if (view === 'Buy') return config.onramp !== undefined
  if (view === 'ConnectingSocial')
    return portico.options.features.socials.length > 0 && config.embeddedWallet !== undefined
  if (view === 'ConnectingFarcaster') return config.embeddedWallet?.getFarcasterUri !== undefined
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
