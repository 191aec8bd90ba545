/**
 * A JSON-RPC error the server answers itself (a method it serves, not the node's): the item gets
 * `{ code, message, data: { code, status } }`, where `data.code` names the case for programs and
 * `data.status` is the HTTP status the same refusal would have on a REST route.
 */
import { BaseError } from '@portico/core/errors'

export class JsonRpcError extends BaseError {
  override name = 'JsonRpcError' as const
  constructor(
    readonly rpcCode: number,
    readonly reason: string,
    readonly status: number,
    message: string,
  ) {
    super(message)
  }

  toError(): { code: number; message: string; data: { code: string; status: number } } {
    return { code: this.rpcCode, message: this.message, data: { code: this.reason, status: this.status } }
  }
}
export type JsonRpcErrorType = JsonRpcError & { name: 'JsonRpcError' }
