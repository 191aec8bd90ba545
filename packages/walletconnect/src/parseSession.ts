import {
  CAIP2_PATTERN,
  CAIP10_PATTERN,
  InvalidResponseError,
  isSafeImageUrl,
  type WalletConnectSession,
} from '@portico/core'

/** True for a CAIP-2 chain id such as `eip155:1`. */
export function isCaip2(value: unknown): value is string {
  return typeof value === 'string' && CAIP2_PATTERN.test(value)
}

/** True for a CAIP-10 account such as `eip155:1:0xab…`. */
export function isCaip10(value: unknown): value is string {
  return typeof value === 'string' && CAIP10_PATTERN.test(value)
}

/** The part of a sign-client session this package reads; everything in it came from the wallet. */
export interface RawSession {
  topic: string
  expiry: number
  namespaces: Record<string, { accounts?: unknown; chains?: unknown }>
  peer: { metadata?: unknown }
}

/** What a parsed session gives the rest of the package. */
export interface ParsedSession {
  topic: string
  session: WalletConnectSession
  /** Every CAIP-2 chain the wallet approved, from `chains` and from the accounts. */
  chains: readonly string[]
}

/**
 * Checks a session the wallet settled (or storage restored) before Portico uses it: accounts must
 * be CAIP-10, the peer must name itself, icons must be https or image data. Throws
 * InvalidResponseError when nothing usable is left.
 */
export function parseSession(raw: RawSession): ParsedSession {
  const accounts = new Set<string>()
  const chains = new Set<string>()
  for (const namespace of Object.values(raw.namespaces ?? {})) {
    const namespaceAccounts = Array.isArray(namespace.accounts) ? namespace.accounts : []
    for (const account of namespaceAccounts) {
      if (!isCaip10(account)) continue
      accounts.add(account)
      chains.add(account.split(':').slice(0, 2).join(':'))
    }
    const namespaceChains = Array.isArray(namespace.chains) ? namespace.chains : []
    for (const chain of namespaceChains) if (isCaip2(chain)) chains.add(chain)
  }
  const metadata = (typeof raw.peer?.metadata === 'object' && raw.peer.metadata) || {}
  const { name, url, icons } = metadata as Record<string, unknown>
  if (accounts.size === 0 || typeof name !== 'string' || name.trim() === '') {
    throw new InvalidResponseError('WalletConnect session', {
      details:
        accounts.size === 0 ? 'The wallet approved no CAIP-10 account.' : 'The wallet did not name itself.',
    })
  }
  const peer: WalletConnectSession['peer'] = {
    name: name.trim(),
    icons: Array.isArray(icons) ? icons.filter(isSafeImageUrl) : [],
    ...(typeof url === 'string' && /^https?:\/\//.test(url) ? { url } : {}),
  }
  return { topic: raw.topic, session: { accounts: [...accounts], peer }, chains: [...chains] }
}

/** Reads a session event's accounts as CAIP-10, scoping bare addresses by the event's chain. */
export function toCaip10Accounts(data: unknown, chainId: string): string[] | undefined {
  if (!Array.isArray(data)) return undefined
  const accounts: string[] = []
  for (const item of data) {
    if (isCaip10(item)) accounts.push(item)
    // EVM wallets often send bare addresses, scoped by the event's chain.
    else if (typeof item === 'string' && isCaip10(`${chainId}:${item}`)) accounts.push(`${chainId}:${item}`)
  }
  return accounts
}

/** Reads a chainChanged event's data (CAIP-2, a number, hex or a bare reference) as CAIP-2. */
export function toCaip2(data: unknown, chainId: string): string | undefined {
  const namespace = chainId.split(':')[0]
  if (isCaip2(data)) return data
  if (typeof data === 'number' && Number.isInteger(data)) return `${namespace}:${data}`
  if (typeof data === 'string' && /^0x[0-9a-f]+$/i.test(data))
    return `${namespace}:${Number.parseInt(data, 16)}`
  if (typeof data === 'string' && isCaip2(`${namespace}:${data}`)) return `${namespace}:${data}`
  return undefined
}
