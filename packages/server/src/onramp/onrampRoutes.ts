/**
 * Buying with a card (SPEC §9 card purchase, §7 transactions fetch with `onramp`):
 * - `POST /v1/onramp/url?projectId&provider&address&chainId[&fiatAmount][&fiatCurrency]` answers
 *   the provider's widget URL for the visitor, signed with the project's secret (never in a page),
 *   after the project, origin and rate-limit checks every `/v1/*` request passes.
 * - `POST /v1/onramp/webhooks/{moonpay|mercuryo}?projectId` receives the provider's purchase
 *   webhooks, checks their signature, and stores what they say for the account's history.
 */
import { randomUUID } from 'node:crypto'
import type { Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { isAddress } from 'viem'
import { isSolanaNetworkId, type ServerConfig } from '../config.js'
import type { Database } from '../db/schema.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { readBody } from '../http/readBody.js'
import type { Logger } from '../logger.js'
import { isBase58Address } from '../portfolio/solanaAddress.js'
import {
  MERCURYO_CURRENCIES,
  mercuryoSignature,
  readMercuryoCallback,
  verifyMercuryoCallback,
} from './mercuryo.js'
import { MOONPAY_CURRENCIES, readMoonPayWebhook, signMoonPayUrl, verifyMoonPayWebhook } from './moonPay.js'
import type { OnrampConfig } from './onrampConfig.js'
import {
  applyPurchaseUpdate,
  type OnrampProviderId,
  openPurchase,
  type PurchaseUpdate,
  sweepUnusedPurchases,
  UNUSED_PURCHASE_TTL_MS,
} from './purchases.js'

/** How often opening a widget also drops the rows of widgets never used. */
const SWEEP_EVERY_MS = 60 * 60 * 1000

export const ONRAMP_URL_PATH = '/v1/onramp/url'
export const ONRAMP_WEBHOOK_PATH = '/v1/onramp/webhooks'

/** A webhook body is a few kilobytes; more is not one. */
const MAX_WEBHOOK_BYTES = 64 * 1024

/** The fiat amount a widget may be opened with: up to 2 decimals, at most a million. */
const FIAT_AMOUNT = /^\d{1,7}(\.\d{1,2})?$/
const FIAT_CURRENCY = /^[A-Z]{3}$/

export interface OnrampRoutesOptions {
  config: ServerConfig
  db: Kysely<Database>
  logger: Logger
  now: () => number
  clientIp: (c: Context<AppEnv>) => string
}

/** Refuses an address that is not one of the network's namespace, and returns it as stored. */
function checkAddress(address: string, chainId: string): string {
  if (isSolanaNetworkId(chainId)) {
    if (!isBase58Address(address)) {
      throw new ApiRefusal(
        'INVALID_ADDRESS',
        `"${address}" is not a Solana address (base58 of a 32-byte public key).`,
      )
    }
    return address
  }
  if (!isAddress(address, { strict: false })) {
    throw new ApiRefusal(
      'INVALID_ADDRESS',
      `"${address}" is not an EVM address (0x followed by 40 hex digits).`,
    )
  }
  return address.toLowerCase()
}

/** Registers the onramp routes on the app. */
export function registerOnrampRoutes(app: Hono<AppEnv>, options: OnrampRoutesOptions): void {
  const { config, db, logger, now, clientIp } = options
  let sweptAt = Number.NEGATIVE_INFINITY

  const keysOf = <P extends OnrampProviderId>(projectId: string, provider: P) => {
    const keys: OnrampConfig['projects'][string][P] = config.onramp.projects[projectId]?.[provider]
    if (!keys) {
      throw new ApiRefusal(
        'ONRAMP_NOT_CONFIGURED',
        `Project "${projectId}" has no ${provider} keys on this server: its operator adds them under onramp.projects.${projectId}.${provider} in the server config.`,
      )
    }
    return keys as NonNullable<typeof keys>
  }

  app.post(ONRAMP_URL_PATH, async (c) => {
    const query = c.req.query()
    const provider = query.provider
    if (provider !== 'moonpay' && provider !== 'mercuryo') {
      throw new ApiRefusal('BAD_REQUEST', 'provider is moonpay or mercuryo.')
    }
    const chainId = query.chainId ?? ''
    const fiatAmount = query.fiatAmount
    const fiatCurrency = query.fiatCurrency
    if (fiatAmount !== undefined && (!FIAT_AMOUNT.test(fiatAmount) || Number(fiatAmount) <= 0)) {
      throw new ApiRefusal(
        'INVALID_AMOUNT',
        'fiatAmount is a positive amount with at most 2 decimals, under 10000000.',
      )
    }
    if (fiatCurrency !== undefined && !FIAT_CURRENCY.test(fiatCurrency)) {
      throw new ApiRefusal('BAD_REQUEST', 'fiatCurrency is a three-letter ISO 4217 code such as USD.')
    }
    const project = c.get('project')
    const externalId = `portico-${randomUUID()}`
    /** Records the widget about to be signed, after dropping old ones never used (once an hour). */
    const open = async (provider: OnrampProviderId, address: string) => {
      const time = now()
      if (time - sweptAt >= SWEEP_EVERY_MS) {
        sweptAt = time
        await sweepUnusedPurchases(db, new Date(time - UNUSED_PURCHASE_TTL_MS))
      }
      await openPurchase(db, {
        provider,
        externalId,
        projectId: project.id,
        address,
        chain: chainId,
        now: new Date(time),
      })
    }
    // The page names the public key it was configured with: one that is not the project's (a key
    // rotated on one side only) is refused here rather than as a widget that fails to load.
    const pagePublicKey = query.publicKey
    const refuseOtherKey = (serverKey: string) => {
      if (pagePublicKey !== undefined && pagePublicKey !== serverKey) {
        throw new ApiRefusal(
          'ONRAMP_NOT_CONFIGURED',
          `The page's ${provider} key is not the one project "${project.id}" registered on this server: set the same key in both configs.`,
        )
      }
    }

    if (provider === 'moonpay') {
      const keys = keysOf(project.id, 'moonpay')
      refuseOtherKey(keys.publishableKey)
      const currencyCode = keys.currencies[chainId] ?? MOONPAY_CURRENCIES[chainId]
      if (!currencyCode) {
        throw new ApiRefusal(
          'UNSUPPORTED_CHAIN',
          `MoonPay is not offered on ${chainId || 'a missing chainId'} by this server.`,
        )
      }
      await open(provider, checkAddress(query.address ?? '', chainId))
      const params: [string, string][] = [
        ['apiKey', keys.publishableKey],
        ['currencyCode', currencyCode],
        ['walletAddress', query.address ?? ''],
        ['externalTransactionId', externalId],
      ]
      if (fiatAmount) params.push(['baseCurrencyAmount', fiatAmount])
      if (fiatCurrency) params.push(['baseCurrencyCode', fiatCurrency.toLowerCase()])
      return c.json({ provider, url: signMoonPayUrl(keys.widgetUrl, params, keys.secretKey) })
    }

    const keys = keysOf(project.id, 'mercuryo')
    refuseOtherKey(keys.widgetId)
    const asset = keys.currencies[chainId] ?? MERCURYO_CURRENCIES[chainId]
    if (!asset || isSolanaNetworkId(chainId)) {
      throw new ApiRefusal(
        'UNSUPPORTED_CHAIN',
        `Mercuryo is not offered on ${chainId || 'a missing chainId'} by this server (eip155 networks only).`,
      )
    }
    await open(provider, checkAddress(query.address ?? '', chainId))
    const written = query.address ?? ''
    const url = new URL(keys.widgetUrl)
    url.searchParams.set('widget_id', keys.widgetId)
    url.searchParams.set('type', 'buy')
    url.searchParams.set('currency', asset.currency)
    url.searchParams.set('network', asset.network)
    url.searchParams.set('address', written)
    url.searchParams.set('merchant_transaction_id', externalId)
    if (fiatAmount) url.searchParams.set('fiat_amount', fiatAmount)
    if (fiatCurrency) url.searchParams.set('fiat_currency', fiatCurrency)
    url.searchParams.set(
      'signature',
      mercuryoSignature({
        address: written,
        secret: keys.secret,
        ip: clientIp(c),
        merchantTransactionId: externalId,
      }),
    )
    return c.json({ provider, url: url.toString() })
  })

  const receive = async (
    c: Context<AppEnv>,
    provider: OnrampProviderId,
    check: (body: string) => { ok: true } | { ok: false; reason: string },
    read: (payload: unknown) => PurchaseUpdate | string,
  ) => {
    const body = await readBody(c.req.raw, MAX_WEBHOOK_BYTES)
    const verdict = check(body)
    if (!verdict.ok) {
      logger.warn('onramp webhook refused', { provider, reason: verdict.reason })
      throw new ApiRefusal('WEBHOOK_SIGNATURE_INVALID', verdict.reason)
    }
    let payload: unknown
    try {
      payload = JSON.parse(body)
    } catch {
      throw new ApiRefusal('BAD_REQUEST', 'The webhook body is not JSON.')
    }
    const update = read(payload)
    // Signed but not a purchase of ours (another product's event): acknowledged, so the provider
    // does not send it again for days, and logged.
    if (typeof update === 'string') {
      logger.info('onramp webhook ignored', { provider, reason: update })
      return c.json({ result: 'ignored' })
    }
    const result = await applyPurchaseUpdate(db, {
      provider,
      projectId: c.get('project').id,
      update,
      now: new Date(now()),
    })
    if (result === 'unknown') logger.info('onramp webhook for an unknown purchase', { provider })
    return c.json({ result })
  }

  app.post(`${ONRAMP_WEBHOOK_PATH}/moonpay`, (c) => {
    const keys = keysOf(c.get('project').id, 'moonpay')
    return receive(
      c,
      'moonpay',
      (body) =>
        verifyMoonPayWebhook({
          header: c.req.header('moonpay-signature-v2'),
          body,
          webhookKey: keys.webhookKey,
          nowSeconds: Math.floor(now() / 1000),
          toleranceSeconds: config.onramp.webhookToleranceSeconds,
        }),
      readMoonPayWebhook,
    )
  })

  app.post(`${ONRAMP_WEBHOOK_PATH}/mercuryo`, (c) => {
    const keys = keysOf(c.get('project').id, 'mercuryo')
    return receive(
      c,
      'mercuryo',
      (body) => verifyMercuryoCallback({ header: c.req.header('x-signature'), body, signKey: keys.signKey }),
      readMercuryoCallback,
    )
  })
}
