/**
 * Card purchases as the server stores them: opened when Portico signs a widget URL, updated by the
 * provider's verified webhooks, and read back into an account's history (SPEC §7 `onramp`).
 */
import type { Transaction } from '@portico/core/api'
import type { Kysely } from 'kysely'
import type { Database } from '../db/schema.js'

export type OnrampProviderId = 'moonpay' | 'mercuryo'
export type OnrampStatus = 'pending' | 'complete' | 'failed'

/** What one webhook says about a purchase. */
export interface PurchaseUpdate {
  externalId: string
  status: OnrampStatus
  providerTransactionId?: string | undefined
  eventId?: string | undefined
  providerUpdatedAt?: Date
  cryptoCurrency?: string | undefined
  cryptoAmount?: string | undefined
  fiatCurrency?: string | undefined
  fiatAmount?: string | undefined
  txHash?: string | undefined
}

/** Records a widget opened for `address` on `chain`; its purchase shows once a webhook names it. */
export async function openPurchase(
  db: Kysely<Database>,
  purchase: {
    provider: OnrampProviderId
    externalId: string
    projectId: string
    address: string
    chain: string
    now: Date
  },
): Promise<void> {
  await db
    .insertInto('onramp_purchases')
    .values({
      provider: purchase.provider,
      external_id: purchase.externalId,
      project_id: purchase.projectId,
      address: purchase.address,
      chain: purchase.chain,
      status: null,
      provider_transaction_id: null,
      crypto_currency: null,
      crypto_amount: null,
      fiat_currency: null,
      fiat_amount: null,
      tx_hash: null,
      provider_updated_at: null,
      last_event_id: null,
      created_at: purchase.now,
      updated_at: purchase.now,
    })
    .execute()
}

/**
 * How long a widget that no webhook has named stays on record. A visitor who opens the Buy widget
 * and never pays leaves a row; a week covers a purchase paid days after the widget was opened.
 */
export const UNUSED_PURCHASE_TTL_MS = 7 * 24 * 60 * 60 * 1000

/** Drops the widgets opened before `before` that no webhook ever named; returns how many. */
export async function sweepUnusedPurchases(db: Kysely<Database>, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('onramp_purchases')
    .where('status', 'is', null)
    .where('created_at', '<', before)
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export type ApplyResult = 'applied' | 'unknown' | 'stale'

/**
 * Applies a verified webhook to the purchase of `projectId` it names. A purchase Portico did not
 * open is `unknown`; an event already applied, or one older than the stored state, is `stale` and
 * changes nothing, so a replayed or late webhook never moves a purchase back.
 */
export async function applyPurchaseUpdate(
  db: Kysely<Database>,
  parameters: { provider: OnrampProviderId; projectId: string; update: PurchaseUpdate; now: Date },
): Promise<ApplyResult> {
  const { provider, projectId, update, now } = parameters
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('onramp_purchases')
      .selectAll()
      .where('provider', '=', provider)
      .where('external_id', '=', update.externalId)
      .where('project_id', '=', projectId)
      .forUpdate()
      .executeTakeFirst()
    if (!row) return 'unknown'
    if (update.eventId && row.last_event_id === update.eventId) return 'stale'
    const storedAt = row.provider_updated_at ? new Date(row.provider_updated_at).getTime() : undefined
    const givenAt = update.providerUpdatedAt?.getTime()
    if (storedAt !== undefined && givenAt !== undefined && givenAt < storedAt) return 'stale'
    // A finished purchase stays finished, whatever a webhook of the same instant says.
    if ((row.status === 'complete' || row.status === 'failed') && update.status === 'pending') return 'stale'
    await trx
      .updateTable('onramp_purchases')
      .set({
        status: update.status,
        provider_transaction_id: update.providerTransactionId ?? row.provider_transaction_id,
        crypto_currency: update.cryptoCurrency ?? row.crypto_currency,
        crypto_amount: update.cryptoAmount ?? row.crypto_amount,
        fiat_currency: update.fiatCurrency ?? row.fiat_currency,
        fiat_amount: update.fiatAmount ?? row.fiat_amount,
        tx_hash: update.txHash ?? row.tx_hash,
        provider_updated_at: update.providerUpdatedAt ?? row.provider_updated_at,
        last_event_id: update.eventId ?? row.last_event_id,
        updated_at: now,
      })
      .where('provider', '=', provider)
      .where('external_id', '=', update.externalId)
      .execute()
    return 'applied'
  })
}

/** The most purchases one history page carries. */
export const MAX_PURCHASES_IN_HISTORY = 20

const PROVIDER_NAMES: Record<string, string> = { moonpay: 'MoonPay', mercuryo: 'Mercuryo' }

/**
 * An account's purchases on `chain` that a provider reported on, newest first, as transactions of
 * the history (`metadata.onramp` says provider and status; the crypto bought is an incoming
 * transfer once its amount is known).
 */
export async function listPurchases(
  db: Kysely<Database>,
  parameters: { address: string; chain: string },
): Promise<Transaction[]> {
  const rows = await db
    .selectFrom('onramp_purchases')
    .selectAll()
    .where('address', '=', parameters.address)
    .where('chain', '=', parameters.chain)
    .where('status', 'is not', null)
    .orderBy('updated_at', 'desc')
    .limit(MAX_PURCHASES_IN_HISTORY)
    .execute()
  return rows.map((row) => {
    const status = row.status as OnrampStatus
    const at = new Date(row.provider_updated_at ?? row.updated_at)
    const cryptoAmount = row.crypto_amount === null ? undefined : trimDecimal(row.crypto_amount)
    return {
      id: `onramp:${row.provider}:${row.external_id}`,
      metadata: {
        operationType: 'receive',
        hash: row.tx_hash ?? '',
        minedAt: at.toISOString(),
        sentFrom: PROVIDER_NAMES[row.provider] ?? row.provider,
        sentTo: row.address,
        status: status === 'complete' ? 'confirmed' : status,
        nonce: 0,
        chain: row.chain,
        onramp: {
          provider: row.provider,
          status,
        },
      },
      transfers:
        cryptoAmount !== undefined && row.crypto_currency
          ? [
              {
                direction: 'in',
                quantity: { numeric: cryptoAmount },
                fungible_info: { name: row.crypto_currency, symbol: row.crypto_currency },
              },
            ]
          : [],
    } satisfies Transaction
  })
}

/** `12.500000` → `12.5`, as the history writes decimals. */
function trimDecimal(value: string): string {
  return value.includes('.') ? value.replace(/0+$/, '').replace(/\.$/, '') : value
}
