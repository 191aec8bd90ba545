/** EIP-1193 / EIP-1474 codes the test wallet answers with. */
export const WalletErrorCode = {
  userRejected: 4001,
  unauthorized: 4100,
  unsupportedMethod: 4200,
  disconnected: 4900,
  chainDisconnected: 4901,
  unrecognizedChain: 4902,
  invalidParams: -32602,
  internal: -32603,
} as const

/** An error in the EIP-1193 shape `{ code, message, data? }`, as real wallets throw them. */
export class WalletRpcError extends Error {
  override name = 'WalletRpcError'
  readonly code: number
  readonly data: unknown

  constructor(code: number, message: string, data?: unknown) {
    super(message)
    this.code = code
    this.data = data
  }
}
