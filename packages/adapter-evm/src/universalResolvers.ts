import type { Address } from 'viem'

/**
 * ENS's universal resolver on mainnet and Sepolia (viem's chain definitions): where identity is
 * read by default. A network not listed here, and not in `ens.universalResolvers`, has no names.
 */
export const DEFAULT_UNIVERSAL_RESOLVERS: Readonly<Record<number, Address>> = {
  1: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe',
  11155111: '0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe',
}
