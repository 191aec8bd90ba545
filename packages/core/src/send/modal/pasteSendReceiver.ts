import type { Portico } from '../../portico.js'
import { setSendReceiver } from '../setSendReceiver.js'

export type PasteSendReceiverParameters = {
  /** The clipboard's text as the page reads it, e.g. `navigator.clipboard.readText()`. */
  text: Promise<string>
}
export type PasteSendReceiverReturnType = undefined

/**
 * The receiver field's Paste button: the clipboard's text becomes the receiver. A clipboard the
 * browser refuses to read (no permission) changes nothing and is logged.
 *
 * @example
 * await pasteSendReceiver(portico, { text: navigator.clipboard.readText() })
 */
export async function pasteSendReceiver(
  portico: Portico,
  parameters: PasteSendReceiverParameters,
): Promise<PasteSendReceiverReturnType> {
  let text: string
  try {
    text = await parameters.text
  } catch (error) {
    portico.internal.logger.warn('send: cannot read the clipboard', error)
    return
  }
  setSendReceiver(portico, { address: text })
}
