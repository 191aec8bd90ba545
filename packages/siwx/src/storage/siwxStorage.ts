import type { CaipNetworkId, SiwxSession } from '@portico/core'

/** Where `createSiwx` keeps sessions: the browser (`createBrowserSiwxStorage`) or a Portico server. */
export interface SiwxStorage {
  /** A nonce for the next message; `createSiwx` makes a random one when absent. */
  getNonce?(input: { chainId: CaipNetworkId; accountAddress: string }): Promise<string>
  /** Verifies and keeps a session; rejects with why it was refused. */
  add(session: SiwxSession): Promise<void>
  /** The account's valid sessions on the network, each verified again when read. */
  get(chainId: CaipNetworkId, accountAddress: string): Promise<SiwxSession[]>
  /** Forgets (signs out) the account's sessions on the network. */
  delete(chainId: CaipNetworkId, accountAddress: string): Promise<void>
}
