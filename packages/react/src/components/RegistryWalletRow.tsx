import type { RegistryWallet } from '@portico/core'
import { useState } from 'react'
import { hashString, isSafeImageUrl } from './safeUrl.js'

export type RegistryWalletRowProps = {
  wallet: RegistryWallet
  onSelect: (wallet: RegistryWallet) => void
}

/**
 * A registry wallet in AllWallets: its picture only when the server supplied a safe one (loaded
 * lazily, as the list is long), otherwise its first letter on a colour derived from its id.
 */
export function RegistryWalletRow({ wallet, onSelect }: RegistryWalletRowProps) {
  const [failed, setFailed] = useState(false)
  const url = wallet.imageUrl
  const showImage = isSafeImageUrl(url) && !failed
  return (
    <button type="button" className="row" data-list-item onClick={() => onSelect(wallet)}>
      <span className="picture" aria-hidden="true">
        {showImage ? (
          <img
            src={url}
            alt=""
            loading="lazy"
            decoding="async"
            draggable={false}
            onError={() => setFailed(true)}
          />
        ) : (
          <span
            ref={(element) => {
              // Set through the CSSOM, from a number: no style attribute in the markup.
              element?.style.setProperty('--p-letter-hue', String(hashString(wallet.id) % 360))
            }}
            className="letter"
            data-monogram
          >
            {(wallet.name.trim()[0] ?? '?').toUpperCase()}
          </span>
        )}
      </span>
      <span className="row-name">{wallet.name}</span>
    </button>
  )
}
