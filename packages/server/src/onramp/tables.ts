/** Card purchases (migration 008_onramp). */
import type { ColumnType } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>

export interface OnrampPurchasesTable {
  /** `moonpay` or `mercuryo`. */
  provider: string
  /** The id Portico put in the widget URL; the provider's webhooks name it. */
  external_id: string
  project_id: string
  /** As the visitor's namespace writes it; lower-case for eip155. */
  address: string
  /** CAIP-2 network the crypto is bought on. */
  chain: string
  /** Null until the provider's first webhook: an opened widget is not a purchase yet. */
  status: 'pending' | 'complete' | 'failed' | null
  provider_transaction_id: string | null
  crypto_currency: string | null
  crypto_amount: string | null
  fiat_currency: string | null
  fiat_amount: string | null
  tx_hash: string | null
  /** When the provider last changed it, as its webhook said; an older webhook changes nothing. */
  provider_updated_at: ColumnType<Date | null, Date | string | null, Date | string | null>
  /** The last webhook event applied (providers that number their events). */
  last_event_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface OnrampTables {
  onramp_purchases: OnrampPurchasesTable
}
