import { createHash } from 'node:crypto'
import type { WalletRegistryResponse } from '@portico/core/api'
import type { Hono } from 'hono'
import type { ServerConfig } from '../config.js'
import type { AppEnv } from '../http/appEnv.js'
import { loadWalletRegistry } from './loadWalletRegistry.js'

/** Browsers and shared caches reuse the list for an hour, then revalidate with the ETag. */
export const WALLET_REGISTRY_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400'

/**
 * `GET /v1/wallets?projectId`: the wallet registry behind AllWallets, with an ETag and
 * Cache-Control so a browser asks again cheaply. The list is loaded (and checked) when the routes
 * are registered, so a bad `walletRegistry.file` stops the server at start-up.
 *
 * @example
 * registerWalletRegistryRoutes(app, { config })
 */
export function registerWalletRegistryRoutes(
  app: Hono<AppEnv>,
  deps: { config: Pick<ServerConfig, 'walletRegistry'> },
): void {
  const response: WalletRegistryResponse = { wallets: [...loadWalletRegistry(deps.config)] }
  const body = JSON.stringify(response)
  const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`

  app.get('/v1/wallets', (c) => {
    c.header('ETag', etag)
    c.header('Cache-Control', WALLET_REGISTRY_CACHE_CONTROL)
    const known = c.req.header('if-none-match')
    if (known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) return c.body(null, 304)
    c.header('Content-Type', 'application/json')
    return c.body(body)
  })
}
