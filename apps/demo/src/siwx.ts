import type { SiwxConfig } from '@portico/core'
import { demoApi } from './demoApi.js'

/** The sign-in modes the demo offers: `?siwx=optional` or `?siwx=required`; off otherwise. */
export type DemoSiwxMode = 'off' | 'optional' | 'required'

export function demoSiwxMode(): DemoSiwxMode {
  const mode = new URLSearchParams(window.location.search).get('siwx')
  return mode === 'optional' || mode === 'required' ? mode : 'off'
}

/**
 * Sign-in for the demo, with sessions on the demo's Portico server (it verifies every signature
 * and hands out a token). Loaded only when sign-in is on, so the demo without it downloads none of
 * this. Without a server the demo leaves sign-in off: a site without one would use
 * `createBrowserSiwxStorage` with the verifiers of its chains, which the demo keeps out of its
 * bundle.
 */
export async function createDemoSiwx(): Promise<SiwxConfig | undefined> {
  const mode = demoSiwxMode()
  if (mode === 'off') return undefined
  const api = demoApi()
  if (!api) {
    console.warn('[portico demo] sign-in needs the Portico server (npm run demo starts one); it stays off.')
    return undefined
  }
  const { createServerSiwxStorage, createSiwx } = await import('@portico/siwx')
  return createSiwx({
    storage: createServerSiwxStorage(api),
    required: mode === 'required',
    statement: 'Sign in to the Portico demo. This proves you own the account; it costs nothing.',
    expiresInMs: 24 * 60 * 60 * 1000,
  })
}
