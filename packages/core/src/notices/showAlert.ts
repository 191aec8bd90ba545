import type { Portico } from '../portico.js'
import type { AlertVariant } from '../state.js'
import type { Notice } from './messages.js'

/** Alerts stay for 10 s (SPEC §9 time constants) unless dismissed. */
export const ALERT_DURATION_MS = 10_000

export type ShowAlertParameters = { message: Notice; variant?: AlertVariant; code?: number | string }

/** Shows an alert banner over the modal (SPEC §8 "Alerts"). */
export function showAlert(portico: Portico, parameters: ShowAlertParameters): void {
  const { state, internal } = portico
  clearTimeout(internal.timers.alert)
  state.alert.current = {
    id: internal.nextId++,
    message: parameters.message,
    variant: parameters.variant ?? 'error',
    ...(parameters.code === undefined ? {} : { code: parameters.code }),
  }
  internal.timers.alert = setTimeout(() => dismissAlert(portico), ALERT_DURATION_MS)
}

/** Hides the current alert. */
export function dismissAlert(portico: Portico): void {
  clearTimeout(portico.internal.timers.alert)
  portico.state.alert.current = undefined
}
