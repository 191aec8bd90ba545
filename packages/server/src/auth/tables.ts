/**
 * The e-mail login tables (migrations 004_auth and 005_auth_mails): users, their devices,
 * one-time codes, sessions, encrypted wallets, the per-address mail cool-down and the mails of the
 * last 24 hours that the daily cap counts. No column holds a secret in the clear:
 * codes and tokens are stored as keyed or plain hashes, seeds only as ciphertext.
 */
import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>

export interface AuthUsersTable {
  /** A random UUID, handed to the frame as `user.id`. */
  id: string
  /**
   * Normalised (trimmed, NFC, lower-cased; see `email.ts`); unique. NULL for a user made from a
   * social login without a verified e-mail (migration 014_social) or from a Farcaster login, whose
   * fid is in `auth_farcaster_users` (migration 015_farcaster).
   */
  email: string | null
  created_at: Timestamp
  /** 'eoa' or 'smartAccount' once the user chose (migration 013_preferred_account); NULL means the default. */
  preferred_account_type: ColumnType<string | null, string | null | undefined, string | null>
}

export interface AuthDevicesTable {
  user_id: string
  /** The random id the frame keeps in its browser. */
  device_id: string
  /** Set when the user logged in on it or followed the approval link from a mail. */
  approved_at: NullableTimestamp
  /** HMAC of the pending approval link's token; cleared once used. */
  approval_token_hash: string | null
  approval_expires_at: NullableTimestamp
  /** When the pending link was mailed, shown on the approval page (migration 005). */
  approval_requested_at: NullableTimestamp
  /** The project whose login mailed the pending link, named on the approval page (migration 005). */
  approval_project_id: string | null
  created_at: Timestamp
}

/** Why a code was mailed. */
export type AuthCodePurpose = 'login' | 'update_primary' | 'update_secondary'

export interface AuthCodesTable {
  id: Generated<string>
  purpose: AuthCodePurpose
  /** The address the code was mailed to. */
  email: string
  project_id: string
  /** Login codes only: the device the code may log in. */
  device_id: string | null
  /** E-mail updates only: whose address changes, to what, and which two codes belong together. */
  user_id: string | null
  new_email: string | null
  request_id: string | null
  /** HMAC-SHA256 of the code under a key derived from the master key, hex. */
  code_hash: string
  attempts: ColumnType<number, number | undefined, number>
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}

export interface AuthSessionsTable {
  id: Generated<string>
  /** Hex SHA-256 of the bearer token; the token itself is never stored. */
  token_hash: string
  user_id: string
  project_id: string
  device_id: string
  created_at: Timestamp
  expires_at: Timestamp
  revoked_at: NullableTimestamp
  /** The provider of the social login that opened the session; null for an e-mail login (migration 014_social). */
  social_provider: ColumnType<string | null, string | null | undefined, string | null>
}

/** One encrypted seed per user (see `seedVault.ts`); base64 texts. */
export interface AuthWalletsTable {
  user_id: string
  key_iv: string
  key_tag: string
  wrapped_key: string
  seed_iv: string
  seed_tag: string
  seed_ciphertext: string
  created_at: Timestamp
}

export interface AuthEmailCooldownsTable {
  /** The address of a login mail, or `change:<user id>` for the mails of an e-mail change. */
  email: string
  /** When the last mail a person asked for went out; the next one waits `emailCooldownMs` after it. */
  last_sent_at: Timestamp
}

export interface AuthMailLogTable {
  id: Generated<string>
  /** The normalised address the mail went to; only mails that were accepted for delivery stay. */
  email: string
  sent_at: Timestamp
  /** Who asked for the mail (migration 006); null on older rows. */
  client_ip: string | null
  device_id: string | null
  project_id: string | null
}

/** A provider's account linked to a user (migration 014_social): one identity, one user. */
export interface AuthSocialIdentitiesTable {
  /** `google`, `x`, `discord`, `github`, `apple` or `facebook`. */
  provider: string
  /** The provider's stable id of the account (`sub`, the numeric id, ...), never its username. */
  subject: string
  user_id: string
  /** The e-mail the provider gave at the last login, if any. */
  email: string | null
  /** Whether the provider said the e-mail is verified; only then was it used to link accounts. */
  email_verified: boolean
  /** The username shown in Account (`@handle`, the display name, ...). */
  username: string | null
  created_at: Timestamp
  last_login_at: Timestamp
}

/** What an attempt is waiting for or ended with. */
export type AuthSocialAttemptStatus = 'pending' | 'done' | 'failed' | 'finished'

/**
 * A social login between the frame's start and its finish (migration 014_social). The state is stored as
 * its hash; the PKCE verifier and the OIDC nonce are derived from the state with a key of the
 * master key, so nothing here lets anyone finish a login.
 */
export interface AuthSocialAttemptsTable {
  /** HMAC of the state the provider carries back. */
  state_hash: string
  project_id: string
  provider: string
  device_id: string
  /** SHA-256 of the secret only the frame holds; the finish must show the secret. */
  secret_hash: string
  /** Where a full-page redirect comes back to; null for a popup. */
  redirect_to: string | null
  status: AuthSocialAttemptStatus
  /** The user the provider's identity became, once the callback succeeded. */
  user_id: string | null
  user_created: boolean | null
  /** Why the callback failed (an API error code and its message). */
  error_code: string | null
  error_message: string | null
  created_at: Timestamp
  expires_at: Timestamp
  /** When the provider's callback came; a second one is refused (the code is exchanged once). */
  callback_at: NullableTimestamp
  /** When the frame took the session; a second finish is refused. */
  finished_at: NullableTimestamp
  /**
   * SHA-256 of the one-time proof the callback sent, with the state, to the site's page in the
   * browser that approved (migration 016_social_proof); the finish must show the proof.
   */
  proof_hash: string | null
}

/** A Farcaster account's user (migration 015_farcaster); the profile is display data the relay passed on. */
export interface AuthFarcasterUsersTable {
  fid: ColumnType<string, string | bigint, string | bigint>
  user_id: string
  username: string | null
  display_name: string | null
  pfp_url: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

/** A sign-in channel the server opened on the Farcaster relay; one login at most (migration 015_farcaster). */
export interface AuthFarcasterChannelsTable {
  /** A random id the frame names the channel by; the relay's token stays on the server. */
  id: string
  channel_token: string
  /** The nonce the server issued, which the signed message must carry. */
  nonce: string
  /** The site's host the signed message must name (SIWE `domain`). */
  domain: string
  project_id: string
  device_id: string
  created_at: Timestamp
  expires_at: Timestamp
  used_at: NullableTimestamp
}

export interface AuthTables {
  auth_users: AuthUsersTable
  auth_devices: AuthDevicesTable
  auth_codes: AuthCodesTable
  auth_sessions: AuthSessionsTable
  auth_wallets: AuthWalletsTable
  auth_email_cooldowns: AuthEmailCooldownsTable
  auth_mail_log: AuthMailLogTable
  auth_social_identities: AuthSocialIdentitiesTable
  auth_social_attempts: AuthSocialAttemptsTable
  auth_farcaster_users: AuthFarcasterUsersTable
  auth_farcaster_channels: AuthFarcasterChannelsTable
}
