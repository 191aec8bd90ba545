import type { Network } from '@portico/core'
import type { Address, Client } from 'viem'

export interface EvmNamesOptions {
  /**
   * The ENS universal resolver per chain id, merged over `DEFAULT_UNIVERSAL_RESOLVERS`: a site on
   * a chain with its own ENS deployment (a test chain) lists it here; `null` turns names off for
   * a chain. An entry that is not an address fails every lookup on its chain.
   * @example { 31337: '0x…' }
   */
  universalResolvers?: Readonly<Record<number, Address | null>>
  /** How long one lookup (CCIP-Read gateways included) may take. Default 10 s. */
  timeoutMs?: number
}

export interface CreateNamesCapabilityOptions extends EvmNamesOptions {
  getClient(network: Network): Promise<Client>
}
