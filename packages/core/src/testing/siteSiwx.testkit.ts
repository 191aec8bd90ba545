import type { SiwxConfig, SiwxMessageData, SiwxSession } from '../siwx/types.js'

/**
 * A site's own sign-in config (the `SiwxConfig` contract core calls), keeping sessions in memory
 * and recording every call. `@portico/siwx` has its own tests with real signatures and storages.
 */
export function siteSiwx(overrides: Partial<SiwxConfig> = {}) {
  const sessions = new Map<string, SiwxSession>()
  const calls: { method: string; args: unknown[] }[] = []
  let failGet: Error | 'hang' | undefined
  let failAdd: Error | undefined
  const config: SiwxConfig = {
    async createMessage({ chainId, accountAddress }) {
      calls.push({ method: 'createMessage', args: [chainId, accountAddress] })
      const data: SiwxMessageData = {
        domain: 'shop.example',
        accountAddress,
        uri: 'https://shop.example/',
        version: '1',
        chainId,
        nonce: `nonce${calls.length}abc`,
        issuedAt: '2026-11-23T10:00:00.000Z',
      }
      return { data, message: `sign in ${accountAddress} on ${chainId} with ${data.nonce}` }
    },
    async addSession(session) {
      calls.push({ method: 'addSession', args: [session] })
      if (failAdd) throw failAdd
      sessions.set(`${session.data.chainId}:${session.data.accountAddress}`, session)
    },
    async getSessions(chainId, accountAddress) {
      calls.push({ method: 'getSessions', args: [chainId, accountAddress] })
      if (failGet === 'hang') return new Promise<SiwxSession[]>(() => {})
      if (failGet) throw failGet
      const session = sessions.get(`${chainId}:${accountAddress}`)
      return session ? [session] : []
    },
    async revokeSession(chainId, accountAddress) {
      calls.push({ method: 'revokeSession', args: [chainId, accountAddress] })
      sessions.delete(`${chainId}:${accountAddress}`)
    },
    ...overrides,
  }
  return {
    config,
    sessions,
    calls,
    failGet: (value: Error | 'hang' | undefined) => {
      failGet = value
    },
    failAdd: (value: Error | undefined) => {
      failAdd = value
    },
    called: (method: string) => calls.filter((call) => call.method === method),
  }
}
