import type { CaipNetworkId, ChainNamespace, SiwxMessageData } from '@portico/core'

/** What a verifier is given: the message's fields, its exact text, and the wallet's signature. */
export interface SiwxVerifyInput {
  data: SiwxMessageData
  message: string
  signature: string
}

/**
 * Checks signatures of one namespace. `@portico/siwx/eip155`, `/solana`, `/bip122` and `/polkadot`
 * each export one; a site can add its own.
 */
export interface SiwxVerifier {
  namespace: ChainNamespace
  /** Whether signatures on this network can be checked; every network of the namespace when absent. */
  supports?(chainId: CaipNetworkId): boolean
  /** True when `signature` is `data.accountAddress`'s signature of `message`. Never throws for a bad signature. */
  verify(input: SiwxVerifyInput): Promise<boolean>
  /** The CACAO signature type (`eip191`, `solana:ed25519`, …) of a signature it accepted. */
  signatureType?(input: SiwxVerifyInput): string
}
