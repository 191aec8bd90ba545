import type { ApiErrorCode } from '../api/schemas.js'
import type { Portico } from '../portico.js'
import { API_ERROR_MESSAGES, type Notice } from './messages.js'
import { showAlert } from './showAlert.js'

export type ShowApiAlertParameters = { apiCode: ApiErrorCode; status: number }

/**
 * Shows the SPEC §8 alert for a server refusal ('Invalid App Configuration', 'Invalid Project ID',
 * 'Project ID Not Configured'), once per instance and code: every later request refused the same
 * way would only repeat it. Codes without an alert are ignored. Returns whether it was shown.
 */
export function showApiAlert(portico: Portico, parameters: ShowApiAlertParameters): boolean {
  const key = API_ERROR_MESSAGES[parameters.apiCode]
  const shown = portico.internal.apiAlertsShown
  if (!key || shown.has(parameters.apiCode)) return false
  shown.add(parameters.apiCode)
  showAlert(portico, { message: { key } as Notice, code: parameters.status })
  return true
}
