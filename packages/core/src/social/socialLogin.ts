import type { Notice } from '../notices/messages.js'
import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { SocialLoginState, SocialLoginStatus } from '../state.js'
import type { SocialProvider } from './types.js'

export interface SocialLoginInfo {
  /**
   * The providers the Connect view offers, in the site's order: `features.socials`, when an
   * embedded wallet that speaks the social messages is configured; empty otherwise.
   */
  providers: readonly SocialProvider[]
  status: SocialLoginStatus
  /** The provider of the login in progress (or of the last one that failed). */
  provider: string | undefined
  error: Notice | undefined
  /** The connected embedded wallet's username at its provider (SPEC §3 social username). */
  accountUsername: string | undefined
  /** `farcaster` after a Farcaster login, which is one of the social logins (SPEC §1). */
  accountProvider: string | undefined
  /** A Farcaster account's picture (display data). */
  accountImage: string | undefined
}

/** Whether this site offers social logins at all. */
export function socialLoginEnabled(portico: Portico): boolean {
  const wallet = portico.config.embeddedWallet
  return (
    wallet?.connectSocial !== undefined &&
    wallet.getSocialRedirectUri !== undefined &&
    portico.options.features.socials.length > 0
  )
}

// Before the slice exists (`socialLoginState`): nothing has run, and nothing was kept.
const IDLE: SocialLoginState = {
  status: 'idle',
  provider: undefined,
  error: undefined,
  accountUsername: undefined,
  accountProvider: undefined,
}

const socialLogin = /* @__PURE__ */ defineSelector((portico: Portico): SocialLoginInfo => {
  const { status, provider, error, accountUsername, accountProvider, accountImage } =
    portico.state.socialLogin ?? IDLE
  return {
    providers: socialLoginEnabled(portico) ? portico.options.features.socials : [],
    status,
    provider,
    error,
    accountUsername,
    accountProvider,
    accountImage,
  }
})
/**
 * The social login as the Connect, ConnectingSocial and Account views show it.
 *
 * @example
 * const { providers, status, error } = getSocialLogin(portico)
 */
export const getSocialLogin = socialLogin.get
/** Calls `onChange(login, previous)` when the social login changes; returns the unsubscribe. */
export const watchSocialLogin = socialLogin.watch
