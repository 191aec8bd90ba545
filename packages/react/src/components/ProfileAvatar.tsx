import { AddressAvatar } from './AddressAvatar.js'

/**
 * The account's avatar (its ENS avatar, already checked by core and given as a data: URL), or the
 * generated gradient of its address when it has none.
 */
export function ProfileAvatar({
  address,
  image,
  className,
}: {
  address: string
  image: string | undefined
  className: string
}) {
  if (image?.startsWith('data:image/'))
    return <img src={image} alt="" className={className} aria-hidden="true" />
  return <AddressAvatar address={address} className={className} />
}
