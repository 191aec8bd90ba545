import { useState } from 'react'
import { hashString, isSafeImageUrl } from './safeUrl.js'

export type PictureProps = {
  /** Used for the letter fallback and its colour; the image itself is decorative. */
  name: string
  url: string | undefined
  className: string
  letterClassName: string
}

/**
 * A wallet or network picture: the image when its URL is safe and it loads, otherwise the first
 * letter of the name on a colour derived from the name. Decorative: the row around it names it.
 */
export function Picture({ name, url, className, letterClassName }: PictureProps) {
  const [failed, setFailed] = useState(false)
  const showImage = isSafeImageUrl(url) && !failed
  return (
    <span className={className} aria-hidden="true">
      {showImage ? (
        <img src={url} alt="" draggable={false} onError={() => setFailed(true)} />
      ) : (
        <span
          ref={(element) => {
            // Set through the CSSOM, from a number: no style attribute in the markup.
            element?.style.setProperty('--p-letter-hue', String(hashString(name) % 360))
          }}
          className={letterClassName}
        >
          {(name.trim()[0] ?? '?').toUpperCase()}
        </span>
      )}
    </span>
  )
}
