import { useLayoutEffect, useRef } from 'react'
import { hashString } from './safeUrl.js'

/**
 * A round gradient that is always the same for one address, so a visitor recognises their account
 * at a glance. Colours are set as custom properties from numbers through the CSSOM.
 */
export function AddressAvatar({ address, className }: { address: string; className: string }) {
  const ref = useRef<HTMLSpanElement>(null)
  useLayoutEffect(() => {
    const hash = hashString(address.toLowerCase())
    const hue = hash % 360
    const second = (hue + 90 + ((hash >>> 9) % 120)) % 360
    ref.current?.style.setProperty('--p-avatar-a', `hsl(${hue} 90% 66%)`)
    ref.current?.style.setProperty('--p-avatar-b', `hsl(${second} 75% 42%)`)
  }, [address])
  return <span ref={ref} className={className} aria-hidden="true" />
}
