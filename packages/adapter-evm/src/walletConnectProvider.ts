import { NotConnectedError, UnrecognizedChainError, type WalletConnect } from '@portico/core'
import type { Eip1193Provider } from './provider.js'

type Listener = (payload: never) => void

/** The eip155 accounts of CAIP-10 ids (`eip155:<chain>:<address>`), by chain, first seen first. */
function eip155Accounts(accounts: readonly string[]): { chainId: number; address: string }[] {
  const found: { chainId: number; address: string }[] = []
  for (const account of accounts) {
    const match = /^eip155:(\d+):(0x[0-9a-fA-F]{40})$/.exec(account)
    if (match) found.push({ chainId: Number(match[1]), address: match[2] as string })
  }
  return found
}

/**
 * An EIP-1193 provider over the shared WalletConnect session, for the adapter's WALLET_CONNECT
 * connector. Pairing is core's (`connectWalletConnect`); this reads the session it made, restores a
 * stored one on `eth_accounts` (a page reload), keeps the current chain among the session's chains,
 * and sends every other request to the wallet for that chain.
 */
export function createWalletConnectProvider(service: WalletConnect): Eip1193Provider {
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  let chainId: number | undefined
  let following = false

  const emit = (event: string, payload: unknown) => {
    for (const listener of listeners.get(event) ?? []) listener(payload)
  }
  const accountsOf = (chain: number | undefined) => {
    const all = eip155Accounts(service.getSession()?.accounts ?? [])
    const onChain = all.filter((account) => account.chainId === chain)
    return [...new Set((onChain.length > 0 ? onChain : all).map((account) => account.address))]
  }
  const follow = () => {
    if (following) return
    following = true
    // For the life of the page: the connector exists as long as the adapter does.
    service.subscribe((event) => {
      if (event.type === 'disconnect') {
        chainId = undefined
        emit('disconnect', { code: 4900, message: 'The wallet ended the WalletConnect session.' })
      } else if (event.type === 'chainChanged') {
        const match = /^eip155:(\d+)$/.exec(event.chainId)
        if (!match) return
        chainId = Number(match[1])
        emit('chainChanged', `0x${chainId.toString(16)}`)
      } else {
        const addresses = eip155Accounts(event.accounts).map((account) => account.address)
        if (addresses.length > 0) emit('accountsChanged', [...new Set(addresses)])
      }
    })
  }
  const session = async (restore: boolean) => {
    if (!service.getSession() && restore) await service.reconnect()
    const current = service.getSession()
    if (!current) return undefined
    const chains = eip155Accounts(current.accounts).map((account) => account.chainId)
    if (chainId === undefined || !chains.includes(chainId)) chainId = chains[0]
    follow()
    return current
  }

  return {
    async request({ method, params }) {
      switch (method) {
        case 'eth_accounts':
          return (await session(true)) ? accountsOf(chainId) : []
        case 'eth_requestAccounts': {
          // The pairing happens in the modal before this is asked; without a session there is none.
          if (!(await session(false))) throw new NotConnectedError('eip155')
          return accountsOf(chainId)
        }
        case 'eth_chainId':
          if (!(await session(true)) || chainId === undefined) throw new NotConnectedError('eip155')
          return `0x${chainId.toString(16)}`
        case 'wallet_switchEthereumChain': {
          const target = Number.parseInt(
            String((params as [{ chainId?: unknown }] | undefined)?.[0]?.chainId ?? ''),
            16,
          )
          const current = await session(true)
          if (!current) throw new NotConnectedError('eip155')
          const chains = eip155Accounts(current.accounts).map((account) => account.chainId)
          if (!Number.isSafeInteger(target) || target <= 0) {
            throw new UnrecognizedChainError({ details: 'wallet_switchEthereumChain without a hex chainId.' })
          }
          // Requests name their chain, so moving among the session's chains needs no round trip; a
          // chain outside it is the wallet's to add (or refuse, 4902).
          if (!chains.includes(target) && chainId !== undefined) {
            await service.request({ chainId: `eip155:${chainId}`, method, params })
          }
          if (target !== chainId) {
            chainId = target
            emit('chainChanged', `0x${target.toString(16)}`)
          }
          return null
        }
        default: {
          if (!(await session(true)) || chainId === undefined) throw new NotConnectedError('eip155')
          return service.request({
            chainId: `eip155:${chainId}`,
            method,
            ...(params === undefined ? {} : { params }),
          })
        }
      }
    },
    on(event: string, listener: Listener) {
      const set = listeners.get(event) ?? new Set()
      set.add(listener as (payload: unknown) => void)
      listeners.set(event, set)
    },
    removeListener(event: string, listener: Listener) {
      listeners.get(event)?.delete(listener as (payload: unknown) => void)
    },
  }
}
