import { BaseError } from '../errors/base.js'
import type { Portico } from '../portico.js'
import { shakeModal } from './shakeModal.js'

/** `features.legalCheckbox` is on and the visitor has not ticked it: no way of connecting starts. */
export class LegalNotAcceptedError extends BaseError {
  override name = 'LegalNotAcceptedError' as const
  constructor() {
    super('The visitor has not accepted the terms yet.', {
      details: 'Connecting is enabled once the legal checkbox is ticked (`features.legalCheckbox`).',
    })
  }
}
export type LegalNotAcceptedErrorType = LegalNotAcceptedError & { name: 'LegalNotAcceptedError' }

/**
 * The legal checkbox (`features.legalCheckbox`): ticking it enables every way of connecting
 * (wallet rows, e-mail, the QR code and mobile wallets) until the page is reloaded.
 *
 * @example
 * acceptLegal(portico, true)
 */
export function acceptLegal(portico: Portico, accepted: boolean): void {
  portico.state.modal.legalAccepted = accepted
}

/** Whether connecting waits for the legal checkbox. */
export function isLegalPending(portico: Portico): boolean {
  return portico.options.features.legalCheckbox && !portico.state.modal.legalAccepted
}

/**
 * The guard of the modal's connect actions: true (and the modal shakes) while the legal checkbox is
 * not ticked, so a row that slipped past its disabled state still connects nothing.
 */
export function refuseUntilLegalAccepted(portico: Portico): boolean {
  if (!isLegalPending(portico)) return false
  portico.internal.logger.warn('connect: refused', new LegalNotAcceptedError())
  shakeModal(portico)
  return true
}
