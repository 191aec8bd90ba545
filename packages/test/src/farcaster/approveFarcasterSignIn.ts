/**
 * A Farcaster client made of code: it reads a sign-in link (the channel's `url`), builds the
 * Sign In With Farcaster message (EIP-4361 with the fid as a resource), signs it with a custody or
 * auth key, and completes the channel on the relay, as the Farcaster app does. Browser-safe, so the
 * demo's development-only client page uses it too. Overrides let tests sign what a real app would
 * not (another fid, another domain or nonce, an expired message).
 */
import type { Hex, LocalAccount } from 'viem'
import { createSiweMessage } from 'viem/siwe'

/**
 * The custody key of the demo's and the end-to-end tests' Farcaster account (a fixed, public test
 * key: never use it on a real chain), with its display profile.
 */
export const TEST_FARCASTER_ACCOUNT = {
  custodyKey: '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
  username: 'portico-demo',
  displayName: 'Portico demo',
} as const

export interface FarcasterProfile {
  fid: bigint | number
  username?: string
  displayName?: string
  bio?: string
  pfpUrl?: string
}

export interface ApproveFarcasterSignInOptions {
  /** The channel's sign-in link (its `channelToken`, `nonce`, `domain`, `siweUri`, …). */
  url: string
  /** The relay the channel lives on, e.g. `http://127.0.0.1:8092`. */
  relayUrl: string
  /** The key that signs: the fid's custody address, or one of its auth addresses. */
  account: LocalAccount
  profile: FarcasterProfile
  /** Values that replace what the link asked for, to sign a message the server must refuse. */
  overrides?: { domain?: string; nonce?: string; expirationTime?: Date; fid?: bigint | number }
  fetch?: typeof fetch
}

/** What the relay answered, and what was signed. */
export interface ApprovedFarcasterSignIn {
  message: string
  signature: Hex
}

/**
 * Signs the sign-in request of `url` and posts it to the relay, completing the channel.
 * @example
 * await approveFarcasterSignIn({ url, relayUrl: relay.url, account: custody, profile: { fid, username: 'alice' } })
 */
export async function approveFarcasterSignIn(
  options: ApproveFarcasterSignInOptions,
): Promise<ApprovedFarcasterSignIn> {
  const { account, profile, overrides = {} } = options
  const link = new URL(options.url)
  const query = (key: string) => link.searchParams.get(key) ?? undefined
  const channelToken = query('channelToken')
  const domain = overrides.domain ?? query('domain')
  const siweUri = query('siweUri')
  const nonce = overrides.nonce ?? query('nonce')
  if (!channelToken || !domain || !siweUri || !nonce) {
    throw new Error(`The sign-in link lacks a channel token, domain, siweUri or nonce: ${options.url}`)
  }
  const expiration = overrides.expirationTime ?? dateOf(query('expirationTime'))
  const notBefore = dateOf(query('notBefore'))
  const requestId = query('requestId')
  const message = createSiweMessage({
    domain,
    address: account.address,
    statement: 'Farcaster Auth',
    uri: siweUri,
    version: '1',
    chainId: 10,
    nonce,
    issuedAt: new Date(),
    ...(expiration ? { expirationTime: expiration } : {}),
    ...(notBefore ? { notBefore } : {}),
    ...(requestId ? { requestId } : {}),
    resources: [`farcaster://fid/${overrides.fid ?? profile.fid}`],
  })
  const signature = await account.signMessage({ message })
  const doFetch = options.fetch ?? fetch
  const response = await doFetch(`${options.relayUrl.replace(/\/$/, '')}/v1/channel/authenticate`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${channelToken}` },
    body: JSON.stringify({
      message,
      signature,
      fid: Number(profile.fid),
      username: profile.username,
      displayName: profile.displayName,
      bio: profile.bio,
      pfpUrl: profile.pfpUrl,
      custody: account.address,
    }),
  })
  if (!response.ok) {
    throw new Error(`The relay refused the sign-in (${response.status}): ${await response.text()}`)
  }
  return { message, signature }
}

function dateOf(value: string | undefined): Date | undefined {
  if (!value) return undefined
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? undefined : date
}
