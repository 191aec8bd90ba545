/**
 * Buying with a card (SPEC §9 card purchase): the keys each project registered with the two
 * providers. The publishable parts may also sit in the site's page; the secrets live only here, so
 * the widget URL is signed by the server and webhooks are checked with keys no page ever sees.
 */
import { CAIP2_PATTERN } from '@portico/core/api'
import * as z from 'zod'

const caipNetworkId = z.string().regex(CAIP2_PATTERN, 'expected a CAIP-2 id such as eip155:1')

const secret = z.string().min(8, 'expected the key as the provider shows it (8 characters or more)')

export const moonPayConfigSchema = z.object({
  /** The publishable key (`pk_live_…` / `pk_test_…`); the widget URL's `apiKey`. */
  publishableKey: z.string().min(1),
  /** The secret key (`sk_…`): signs the widget URL (HMAC-SHA256 of its query, base64). */
  secretKey: secret,
  /** The webhook key: checks the `Moonpay-Signature-V2` header of MoonPay's webhooks. */
  webhookKey: secret,
  /** The widget's origin; MoonPay's sandbox is `https://buy-sandbox.moonpay.com`. */
  widgetUrl: z.url().default('https://buy.moonpay.com'),
  /** MoonPay's currency code per network, over the built-in table (`eip155:1` → `eth`, …). */
  currencies: z.record(caipNetworkId, z.string().regex(/^[a-z0-9_]{2,32}$/)).default({}),
})
export type MoonPayConfig = z.infer<typeof moonPayConfigSchema>

export const mercuryoConfigSchema = z.object({
  /** The widget id (a UUID in Mercuryo's dashboard); the widget URL's `widget_id`. */
  widgetId: z.string().min(1),
  /** The widget's secret: signs each URL (`v2:` + SHA-512 of address, secret, IP and transaction id). */
  secret,
  /** The sign key: checks the `X-Signature` header of Mercuryo's callbacks. */
  signKey: secret,
  /** The widget's origin; Mercuryo's sandbox is `https://sandbox-exchange.mrcr.io`. */
  widgetUrl: z.url().default('https://exchange.mercuryo.io'),
  /** Mercuryo's currency and network per network, over the built-in table (`eip155:1` → ETH on ETHEREUM). */
  currencies: z
    .record(
      caipNetworkId,
      z.object({
        currency: z.string().regex(/^[A-Z0-9]{2,16}$/),
        network: z.string().regex(/^[A-Z0-9_]{2,32}$/),
      }),
    )
    .default({}),
})
export type MercuryoConfig = z.infer<typeof mercuryoConfigSchema>

export const onrampConfigSchema = z.object({
  /** Each project's provider keys, by projectId; a project without keys for a provider cannot buy through it. */
  projects: z
    .record(
      z.string(),
      z.object({ moonpay: moonPayConfigSchema.optional(), mercuryo: mercuryoConfigSchema.optional() }),
    )
    .default({}),
  /**
   * How old a signed webhook may be, in seconds (MoonPay's signature carries its time). Older ones
   * are refused as replays.
   */
  webhookToleranceSeconds: z.number().int().min(30).max(3_600).default(300),
})
export type OnrampConfig = z.infer<typeof onrampConfigSchema>
