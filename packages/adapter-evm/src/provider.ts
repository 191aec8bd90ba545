/** The part of an EIP-1193 provider the adapter uses. */
export interface Eip1193Provider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  on?(event: string, listener: (payload: never) => void): unknown
  removeListener?(event: string, listener: (payload: never) => void): unknown
}
