import type { Wallet, WalletRegisterCallback, WalletsRegisterApi } from './walletStandard.js'

/** What the register protocol needs of a page: a window, or any EventTarget standing in for one. */
export type WalletStandardTarget = Pick<
  EventTarget,
  'addEventListener' | 'removeEventListener' | 'dispatchEvent'
>

/** The event an app dispatches when it starts listening for wallets; its detail is the register API. */
type AppReadyEvent = Event & { detail?: WalletsRegisterApi }

/**
 * Registers a wallet with the page by the Wallet Standard protocol: dispatches
 * `wallet-standard:register-wallet` (detail: a callback receiving `{ register }`) for apps already
 * listening, and answers every later `wallet-standard:app-ready` event. Returns a function that
 * unregisters the wallet from every app it reached and stops answering.
 * @example
 * const { wallet } = await createTestSolanaWallet({ rpcUrl })
 * registerTestSolanaWallet(wallet)
 */
export function registerTestSolanaWallet(wallet: Wallet, target?: WalletStandardTarget): () => void {
  const page = target ?? (globalThis as { window?: WalletStandardTarget }).window
  if (!page) throw new Error('registerTestSolanaWallet needs a window (or an EventTarget in its place).')
  const unregisters: Array<() => void> = []
  const callback: WalletRegisterCallback = ({ register }) => {
    unregisters.push(register(wallet))
  }
  const onAppReady = (event: Event) => {
    const api = (event as AppReadyEvent).detail
    // Only an app's own register API is answered; anything else on this event name is ignored.
    if (api && typeof api.register === 'function') callback(api)
  }
  page.addEventListener('wallet-standard:app-ready', onAppReady)
  page.dispatchEvent(
    new CustomEvent('wallet-standard:register-wallet', {
      detail: callback,
      bubbles: false,
      cancelable: false,
      composed: false,
    }),
  )
  return () => {
    page.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) unregister()
  }
}
