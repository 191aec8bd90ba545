import { isSignedMessage, isTransactionHash } from '../protocol/formats.js'
import type { RpcRequest } from '../protocol/rpc.js'
import { isSupportedRpcMethod } from '../protocol/rpc.js'
import type { EmbeddedWalletClient } from './createEmbeddedWalletClient.js'
import { FrameRequestError, RpcResultFormatError, UnsupportedRpcMethodError } from './errors.js'

type ProviderEvent = 'chainChanged' | 'accountsChanged'
type Listener = (payload: never) => void

/** The EIP-1193 provider of the embedded wallet, over its frame client. */
export interface EmbeddedWalletProvider {
  /**
   * `chainId` names the network of one request (a CAIP-2 id such as `solana:5eykt4…`) instead of
   * the frame's current one: Solana requests carry it, the frame's current network being an EVM one.
   */
  request(args: { method: string; params?: unknown; chainId?: number | string }): Promise<unknown>
  on(event: string, listener: Listener): void
  removeListener(event: string, listener: Listener): void
}

// SPEC §5: results the rest of Portico relies on are checked before they leave the provider.
const RESULT_FORMATS: Record<string, { check: (value: unknown) => boolean; expected: string }> = {
  eth_sendTransaction: {
    check: isTransactionHash,
    expected: 'a transaction hash (0x and 64 hex characters)',
  },
  personal_sign: { check: isSignedMessage, expected: 'a signature (0x and at least 62 hex characters)' },
  eth_signTypedData_v4: {
    check: isSignedMessage,
    expected: 'a signature (0x and at least 62 hex characters)',
  },
}

/** EIP-1193's "not authorised": what the frame answers a request while nobody is logged in. */
const UNAUTHORIZED = 4100

function readChainId(params: unknown): number | undefined {
  const first = Array.isArray(params) ? (params[0] as { chainId?: unknown } | undefined) : undefined
  const chainId = first?.chainId
  if (typeof chainId !== 'string' || !/^0x[0-9a-fA-F]{1,16}$/.test(chainId)) return undefined
  return Number.parseInt(chainId, 16)
}

/**
 * An EIP-1193 provider that forwards calls to the embedded-wallet frame as APP_RPC_REQUEST and
 * checks signatures and transaction hashes against SPEC §5 before returning them.
 * @example
 * const provider = createEmbeddedWalletProvider(client)
 * const hash = await provider.request({ method: 'eth_sendTransaction', params: [{ to, value: '0x1' }] })
 */
export function createEmbeddedWalletProvider(client: EmbeddedWalletClient): EmbeddedWalletProvider {
  const listeners = new Map<ProviderEvent, Set<Listener>>()
  const emit = (event: ProviderEvent, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) (listener as (value: unknown) => void)(payload)
  }

  return {
    async request({ method, params, chainId: requestChainId }) {
      // Connecting happens through the login steps; once connected the accounts are the wallet's.
      if (method === 'eth_requestAccounts')
        return client.request('APP_RPC_REQUEST', { method: 'eth_accounts' })
      if (method === 'wallet_switchEthereumChain') {
        const chainId = readChainId(params)
        if (chainId === undefined) throw new UnsupportedRpcMethodError(`${method} without a hex chainId`)
        await client.request('APP_SWITCH_NETWORK', { chainId })
        emit('chainChanged', `0x${chainId.toString(16)}`)
        return null
      }
      if (!isSupportedRpcMethod(method)) throw new UnsupportedRpcMethodError(method)
      // The client checks the params against the method's schema before anything is posted.
      const payload = {
        method,
        ...(params === undefined ? {} : { params }),
        ...(requestChainId === undefined ? {} : { chainId: requestChainId }),
      } as RpcRequest
      let result: unknown
      try {
        result = await client.request('APP_RPC_REQUEST', payload)
      } catch (error) {
        // EIP-1193: a wallet the site is not connected to lists no accounts. The frame saying it is
        // not logged in (4100) is that answer, the one a reconnect takes as "gone"; a frame that has
        // not answered (load failure, timeout) still rejects, so a slow frame is not taken for a "no".
        if (method === 'eth_accounts' && error instanceof FrameRequestError && error.code === UNAUTHORIZED)
          return []
        throw error
      }
      const format = RESULT_FORMATS[method]
      if (format && !format.check(result))
        throw new RpcResultFormatError({ method, expected: format.expected })
      return result
    },
    on(event, listener) {
      if (event !== 'chainChanged' && event !== 'accountsChanged') return
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      if (event === 'chainChanged' || event === 'accountsChanged') listeners.get(event)?.delete(listener)
    },
  }
}
