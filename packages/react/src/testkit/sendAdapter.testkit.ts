import type { FeeEstimate } from '@portico/core'
import { addSendCapability, type FakeAdapterHandle } from '@portico/core/testing'

/**
 * Gives the test instance's fake adapter the send capabilities, with the test deciding how each
 * send and receipt settles (`sends[0].resolve(hash)`, `receipts[0].resolve({ status })`). The real
 * adapter sends on anvil in adapter-evm's tests; here only the views are under test.
 */
export function addSendCapabilities(test: { handle: FakeAdapterHandle }) {
  const { handle } = test
  addSendCapability(handle)
  handle.nextSend = 'hang'
  handle.nextReceipt = 'hang'
  return {
    /** What the next fee estimates answer. */
    get fee(): FeeEstimate {
      return handle.nextFee as FeeEstimate
    },
    set fee(fee: FeeEstimate) {
      handle.nextFee = fee
    },
    /** The sends the wallet was asked for, oldest first, each with its parameters. */
    sends: handle.waiting.send,
    receipts: handle.waiting.waitForTransaction,
  }
}
