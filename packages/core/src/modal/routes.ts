import type { ChainNamespace } from '../network/types.js'

/**
 * Every view the modal can show, with the parameters it needs (SPEC §2). Core knows names and
 * parameters; `@portico/react` renders them.
 */
export type Route =
  | { view: 'Connect'; params?: { namespace?: ChainNamespace } }
  | { view: 'AllWallets'; params?: { namespace?: ChainNamespace } }
  // For a visitor with no wallet: what a wallet is, and where to install one per platform.
  | { view: 'GetWallet'; params?: undefined }
  | { view: 'ConnectingExternal'; params: { connectorId: string; namespace: ChainNamespace } }
  // Pairing over WalletConnect: a QR code, or on a phone the picked wallet opened by its link.
  | { view: 'ConnectingWalletConnectBasic'; params?: { walletId?: string } }
  | { view: 'Account'; params?: undefined }
  // The wallet shared several accounts and has no active one (a Polkadot extension): pick one.
  | { view: 'SelectAccount'; params?: undefined }
  | { view: 'Networks'; params?: { namespace?: ChainNamespace } }
  | { view: 'UnsupportedChain'; params?: undefined }
  // E-mail login (SPEC §5): the one-time code, or approving a new device from the e-mail first.
  | { view: 'EmailVerifyOtp'; params: { email: string } }
  | { view: 'EmailVerifyDevice'; params: { email: string } }
  // A social login: waiting for the provider's sign-in window (or the page coming back to it). No
  // provider: a login that came back to a browser whose frame never started it, refused.
  | { view: 'ConnectingSocial'; params: { provider?: string } }
  // Sign In With Farcaster (SPEC §2): the link and QR code for the Farcaster app, and the wait.
  | { view: 'ConnectingFarcaster'; params?: undefined }
  // Changing the embedded wallet's e-mail: the new address, then the frame's own screen over this
  // view, where the codes to the old and to the new address are typed (never in the page).
  | { view: 'UpdateEmail'; params?: undefined }
  | { view: 'UpdateEmailVerify'; params: { email: string } }
  // The embedded wallet's own approval screen, laid over this view by its frame (SPEC §2).
  | { view: 'ApproveTransaction'; params?: undefined }
  // Sign-in (SPEC §4): asks the connected account to sign the sign-in message.
  | { view: 'SIWXSignMessage'; params?: undefined }
  // Send (SPEC §5 Sending): amount and receiver, token selection, preview, the sent transaction.
  | { view: 'WalletSend'; params?: undefined }
  | { view: 'WalletSendSelectToken'; params?: undefined }
  | { view: 'WalletSendPreview'; params?: undefined }
  | { view: 'WalletSendConfirmed'; params: { hash: string } }
  // Receive: address, QR code, copy, the networks it works on.
  | { view: 'WalletReceive'; params?: undefined }
  // Swap (SPEC §2, §4 Swap): the form, picking the token of one side, the preview before sending.
  | { view: 'Swap'; params?: undefined }
  | { view: 'SwapSelectToken'; params: { side: 'source' | 'to' } }
  | { view: 'SwapPreview'; params?: undefined }
  // Buy with a card (SPEC §9): the providers with their fees, amount and currency.
  | { view: 'Buy'; params?: undefined }
  // Account names (SPEC §2, §4 name registration): the form, then the registered name.
  | { view: 'RegisterAccountName'; params?: undefined }
  | { view: 'RegisterAccountNameSuccess'; params: { name: string } }

export type View = Route['view']
