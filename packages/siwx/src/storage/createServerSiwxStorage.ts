import {
  ApiRequestError,
  type CaipNetworkId,
  callApi,
  createBrowserStorage,
  createTypedStorage,
  InvalidResponseError,
  type Logger,
  type SiwxSession,
  type Storage,
} from '@portico/core'
import { siwxNonceResponseSchema, siwxSessionResponseSchema } from '@portico/core/api'
import * as z from 'zod/mini'
import { sameAccount } from './sameAccount.js'
import type { SiwxStorage } from './siwxStorage.js'

export interface CreateServerSiwxStorageOptions {
  /** Base URL of the Portico server. */
  apiUrl: string
  projectId: string
  /** Where session tokens are kept; `localStorage` when absent. */
  storage?: Storage
  /** Per request; 10 s (SPEC §9) when absent. */
  timeoutMs?: number
  logger?: Logger
}

const silent: Logger = { debug: () => {}, warn: () => {}, error: () => {} }

/**
 * Keeps sessions on a Portico server: it issues single-use nonces, verifies each signed message
 * (signature, domain, URI, chain, nonce, time window) and answers with a token kept in the
 * browser. Reading a session asks the server, which verifies it again; a site's backend can ask
 * the same with the token (see the README).
 *
 * @example
 * createSiwx({ storage: createServerSiwxStorage({ apiUrl: 'https://portico.shop.example', projectId: 'shop' }) })
 */
export function createServerSiwxStorage(options: CreateServerSiwxStorageOptions): SiwxStorage {
  const tokens = createTypedStorage(options.storage ?? createBrowserStorage(), options.logger ?? silent)
  const api = {
    apiUrl: options.apiUrl,
    projectId: options.projectId,
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  }
  // A browser sends no Origin on a same-origin GET (a server behind the site's own domain); the
  // server then reads the page's origin from this header. Cross-origin, Origin is sent and wins.
  const page = globalThis.location?.origin
  const originHeader: Record<string, string> = page && page !== 'null' ? { 'x-portico-origin': page } : {}
  const accountOf = (chainId: CaipNetworkId, accountAddress: string) => `${chainId}:${accountAddress}`
  const tokenOf = (account: string): string | undefined => {
    const all = tokens.get('siwxTokens') ?? {}
    const key = Object.keys(all).find((candidate) => sameCaip10(candidate, account))
    return key === undefined ? undefined : all[key]
  }
  const setToken = (account: string, token: string | undefined) => {
    const all = { ...tokens.get('siwxTokens') }
    for (const key of Object.keys(all)) if (sameCaip10(key, account)) delete all[key]
    if (token !== undefined) all[account] = token
    if (Object.keys(all).length) tokens.set('siwxTokens', all)
    else tokens.remove('siwxTokens')
  }

  return {
    async getNonce({ chainId, accountAddress }) {
      const { nonce } = await callApi({
        ...api,
        method: 'POST',
        path: '/v1/siwx/nonce',
        headers: originHeader,
        body: { chainId, accountAddress },
        schema: siwxNonceResponseSchema,
      })
      return nonce
    },
    async add(session) {
      const response = await callApi({
        ...api,
        method: 'POST',
        path: '/v1/siwx/sessions',
        headers: originHeader,
        body: {
          message: session.message,
          signature: session.signature,
          ...(session.cacao ? { cacao: session.cacao } : {}),
        },
        schema: siwxSessionResponseSchema,
      })
      if (!response.token)
        throw new InvalidResponseError('sign-in session', {
          details: 'The Portico server created a session but sent no token.',
        })
      setToken(accountOf(session.data.chainId, session.data.accountAddress), response.token)
    },
    async get(chainId, accountAddress) {
      const account = accountOf(chainId, accountAddress)
      const token = tokenOf(account)
      if (!token) return []
      try {
        const response = await callApi({
          ...api,
          path: '/v1/siwx/session',
          headers: { ...originHeader, authorization: `Bearer ${token}` },
          schema: siwxSessionResponseSchema,
        })
        if (!sameCaip10(response.account, account)) {
          setToken(account, undefined)
          return []
        }
        return [response.session as SiwxSession]
      } catch (error) {
        if (error instanceof ApiRequestError && error.apiCode === 'SIWX_SESSION_INVALID') {
          setToken(account, undefined)
          return []
        }
        throw error
      }
    },
    async delete(chainId, accountAddress) {
      const account = accountOf(chainId, accountAddress)
      const token = tokenOf(account)
      setToken(account, undefined)
      if (!token) return
      await callApi({
        ...api,
        method: 'DELETE',
        path: '/v1/siwx/session',
        headers: { ...originHeader, authorization: `Bearer ${token}` },
        schema: z.undefined(),
      })
    },
  }
}

/** CAIP-10 accounts compare exactly, except EVM addresses, which compare without checksum case. */
function sameCaip10(a: string, b: string): boolean {
  const split = (value: string) => {
    const at = value.lastIndexOf(':')
    return [value.slice(0, at), value.slice(at + 1)] as const
  }
  const [chainA, addressA] = split(a)
  const [chainB, addressB] = split(b)
  return chainA === chainB && sameAccount(addressA, addressB)
}
