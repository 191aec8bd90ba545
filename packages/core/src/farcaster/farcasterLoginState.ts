import type { Portico } from '../portico.js'
import type { FarcasterLoginState } from '../state.js'
import { leaveFarcasterLogin } from './leaveFarcasterLogin.js'

/**
 * The Farcaster login's slice of the state, created when a login first starts: until then leaving
 * ConnectingFarcaster has nothing to undo, and the page carries neither the slice nor the leave rule.
 */
export function farcasterLoginState(portico: Portico): FarcasterLoginState {
  const { state, internal } = portico
  internal.leaveFarcasterLogin = leaveFarcasterLogin
  state.farcasterLogin ??= { status: 'idle' }
  return state.farcasterLogin
}
