/**
 * Mercuryo's hosted widget (https://widget.docs.mercuryo.io): offered by Portico on eip155 networks
 * only (SPEC §9: one provider for eip155 only, the other for eip155 and solana).
 *
 * URL signing, as Mercuryo documents it ("Signature generation"): `v2:` followed by the hex SHA-512
 * of the address, the widget's secret, the visitor's IP and the merchant transaction id, written one
 * after the other; the address and the transaction id must also be in the URL.
 *
 * Callbacks, as Mercuryo documents them ("Callbacks & webhooks"): the `X-Signature` header is the
 * hex HMAC-SHA256 of the raw JSON body keyed with the widget's sign key. They carry no signing time,
 * so a replayed callback is harmless by construction here: an event id already applied, or an update
 * older than the one stored, changes nothing.
 */
import { createHash, createHmac } from 'node:crypto'
import type { WebhookCheck } from './moonPay.js'
import type { OnrampStatus, PurchaseUpdate } from './purchases.js'
import { safeEqualText } from './safeEqual.js'

/** Mercuryo's currency and network for the networks it is offered on; a project's `currencies` add to them. */
export const MERCURYO_CURRENCIES: Readonly<Record<string, { currency: string; network: string }>> = {
  'eip155:1': { currency: 'ETH', network: 'ETHEREUM' },
  'eip155:10': { currency: 'ETH', network: 'OPTIMISM' },
  'eip155:56': { currency: 'BNB', network: 'BINANCESMARTCHAIN' },
  'eip155:137': { currency: 'POL', network: 'POLYGON' },
  'eip155:8453': { currency: 'ETH', network: 'BASE' },
  'eip155:42161': { currency: 'ETH', network: 'ARBITRUM' },
}

/** The `signature` parameter of a Mercuryo widget URL. */
export function mercuryoSignature(parameters: {
  address: string
  secret: string
  ip: string
  merchantTransactionId: string
}): string {
  const { address, secret, ip, merchantTransactionId } = parameters
  return `v2:${createHash('sha512').update(`${address}${secret}${ip}${merchantTransactionId}`).digest('hex')}`
}

/** Checks a callback's `X-Signature` header against its raw body, in constant time. */
export function verifyMercuryoCallback(parameters: {
  header: string | undefined
  body: string
  signKey: string
}): WebhookCheck {
  const { header, body, signKey } = parameters
  if (!header) return { ok: false, reason: 'The X-Signature header is missing.' }
  if (!/^[0-9a-f]{64}$/i.test(header))
    return { ok: false, reason: 'The X-Signature header is not 64 hex digits.' }
  const given = header.toLowerCase()
  const sign = (text: string) => createHmac('sha256', signKey).update(text).digest('hex')
  // Mercuryo's guide has asked for the body as received and, in another edition, with its
  // whitespace removed; either is a signature made with the sign key.
  if (safeEqualText(sign(body), given) || safeEqualText(sign(body.replace(/\s/g, '')), given))
    return { ok: true }
  return { ok: false, reason: 'The X-Signature signature does not match the body.' }
}

/** Mercuryo's transaction statuses as Portico's three. */
function statusOf(status: string): OnrampStatus {
  if (status === 'paid' || status === 'completed') return 'complete'
  if (['failed', 'cancelled', 'order_failed', 'descriptor_failed', 'rejected'].includes(status))
    return 'failed'
  // new, pending, order_scheduled, …: still on its way.
  return 'pending'
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.length > 0 && value.length <= 200 ? value : undefined
const amount = (value: unknown): string | undefined => {
  const written = typeof value === 'number' && Number.isFinite(value) ? String(value) : value
  return typeof written === 'string' && /^\d{1,30}(\.\d{1,30})?$/.test(written) ? written : undefined
}

/** When Mercuryo last changed the transaction: `updated_at_ts` (seconds), else `updated_at` (UTC). */
function updatedAt(fields: Record<string, unknown>): Date | undefined {
  const seconds = fields.updated_at_ts ?? fields.created_at_ts
  if (typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0) return new Date(seconds * 1000)
  const written = text(fields.updated_at) ?? text(fields.created_at)
  if (!written) return undefined
  // `2024-05-01 12:00:00` is UTC in Mercuryo's payloads.
  const parsed = Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(written) ? written : `${written.replace(' ', 'T')}Z`)
  return Number.isFinite(parsed) ? new Date(parsed) : undefined
}

/** What a Mercuryo callback says about a purchase, or a reason it is not one of ours. */
export function readMercuryoCallback(payload: unknown): PurchaseUpdate | string {
  if (typeof payload !== 'object' || payload === null) return 'The body is not a JSON object.'
  const root = payload as Record<string, unknown>
  const data = root.data ?? root.payload
  if (typeof data !== 'object' || data === null) return 'The callback has no data object.'
  const fields = data as Record<string, unknown>
  const externalId = text(fields.merchant_transaction_id)
  const status = text(fields.status)
  if (!externalId || !status) return 'The transaction has no merchant_transaction_id or status.'
  if (fields.type !== undefined && fields.type !== 'buy')
    return `A ${String(fields.type)} transaction is not a purchase.`
  const providerUpdatedAt = updatedAt(fields)
  const tx = typeof fields.tx === 'object' && fields.tx !== null ? (fields.tx as Record<string, unknown>) : {}
  return {
    externalId,
    providerTransactionId: text(fields.id),
    eventId: text(root.eventId) ?? text(root.event_id),
    status: statusOf(status),
    ...(providerUpdatedAt ? { providerUpdatedAt } : {}),
    cryptoCurrency: text(fields.currency)?.toUpperCase(),
    cryptoAmount: amount(fields.amount),
    fiatCurrency: text(fields.fiat_currency)?.toUpperCase(),
    fiatAmount: amount(fields.fiat_amount),
    txHash: text(tx.id),
  }
}
