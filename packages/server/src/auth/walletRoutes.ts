/** The embedded wallet's seed, kept encrypted for the signed-in account: read it, or store it once. */
import {
  authPutWalletRequestSchema,
  authPutWalletResponseSchema,
  authWalletResponseSchema,
} from '@portico/core/api'
import type { Hono } from 'hono'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import type { AuthRouteContext } from './authRouteContext.js'
import { SeedDecryptionError } from './seedVault.js'
import { readWalletSeed, storeWalletSeed } from './wallets.js'

/** Adds `GET` and `PUT /v1/auth/wallet`. */
export function registerWalletRoutes(app: Hono<AppEnv>, context: AuthRouteContext): void {
  const { db, now, logger } = context

  app.get('/v1/auth/wallet', async (c) => {
    const { wrapKey } = context.requireKeys()
    const { session } = await context.requireSession(c)
    let seed: Buffer | undefined
    try {
      seed = await readWalletSeed(db, wrapKey, session.userId)
    } catch (error) {
      if (!(error instanceof SeedDecryptionError)) throw error
      logger.error('wallet does not decrypt', { userId: session.userId, err: error })
      throw new ApiRefusal('INTERNAL', error.message)
    }
    const body = authWalletResponseSchema.parse({ seed: seed ? `0x${seed.toString('hex')}` : null })
    seed?.fill(0)
    return c.json(body)
  })

  app.put('/v1/auth/wallet', async (c) => {
    const { wrapKey } = context.requireKeys()
    const { session } = await context.requireSession(c)
    const body = await context.parseBody(c, authPutWalletRequestSchema, 'wallet')
    const seed = Buffer.from(body.seed.slice(2), 'hex')
    try {
      const stored = await storeWalletSeed(db, wrapKey, { userId: session.userId, seed, now: now() })
      if (!stored) {
        throw new ApiRefusal('WALLET_EXISTS', 'This account has a wallet already; it is never replaced.')
      }
    } finally {
      seed.fill(0)
    }
    return c.json(authPutWalletResponseSchema.parse({ stored: true }), 201)
  })
}
