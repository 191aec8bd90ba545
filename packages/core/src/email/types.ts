import type { ThemeState } from '../state.js'

/** What the server asks for next after an e-mail address is entered (SPEC §7 APP_CONNECT_EMAIL). */
export type EmailConnectAction = 'VERIFY_OTP' | 'VERIFY_DEVICE'

/** The embedded wallet's user (SPEC §3): e-mail, network, address and account type. */
export interface EmbeddedWalletUser {
  /** Absent for a social login whose provider gave no verified e-mail. */
  email?: string
  /** The social login's username (SPEC §3 social username), shown in Account. */
  userName?: string
  /** The social login's provider (SPEC §3 socialProvider). */
  socialProvider?: string
  /** A Farcaster account's picture, an https URL (display data). */
  profileImage?: string
  chainId: number | string
  address: string
  accountType: 'eoa' | 'smartAccount'
  /** For a smart account: whether it exists on chain yet (SPEC §3 smartAccountDeployed). */
  smartAccountDeployed?: boolean
  /** For a smart account: whether the site pays its network fees on this chain (a paymaster). */
  smartAccountSponsored?: boolean
  /** The same user's Solana address, when the wallet has one. */
  solanaAddress?: string
}

/**
 * The embedded (e-mail) wallet as core drives it. `@portico/embedded-wallet` builds one over its
 * secure frame; core never sees a key.
 */
export interface EmbeddedWallet {
  /** Sends a one-time code to `email` (or, for a known user on a new device, a device approval mail). */
  connectEmail(input: { email: string }): Promise<{ action: EmailConnectAction }>
  /** Resolves once the new device was approved from the e-mail link. */
  connectDevice(): Promise<void>
  /**
   * Checks the one-time code; the frame holds the wallet afterwards (`CONNECTED`). For a known
   * account on a new device the code is right but the device must first be approved from the
   * mailed link (`VERIFY_DEVICE`): wait with `connectDevice`, then send the same code again.
   */
  connectOtp(input: { otp: string }): Promise<{ action: 'CONNECTED' | 'VERIFY_DEVICE' }>
  /**
   * The user on `chainId`; `preferredAccountType` is the site's default account type, used until
   * the user chose one (SPEC §7 APP_GET_USER).
   */
  getUser(input: {
    chainId?: number | string
    preferredAccountType?: 'eoa' | 'smartAccount'
  }): Promise<EmbeddedWalletUser>
  /** The EVM chains where the wallet offers a smart account (SPEC §7 APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS). */
  getSmartAccountEnabledNetworks?(): Promise<readonly number[]>
  /**
   * Makes `type` the user's account type, kept per user (SPEC §7 APP_SET_PREFERRED_ACCOUNT);
   * resolves with the address that now serves them.
   */
  setPreferredAccount?(input: { type: 'eoa' | 'smartAccount' }): Promise<{ type: string; address: string }>
  isConnected(): Promise<boolean>
  signOut(): Promise<void>
  /**
   * Changes the e-mail: codes go to the current and to the new address, and the visitor types them
   * on the frame's own screen (laid over the view that called `showApproval`), never in the page.
   * Resolves with the new address; rejects with code 4001 when the visitor cancelled there, or
   * with the reason the change failed.
   */
  updateEmail(input: { email: string }): Promise<{ newEmail: string }>
  /**
   * Calls `listener` with true when a request starts waiting for the visitor's approval in the
   * frame, and false when none waits any more; returns an unsubscribe. Core then shows the
   * ApproveTransaction view (SPEC §2).
   */
  onApprovalChange?(listener: (waiting: boolean) => void): () => void
  /**
   * Lays the frame's screen over `container`: the ApproveTransaction view's area for an approval,
   * the UpdateEmailVerify view's for the codes of an e-mail change.
   */
  showApproval?(container: Element): void
  /** Takes the frame's screen away again (the view left); the requests keep waiting. */
  hideApproval?(): void
  /** Rejects every request waiting for the visitor in the frame (approvals, an e-mail change): the view left. */
  rejectApprovals?(): void
  /**
   * The address of the provider's sign-in page for a social login (SPEC §7
   * APP_GET_SOCIAL_REDIRECT_URI), opened in a window; with `redirectTo` (this page) for a full-page
   * redirect, which the server sends back there with a marker. Absent in a wallet without social logins.
   */
  getSocialRedirectUri?(input: { provider: string; redirectTo?: string }): Promise<{ uri: string }>
  /**
   * Finishes a social login (SPEC §7 APP_CONNECT_SOCIAL{uri}): `uri` is the address the window was
   * sent to, or the page's address after a full-page redirect. The frame holds the wallet
   * afterwards. Resolves with the provider's username (and e-mail, when it has a verified one);
   * rejects while the provider has not sent the visitor back yet (SOCIAL_LOGIN_PENDING).
   */
  connectSocial?(input: { uri: string }): Promise<{ email?: string; userName?: string }>
  /** Gives the frame the modal's theme, so its approval screen matches the view it sits in. */
  syncTheme?(theme: ThemeState): void
  /**
   * Gives the frame the site's metadata (config `metadata`) when the wallet connects, before the
   * visitor can send anything: its approval screen names the site ('Requested by <site>', 'Network
   * fee: paid by <site>'). The wallet keeps it for every frame it loads.
   */
  syncMetadata?(
    metadata: { name: string; description?: string; url?: string; icons?: string[] } | undefined,
  ): void
  /**
   * Opens a Sign In With Farcaster channel on the site's server: the link (QR code) for the
   * Farcaster app, and when it stops working (ms).
   */
  getFarcasterUri?(): Promise<{ url: string; expiresAt?: number }>
  /**
   * Waits once for the Farcaster app's answer: `CONNECTED` once the server verified it and the frame
   * holds the fid's wallet, `WAITING` when the app has not answered yet (ask again).
   */
  connectFarcaster?(): Promise<{ action: 'CONNECTED' | 'WAITING' }>
  /** Reloads the frame (its session survives in its cookie); what it was doing is dropped. */
  reload?(): Promise<void>
  /** Sends the site's metadata and SDK details to the frame again (after a reload). */
  syncDappData?(data: {
    metadata?: { name: string; description?: string; url?: string; icons?: string[] }
    sdkVersion: string
    sdkType: string
    projectId: string
  }): Promise<void>
}
