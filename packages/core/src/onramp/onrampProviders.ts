import type { ChainNamespace } from '../network/types.js'

export type OnrampProviderId = 'moonpay' | 'mercuryo'

/** A card-purchase provider as the Buy view shows it (SPEC §9 card purchase). */
export interface OnrampProvider {
  id: OnrampProviderId
  name: string
  /** The fee the provider charges, in percent of the amount: SPEC §9 says 1–2 for both. */
  feeRange: readonly [number, number]
  /** The namespaces Portico offers it on. */
  namespaces: readonly ChainNamespace[]
  /** The fiat currencies the Buy view lets the visitor pick; the provider's widget can change it. */
  currencies: readonly string[]
}

/**
 * The two providers of SPEC §9: MoonPay for eip155 and solana, Mercuryo for eip155 only. A site
 * offers the ones it registered with (`onramp` in the config; its Portico server holds the secrets).
 */
export const ONRAMP_PROVIDERS: readonly OnrampProvider[] = [
  {
    id: 'moonpay',
    name: 'MoonPay',
    feeRange: [1, 2],
    namespaces: ['eip155', 'solana'],
    currencies: ['USD', 'EUR', 'GBP'],
  },
  {
    id: 'mercuryo',
    name: 'Mercuryo',
    feeRange: [1, 2],
    namespaces: ['eip155'],
    currencies: ['EUR', 'USD', 'GBP'],
  },
]

/**
 * The time zones where buying is not offered (SPEC §6, §9): mainland China, Hong Kong and Macau,
 * with the IANA names and links browsers may report for them.
 */
export const ONRAMP_RESTRICTED_TIME_ZONES: readonly string[] = [
  'Asia/Shanghai',
  'Asia/Chongqing',
  'Asia/Chungking',
  'Asia/Harbin',
  'Asia/Urumqi',
  'Asia/Kashgar',
  'PRC',
  'Asia/Hong_Kong',
  'Hongkong',
  'Asia/Macau',
  'Asia/Macao',
]

/** Whether buying is hidden in `timeZone` (the browser's when omitted). */
export function isOnrampRestricted(timeZone: string | undefined = currentTimeZone()): boolean {
  return timeZone !== undefined && ONRAMP_RESTRICTED_TIME_ZONES.includes(timeZone)
}

function currentTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone
  } catch {
    return undefined
  }
}
