import type { Portico } from '../portico.js'

export type SetSendReceiverParameters = {
  /**
   * The receiver's address as typed or pasted; spaces and line breaks are dropped (an address has
   * none, and one copied from a page often carries some).
   */
  address: string
  profileName?: string | undefined
  profileImage?: string | undefined
}
export type SetSendReceiverReturnType = undefined

/**
 * Records who receives the send. The address is checked by `getSendValidation` with the adapter's
 * `send.isAddress`.
 *
 * @example
 * setSendReceiver(portico, { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' })
 */
export function setSendReceiver(
  portico: Portico,
  parameters: SetSendReceiverParameters,
): SetSendReceiverReturnType {
  const { send } = portico.state
  send.receiverAddress = parameters.address.replace(/\s+/g, '')
  send.receiverProfileName = parameters.profileName
  send.receiverProfileImage = parameters.profileImage
  send.error = undefined
}
