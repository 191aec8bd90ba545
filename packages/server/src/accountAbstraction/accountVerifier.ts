/**
 * Whether an operation's sender runs its callData as the `execute`/`executeBatch` the policy
 * decodes: only then do `allowedCalls` say anything about what the site pays for. A visitor's own
 * account contract (or factory) could do anything behind calls that look allowed, so only known
 * code passes: a Simple7702Account delegation, or a SimpleAccount proxy of a known factory.
 */
import {
  type Address,
  decodeFunctionData,
  getAddress,
  type Hex,
  isAddressEqual,
  keccak256,
  parseAbi,
  slice,
} from 'viem'
import type { ChainConfig } from '../config.js'
import { DEFAULT_KNOWN_ACCOUNTS, type KnownAccounts, type PaymasterConfig } from './paymasterConfig.js'

/** ERC-1967's implementation slot: where the proxy of a SimpleAccount keeps its implementation. */
const IMPLEMENTATION_SLOT: Hex = '0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc'
/** An EIP-7702 account's code: this prefix, then the 20-byte address it delegates to. */
const DELEGATION_PREFIX = '0xef0100'
/** EntryPoint v0.8's `initCode` marker of an EIP-7702 account (no factory is called). */
const isEip7702Marker = (factory: Hex) => /^0x7702(0{36})?$/i.test(factory)

const FACTORY_ABI = parseAbi(['function createAccount(address owner, uint256 salt) returns (address)'])
/** At most this many accounts' code is remembered: random senders must not grow it without bound. */
const MAX_CACHED = 10_000

export interface AccountToCheck {
  sender: Address
  factory?: Hex | undefined
  factoryData?: Hex | undefined
  /** The address of the operation's EIP-7702 authorization (v0.8 `eip7702Auth`), when it has one. */
  authorizationAddress?: Address | undefined
}

export type AccountVerdict =
  | { ok: true }
  | { ok: false; reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN' | 'SPONSORSHIP_ACCOUNT_UNCHECKED'; message: string }

export interface AccountVerifier {
  check(chain: ChainConfig, account: AccountToCheck): Promise<AccountVerdict>
}

/** The node did not answer (down, too slow, or not JSON-RPC): the account cannot be checked. */
export class AccountCodeUnavailableError extends Error {
  override readonly name = 'AccountCodeUnavailableError'
}

interface AccountCode {
  code: Hex
  /** The ERC-1967 implementation slot, read only for a known proxy's code. */
  implementation?: Address
}

export function createAccountVerifier(parameters: {
  config: PaymasterConfig
  now: () => number
  fetch?: typeof fetch
}): AccountVerifier {
  const { config, now } = parameters
  const fetchImpl = parameters.fetch ?? fetch
  const { cacheSeconds, timeoutMs } = config.accountCheck
  const cache = new Map<string, { expires: number; code: Promise<AccountCode> }>()

  const knownOn = (caipNetworkId: string): KnownAccounts =>
    (Object.hasOwn(config.knownAccounts, caipNetworkId) ? config.knownAccounts[caipNetworkId] : undefined) ??
    DEFAULT_KNOWN_ACCOUNTS

  const call = async (chain: ChainConfig, method: string, params: unknown[]): Promise<Hex> => {
    let answer: { result?: unknown; error?: unknown }
    try {
      const response = await fetchImpl(chain.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
        signal: AbortSignal.timeout(timeoutMs),
      })
      if (!response.ok) throw new AccountCodeUnavailableError(`answered HTTP ${response.status}`)
      answer = (await response.json()) as typeof answer
    } catch (error) {
      if (error instanceof AccountCodeUnavailableError) throw error
      const name = (error as Error).name
      throw new AccountCodeUnavailableError(
        name === 'TimeoutError' || name === 'AbortError'
          ? `did not answer within ${timeoutMs} ms`
          : name === 'SyntaxError'
            ? 'answered something that is not JSON'
            : 'could not be reached',
      )
    }
    if (typeof answer?.result !== 'string' || !/^0x([0-9a-fA-F]{2})*$/.test(answer.result))
      throw new AccountCodeUnavailableError(`answered ${method} without bytes`)
    return answer.result as Hex
  }

  const readCode = async (chain: ChainConfig, sender: Address): Promise<AccountCode> => {
    const code = await call(chain, 'eth_getCode', [sender, 'latest'])
    const hash = code === '0x' ? undefined : keccak256(code)
    const proxy = knownOn(chain.caipNetworkId).simpleAccountFactories.some(
      (entry) => hash !== undefined && entry.proxyCodeHash.toLowerCase() === hash,
    )
    if (!proxy) return { code }
    const slot = await call(chain, 'eth_getStorageAt', [sender, IMPLEMENTATION_SLOT, 'latest'])
    if (slot.length !== 66) throw new AccountCodeUnavailableError('answered eth_getStorageAt without a word')
    return { code, implementation: getAddress(slice(slot, 12)) }
  }

  /** The account's code, from the cache while it is fresh; one lookup for a burst of requests. */
  const codeOf = (chain: ChainConfig, sender: Address): Promise<AccountCode> => {
    const key = `${chain.caipNetworkId}:${sender.toLowerCase()}`
    const cached = cache.get(key)
    if (cached && cached.expires > now()) return cached.code
    cache.delete(key)
    if (cache.size >= MAX_CACHED) {
      const oldest = cache.keys().next().value
      if (oldest !== undefined) cache.delete(oldest)
    }
    const code = readCode(chain, sender)
    cache.set(key, { expires: now() + cacheSeconds * 1000, code })
    // Neither a failed lookup nor an account without code is remembered: an EOA whose first
    // operation delegates it has code by its next one, and that one must not be judged on the old.
    code.then(
      (read) => {
        if (read.code === '0x' && cache.get(key)?.code === code) cache.delete(key)
      },
      () => {
        if (cache.get(key)?.code === code) cache.delete(key)
      },
    )
    return code
  }

  const unknown = (message: string): AccountVerdict => ({
    ok: false,
    reason: 'SPONSORSHIP_ACCOUNT_UNKNOWN',
    message: `${message} Under this site's policy only Simple7702Account and SimpleAccount accounts are sponsored: another account's code could do anything with calls that only look allowed.`,
  })

  return {
    async check(chain, account) {
      const known = knownOn(chain.caipNetworkId)
      const delegationKnown = (address: Address) =>
        known.simple7702.some((entry) => isAddressEqual(entry as Address, address))
      const { sender, factoryData, authorizationAddress } = account
      // An empty factory is the EntryPoint's empty init code: no factory, as when it is left out.
      const factory = account.factory === '0x' ? undefined : account.factory

      if (factory && !isEip7702Marker(factory)) {
        // A new account: the EntryPoint deploys it through the factory and refuses the operation
        // unless the factory returns the sender, so the factory decides what code the sender gets.
        const entry =
          factory.length === 42
            ? known.simpleAccountFactories.find((candidate) =>
                isAddressEqual(candidate.factory as Address, factory as Address),
              )
            : undefined
        if (!entry) return unknown(`The account's factory ${factory} is not one the site knows.`)
        let creates = false
        try {
          creates =
            decodeFunctionData({ abi: FACTORY_ABI, data: factoryData ?? '0x' }).functionName ===
            'createAccount'
        } catch {}
        if (!creates)
          return unknown(`The factory data is not createAccount(owner, salt) of ${entry.factory}.`)
        return { ok: true }
      }

      if (authorizationAddress && !delegationKnown(authorizationAddress))
        return unknown(
          `The account's EIP-7702 authorization delegates to ${authorizationAddress}, not a known implementation.`,
        )

      let current: AccountCode
      try {
        current = await codeOf(chain, sender)
      } catch (error) {
        return {
          ok: false,
          reason: 'SPONSORSHIP_ACCOUNT_UNCHECKED',
          message: `The account's code could not be read from ${chain.caipNetworkId}'s node (it ${(error as Error).message}), so the site's sponsorship policy cannot check the account; try again shortly.`,
        }
      }
      const { code, implementation } = current
      const delegate =
        code.length === 48 && code.toLowerCase().startsWith(DELEGATION_PREFIX)
          ? getAddress(`0x${code.slice(DELEGATION_PREFIX.length)}`)
          : undefined
      if (authorizationAddress) {
        // The authorization is applied before the operation runs. An EOA with no code, or already
        // delegated to a known implementation, ends up running known code either way; one delegated
        // elsewhere would keep its code if the authorization were not applied (a stale nonce).
        if (code === '0x' || (delegate && delegationKnown(delegate))) return { ok: true }
        return unknown(
          `The account ${sender} runs other code now (${delegate ? `delegated to ${delegate}` : 'a contract'}); a re-delegation is not sponsored, it can pay its own network fee once.`,
        )
      }
      if (delegate)
        return delegationKnown(delegate)
          ? { ok: true }
          : unknown(`The account ${sender} is delegated to ${delegate}, not a known implementation.`)
      if (code === '0x')
        return unknown(
          `The account ${sender} has no code, and the operation no factory nor EIP-7702 authorization.`,
        )
      if (implementation) {
        const hash = keccak256(code)
        const entry = known.simpleAccountFactories.find(
          (candidate) =>
            candidate.proxyCodeHash.toLowerCase() === hash &&
            isAddressEqual(candidate.implementation as Address, implementation),
        )
        if (entry) return { ok: true }
        return unknown(`The account ${sender} is a proxy of ${implementation}, not a known implementation.`)
      }
      return unknown(`The account ${sender} is a contract the site does not know.`)
    },
  }
}
