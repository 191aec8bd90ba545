import { type Address, checksumAddress } from 'viem'

const ADDRESS = /^0x[0-9a-fA-F]{40}$/

/**
 * Whether `address` is an EVM address a person may send to: 20 bytes of hex, and a valid EIP-55
 * checksum when it mixes cases (all-lowercase and all-uppercase carry no checksum). The send form
 * asks this on every keystroke, so it lives in the eager entry, not with the lazily loaded send.
 */
export function isEvmAddress(address: string): boolean {
  if (!ADDRESS.test(address)) return false
  const body = address.slice(2)
  if (body === body.toLowerCase() || body === body.toUpperCase()) return true
  return checksumAddress(address as Address) === address
}
