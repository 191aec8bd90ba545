import type { SiwxConfig } from '@portico/core'
import { demoApi } from './portico.js'

/** The sign-in modes the demo offers: `?siwx=optional` or `?siwx=required`; off otherwise. */
export type DemoSiwxMode = 'off' | 'optional' | 'required'

export function demoSiwxMode(): DemoSiwxMode {
  const mode = new URLSearchParams(window.location.search).get('siwx')
  return mode === 'optional' || mode === 'required' ? mode : 'off'
}

/**
 * Sign-in for the demo. Sessions live on the Portico server when the demo has one (the server
 * verifies every signature and hands out a token), else in this browser, verified here. Loaded
 * only when sign-in is on, so the demo without it downloads none of this.
 */
export async function createDemoSiwx(): Promise<SiwxConfig | undefined> {
  const mode = demoSiwxMode()
  if (mode === 'off') return undefined
  const { createBrowserSiwxStorage, createServerSiwxStorage, createSiwx } = await import('@portico/siwx')
  const api = demoApi()
  const storage = api
    ? createServerSiwxStorage(api)
    : createBrowserSiwxStorage({ verifiers: [(await import('@portico/siwx/eip155')).eip155Verifier()] })
  return createSiwx({
    storage,
    required: mode === 'required',
    statement: 'Sign in to the Portico demo. This proves you own the account; it costs nothing.',
    expiresInMs: 24 * 60 * 60 * 1000,
  })
}
