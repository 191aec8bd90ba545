// Pictures for the extensions the protocol does not describe (it carries no icon): Portico's own
// simple drawings (a coloured tile and a mark), not the wallets' logos, which are not ours to copy.

const svg = (body: string) =>
  `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40">${body}</svg>`)}`

const tile = (fill: string, mark: string) =>
  svg(`<rect width="40" height="40" rx="10" fill="${fill}"/>${mark}`)

const letter = (text: string, color = '#fff') =>
  `<text x="20" y="27" font-family="sans-serif" font-size="20" font-weight="700" text-anchor="middle" fill="${color}">${text}</text>`

/** A wallet the adapter knows by its `injectedWeb3` key: the name it shows under and its picture. */
export interface KnownWallet {
  name: string
  imageUrl: string
}

/** A ring: the drawing for an extension Portico has no picture of. */
export const GENERIC_WALLET_ICON = tile(
  '#6b7280',
  '<circle cx="20" cy="20" r="8" fill="none" stroke="#fff" stroke-width="3"/>',
)

/**
 * Names as each wallet announces itself in EVM and Solana too, so core shows one row for it
 * (it merges installed wallets by name).
 */
export const KNOWN_WALLETS: Readonly<Record<string, KnownWallet>> = {
  'polkadot-js': { name: 'polkadot{.js}', imageUrl: tile('#ff8c00', letter('{·}')) },
  talisman: { name: 'Talisman', imageUrl: tile('#d5ff5c', letter('T', '#1a1a1a')) },
  'subwallet-js': { name: 'SubWallet', imageUrl: tile('#004bff', letter('S')) },
  enkrypt: { name: 'Enkrypt', imageUrl: tile('#7c3aed', letter('E')) },
}

/** Nova Wallet's in-app browser answers under the `polkadot-js` key and marks itself. */
export const NOVA_WALLET: KnownWallet = { name: 'Nova Wallet', imageUrl: tile('#2a2f6b', letter('N')) }
