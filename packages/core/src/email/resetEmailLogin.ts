import type { Portico } from '../portico.js'

/**
 * Leaves the e-mail login: a step still waiting is ignored when it answers, and the form is empty
 * again.
 */
export function resetEmailLogin(portico: Portico): void {
  portico.internal.emailLoginAttempt++
  Object.assign(portico.state.emailLogin, { status: 'idle', email: undefined, error: undefined })
}
