import type { PhantomBitcoinProvider } from './phantomBitcoinDriver.js'
import type { UnisatProvider } from './unisatDriver.js'

// Pictures for the injected wallets: Portico's own simple drawings (a coloured tile and a mark), not
// the wallets' logos, which are not ours to copy. The injected APIs carry no icon of their own.

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${body}</svg>`)}`

const tile = (fill: string, mark: string) =>
  svg(`<rect width="40" height="40" rx="10" fill="${fill}"/>${mark}`)

const letter = (text: string, color = '#fff', size = 20) =>
  `<text x="20" y="${20 + size * 0.35}" font-family="sans-serif" font-size="${size}" font-weight="700" text-anchor="middle" fill="${color}">${text}</text>`

/** Which API a wallet's object speaks. */
export type InjectedBitcoinApi = 'unisat' | 'phantom'

/** A wallet that puts a Bitcoin provider on `window`: where, which API, and how it is shown. */
export interface InjectedBitcoinWallet {
  /** The connector id's tail: `injected:<key>`. */
  key: string
  /** The path of its provider object on `window`. */
  path: readonly string[]
  api: InjectedBitcoinApi
  /** As the wallet announces itself in EVM and Solana too, so core shows one row for it (it merges by name). */
  name: string
  imageUrl: string
}

/** The wallets known by where they inject the Unisat-style API or Phantom's bitcoin provider. */
export const INJECTED_BITCOIN_WALLETS: readonly InjectedBitcoinWallet[] = [
  {
    key: 'unisat',
    path: ['unisat'],
    api: 'unisat',
    name: 'UniSat Wallet',
    imageUrl: tile('#ff7a00', letter('U')),
  },
  {
    key: 'okx',
    path: ['okxwallet', 'bitcoin'],
    api: 'unisat',
    name: 'OKX Wallet',
    imageUrl: tile('#000', letter('OKX', '#fff', 13)),
  },
  {
    key: 'bitget',
    path: ['bitkeep', 'unisat'],
    api: 'unisat',
    name: 'Bitget Wallet',
    imageUrl: tile('#00f0ff', letter('B', '#0b0b0b')),
  },
  {
    key: 'phantom',
    path: ['phantom', 'bitcoin'],
    api: 'phantom',
    name: 'Phantom',
    imageUrl: tile('#ab9ff2', letter('P')),
  },
]

/** The connector id of an injected wallet. */
export function getInjectedConnectorId(wallet: Pick<InjectedBitcoinWallet, 'key'>): string {
  return `injected:${wallet.key}`
}

/** The object at `path` on `target`, own properties only (a page's prototype cannot plant one). */
export function readInjected(target: object, path: readonly string[]): object | undefined {
  let value: unknown = target
  for (const key of path) {
    if (typeof value !== 'object' || value === null) return undefined
    // Extensions define their objects as own properties of window (or of their namespace object).
    const descriptor = Object.getOwnPropertyDescriptor(value, key)
    value = descriptor
      ? descriptor.get
        ? (value as Record<string, unknown>)[key]
        : descriptor.value
      : undefined
  }
  return typeof value === 'object' && value !== null ? value : undefined
}

/** Whether `value` has the calls the driver cannot do without. */
export function isUnisatProvider(value: object): value is UnisatProvider {
  const provider = value as Partial<Record<keyof UnisatProvider, unknown>>
  return (
    typeof provider.requestAccounts === 'function' &&
    typeof provider.getAccounts === 'function' &&
    typeof provider.signMessage === 'function' &&
    typeof provider.signPsbt === 'function'
  )
}

/** Whether `value` has the calls of Phantom's bitcoin provider the driver uses. */
export function isPhantomBitcoinProvider(value: object): value is PhantomBitcoinProvider {
  const provider = value as Partial<Record<keyof PhantomBitcoinProvider, unknown>>
  return (
    typeof provider.requestAccounts === 'function' &&
    typeof provider.signMessage === 'function' &&
    typeof provider.signPSBT === 'function'
  )
}
