import type { CaipNetworkId } from '../network/types.js'

/**
 * The fields of a sign-in message (SPEC §3 "Sign-in message fields"), as CAIP-122 names them.
 * Times are ISO 8601 strings; `chainId` is the CAIP-2 network the account signs on.
 */
export interface SiwxMessageData {
  /** The site asking, as `host[:port]` (RFC 3986 authority). */
  domain: string
  /** The account as its namespace writes it (not CAIP-10). */
  accountAddress: string
  /** A sentence the visitor reads in the wallet; no line breaks. */
  statement?: string
  /** The page or API the sign-in is for. */
  uri: string
  version: '1'
  chainId: CaipNetworkId
  /** At least 8 letters or digits, issued for this sign-in only. */
  nonce: string
  issuedAt: string
  expirationTime?: string
  notBefore?: string
  requestId?: string
  resources?: string[]
}

/** A signed sign-in message as CAIP-74 (CACAO) writes it; optional on a session (SPEC §3). */
export interface SiwxCacao {
  h: { t: 'caip122' }
  p: {
    domain: string
    /** CAIP-10 account (`eip155:1:0x…`). */
    iss: string
    /** The `uri` field. */
    aud: string
    version: string
    nonce: string
    iat: string
    nbf?: string
    exp?: string
    statement?: string
    requestId?: string
    resources?: string[]
  }
  /** Signature type (`eip191`, `eip1271`, `solana:ed25519`, …) and the signature. */
  s: { t: string; s: string }
}

/** A sign-in session (SPEC §3): the message's fields, the text that was signed, and the signature. */
export interface SiwxSession {
  data: SiwxMessageData
  message: string
  signature: string
  cacao?: SiwxCacao
}

/** A message ready to be signed: its fields and its exact text. */
export interface SiwxMessage {
  data: SiwxMessageData
  message: string
}

/**
 * Sign-in with a wallet (SIWX). Portico calls it on every connection change; `@portico/siwx`
 * builds one (`createSiwx`) over browser storage or a Portico server, and a site can write its own.
 */
export interface SiwxConfig {
  /** When true the modal cannot be closed without a session, and cancelling disconnects (SPEC §2, §4). */
  required?: boolean
  /** Sessions are signed out when the visitor disconnects. Default true. */
  signOutOnDisconnect?: boolean
  /**
   * The message the account signs on `chainId` (CAIP-2). For a sign-in while pairing a mobile wallet
   * (SPEC §5), it is called before the account is known, with the zero address: its nonce, domain,
   * URI, statement, times and resources are used, and the wallet writes in its own account.
   */
  createMessage(input: { chainId: CaipNetworkId; accountAddress: string }): Promise<SiwxMessage>
  /** Verifies and keeps a signed session; rejects when it is refused. */
  addSession(session: SiwxSession): Promise<void>
  /** The valid sessions of an account on a network (re-verified when read); empty when none. */
  getSessions(chainId: CaipNetworkId, accountAddress: string): Promise<SiwxSession[]>
  /** Signs the account out on that network. */
  revokeSession(chainId: CaipNetworkId, accountAddress: string): Promise<void>
}
