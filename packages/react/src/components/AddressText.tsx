import { shortenAddress } from '@portico/core'

/**
 * An address shortened to fit, shown whole while the pointer is over it or it has focus; screen
 * readers get the whole address.
 */
export function AddressText({ address }: { address: string }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: focus is how keyboard users see the whole address
    <span className="address" tabIndex={0} title={address}>
      <span className="visually-hidden">{address}</span>
      <span className="short" aria-hidden="true">
        {shortenAddress(address)}
      </span>
      <span className="full" aria-hidden="true">
        {address}
      </span>
    </span>
  )
}
