import { BaseError, NotConnectedError, UnrecognizedChainError, type WalletConnect } from '@portico/core'

type Eip1193Event = 'accountsChanged' | 'chainChanged' | 'disconnect'
type Eip1193Listener = (payload: unknown) => void

/** The EIP-1193 surface the EVM adapter drives. */
export interface Eip1193Provider {
  request(arguments_: { method: string; params?: unknown }): Promise<unknown>
  on(event: Eip1193Event, listener: Eip1193Listener): void
  removeListener(event: Eip1193Event, listener: Eip1193Listener): void
  /** Stops following the service's events; the provider answers nothing after this. */
  close(): void
}

export interface WalletConnectEip155ProviderParameters {
  /** The EVM chain to start on; must be one the session approved for the first request to work. */
  chainId: number
}

/** EIP-1193 4900: the session is gone. */
class ProviderDisconnectedError extends BaseError {
  override name = 'ProviderDisconnectedError'
  constructor() {
    super('The wallet disconnected.', { code: 4900 })
  }
}

const toHex = (chainId: number) => `0x${chainId.toString(16)}`

/**
 * An EIP-1193 provider over the WalletConnect service for one EVM session: requests go to the
 * wallet on `eip155:<current chain>`, `wallet_switchEthereumChain` moves among the chains the
 * wallet approved, and the wallet's events arrive as EIP-1193 events.
 *
 * @example
 * const provider = walletConnectEip155Provider(walletConnect, { chainId: 1 })
 * const [address] = (await provider.request({ method: 'eth_accounts' })) as string[]
 */
export function walletConnectEip155Provider(
  service: WalletConnect,
  parameters: WalletConnectEip155ProviderParameters,
): Eip1193Provider {
  let chainId = parameters.chainId
  let closed = false
  const listeners = new Map<Eip1193Event, Set<Eip1193Listener>>()

  const emit = (event: Eip1193Event, payload: unknown) => {
    for (const listener of [...(listeners.get(event) ?? [])]) listener(payload)
  }
  const sessionAccounts = () => service.getSession()?.accounts ?? []
  const addressesOn = (accounts: readonly string[], chain: number) => [
    ...new Set(
      accounts
        .filter((account) => account.startsWith(`eip155:${chain}:`))
        .map((account) => account.split(':')[2]),
    ),
  ]
  const approvedChains = () =>
    new Set(
      sessionAccounts()
        .filter((account) => account.startsWith('eip155:'))
        .map((account) => Number(account.split(':')[1])),
    )

  const setChain = (next: number) => {
    if (next === chainId) return
    chainId = next
    emit('chainChanged', toHex(next))
    emit('accountsChanged', addressesOn(sessionAccounts(), next))
  }

  const unsubscribe = service.subscribe((event) => {
    if (event.type === 'accountsChanged') {
      // Other namespaces' accounts share the session; an EVM dapp only hears about its own chain.
      if (event.accounts.some((account) => account.startsWith('eip155:'))) {
        emit('accountsChanged', addressesOn(event.accounts, chainId))
      }
    } else if (event.type === 'chainChanged') {
      const [namespace, reference] = event.chainId.split(':')
      if (namespace === 'eip155' && reference !== undefined) setChain(Number(reference))
    } else {
      emit('disconnect', new ProviderDisconnectedError())
    }
  })

  const switchChain = (params: unknown) => {
    const [first] = Array.isArray(params) ? params : []
    const requested = (first as { chainId?: unknown } | undefined)?.chainId
    if (typeof requested !== 'string' || !/^0x[0-9a-f]+$/i.test(requested)) {
      throw new UnrecognizedChainError({
        details: `wallet_switchEthereumChain needs a hex chainId, got ${String(requested)}.`,
      })
    }
    const next = Number.parseInt(requested, 16)
    if (!approvedChains().has(next)) {
      throw new UnrecognizedChainError({ details: `eip155:${next} is not in the WalletConnect session.` })
    }
    setChain(next)
    return null
  }

  return {
    async request({ method, params }) {
      if (closed || !service.getSession()) throw new NotConnectedError('eip155')
      switch (method) {
        case 'eth_chainId':
          return toHex(chainId)
        case 'eth_accounts':
        case 'eth_requestAccounts':
          return addressesOn(sessionAccounts(), chainId)
        case 'wallet_switchEthereumChain':
          return switchChain(params)
        default:
          return service.request({ chainId: `eip155:${chainId}`, method, params })
      }
    },
    on(event, listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener)
      listeners.set(event, set)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
    close() {
      closed = true
      unsubscribe()
      listeners.clear()
    },
  }
}
