// A small portico (pediment over three columns) on a teal tile; readable at 24 px.
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="#14b8a6"/><stop offset="1" stop-color="#0f766e"/></linearGradient></defs>
<rect width="96" height="96" rx="22" fill="url(#g)"/>
<path d="M48 18 78 36H18Z" fill="#f0fdfa"/>
<rect x="24" y="40" width="8" height="30" rx="2" fill="#f0fdfa"/>
<rect x="44" y="40" width="8" height="30" rx="2" fill="#f0fdfa"/>
<rect x="64" y="40" width="8" height="30" rx="2" fill="#f0fdfa"/>
<rect x="18" y="72" width="60" height="7" rx="2" fill="#f0fdfa"/>
</svg>`

// The same tile in amber, so two dev wallets can be told apart in the modal.
const secondSvg = svg
  .replace('#14b8a6', '#f59e0b')
  .replace('#0f766e', '#b45309')
  .replaceAll('#f0fdfa', '#fffbeb')

const toDataUri = (source: string) => `data:image/svg+xml,${encodeURIComponent(source.replace(/\n/g, ''))}`

/** The dev wallet's name, shared by its EVM (EIP-6963) and Solana (Wallet Standard) faces. */
export const DEV_WALLET_NAME = 'Portico Dev Wallet'

/** The icon of "Portico Dev Wallet" as an SVG data URI. */
export const DEV_WALLET_ICON = toDataUri(svg)

/** The icon of "Second Dev Wallet" as an SVG data URI. */
export const SECOND_DEV_WALLET_ICON = toDataUri(secondSvg)
