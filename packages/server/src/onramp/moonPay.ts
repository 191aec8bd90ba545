/**
 * MoonPay's hosted buy widget (https://dev.moonpay.com): offered on eip155 and solana networks.
 *
 * URL signing, as MoonPay documents it ("URL signing"): an HMAC with SHA-256, keyed with the
 * secret key, over the URL's query string as it will be sent (from the `?`, every value already
 * URL-encoded), base64-encoded and appended last as `signature` (itself URL-encoded). MoonPay
 * refuses a `walletAddress` in an unsigned URL.
 *
 * Webhooks, as MoonPay documents them ("Checking a webhook signature"): the `Moonpay-Signature-V2`
 * header is `t=<unix seconds>,s=<hex>`, where the hex is an HMAC-SHA256 keyed with the webhook key
 * over `<t>.<raw body>`.
 */
import { createHmac } from 'node:crypto'
import type { OnrampStatus, PurchaseUpdate } from './purchases.js'
import { safeEqualText } from './safeEqual.js'

/** MoonPay's currency codes for the networks it is offered on; a project's `currencies` add to them. */
export const MOONPAY_CURRENCIES: Readonly<Record<string, string>> = {
  'eip155:1': 'eth',
  'eip155:10': 'eth_optimism',
  'eip155:137': 'pol_polygon',
  'eip155:8453': 'eth_base',
  'eip155:42161': 'eth_arbitrum',
  'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'sol',
}

/** The signature MoonPay expects for a widget URL's query string (`?apiKey=…&…`). */
export function moonPaySignature(search: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(search).digest('base64')
}

/**
 * The signed widget URL: the parameters in the order given, each value URL-encoded, then the
 * signature of that query string.
 */
export function signMoonPayUrl(
  widgetUrl: string,
  params: readonly (readonly [string, string])[],
  secretKey: string,
): string {
  const search = `?${params.map(([name, value]) => `${name}=${encodeURIComponent(value)}`).join('&')}`
  const base = widgetUrl.replace(/\/+$/, '')
  return `${base}/${search}&signature=${encodeURIComponent(moonPaySignature(search, secretKey))}`
}

export type WebhookCheck = { ok: true } | { ok: false; reason: string }

/**
 * Checks a `Moonpay-Signature-V2` header against the raw body: the signature (compared in constant
 * time) and its time, which must be within `toleranceSeconds` of `nowSeconds` either way.
 */
export function verifyMoonPayWebhook(parameters: {
  header: string | undefined
  body: string
  webhookKey: string
  nowSeconds: number
  toleranceSeconds: number
}): WebhookCheck {
  const { header, body, webhookKey, nowSeconds, toleranceSeconds } = parameters
  if (!header) return { ok: false, reason: 'The Moonpay-Signature-V2 header is missing.' }
  const parts = new Map<string, string>()
  for (const element of header.split(',')) {
    const at = element.indexOf('=')
    if (at > 0) parts.set(element.slice(0, at).trim(), element.slice(at + 1).trim())
  }
  const timestamp = parts.get('t')
  const signature = parts.get('s')
  if (!timestamp || !/^\d{1,12}$/.test(timestamp) || !signature || !/^[0-9a-f]{64}$/i.test(signature)) {
    return { ok: false, reason: 'The Moonpay-Signature-V2 header is not t=<unix seconds>,s=<64 hex digits>.' }
  }
  const expected = createHmac('sha256', webhookKey).update(`${timestamp}.${body}`).digest('hex')
  if (!safeEqualText(expected, signature.toLowerCase())) {
    return { ok: false, reason: 'The Moonpay-Signature-V2 signature does not match the body.' }
  }
  if (Math.abs(nowSeconds - Number(timestamp)) > toleranceSeconds) {
    return {
      ok: false,
      reason: `The webhook was signed at ${timestamp}, more than ${toleranceSeconds} s from now: refused as a replay.`,
    }
  }
  return { ok: true }
}

/** MoonPay's transaction statuses as Portico's three. */
function statusOf(status: string): OnrampStatus {
  if (status === 'completed') return 'complete'
  if (status === 'failed') return 'failed'
  // waitingPayment, pending, waitingAuthorization, …: still on its way.
  return 'pending'
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined
const amount = (value: unknown): string | undefined => {
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) return decimal(value)
  if (typeof value === 'string' && /^\d{1,30}(\.\d{1,30})?$/.test(value)) return value
  return undefined
}
/** A JSON number written out without exponent notation. */
function decimal(value: number): string {
  const written = String(value)
  return /e/i.test(written) ? value.toFixed(18).replace(/\.?0+$/, '') : written
}

/**
 * What a MoonPay transaction webhook says about a purchase, or a reason it is not one. Its
 * `externalTransactionId` is the id Portico put in the widget URL.
 */
export function readMoonPayWebhook(payload: unknown): PurchaseUpdate | string {
  if (typeof payload !== 'object' || payload === null) return 'The body is not a JSON object.'
  const data = (payload as { data?: unknown }).data
  if (typeof data !== 'object' || data === null) return 'The webhook has no data object.'
  const fields = data as Record<string, unknown>
  const externalId = text(fields.externalTransactionId)
  const status = text(fields.status)
  if (!externalId || !status) return 'The transaction has no externalTransactionId or status.'
  const updatedAt = text(fields.updatedAt) ?? text(fields.createdAt)
  const updated = updatedAt ? Date.parse(updatedAt) : Number.NaN
  const currency = (fields.currency as { code?: unknown } | undefined)?.code
  const baseCurrency = (fields.baseCurrency as { code?: unknown } | undefined)?.code
  return {
    externalId,
    providerTransactionId: text(fields.id),
    status: statusOf(status),
    ...(Number.isFinite(updated) ? { providerUpdatedAt: new Date(updated) } : {}),
    cryptoCurrency: text(currency)?.toUpperCase(),
    cryptoAmount: amount(fields.quoteCurrencyAmount),
    fiatCurrency: text(baseCurrency)?.toUpperCase(),
    fiatAmount: amount(fields.baseCurrencyAmount),
    txHash: text(fields.cryptoTransactionId),
  }
}
