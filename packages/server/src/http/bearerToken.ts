/**
 * The bearer tokens of the server's sessions, the e-mail login's and sign-in's alike: 32 random bytes
 * in base64url, shown to the client once, of which only the SHA-256 is stored.
 */
import { createHash, randomBytes } from 'node:crypto'

/** 32 random bytes in base64url, no padding. */
const TOKEN = /^[A-Za-z0-9_-]{43}$/

/** A new bearer token: 32 random bytes, base64url. */
export function createBearerToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Whether `token` has the shape of a token this server hands out. */
export function isBearerToken(token: string): boolean {
  return TOKEN.test(token)
}

/** The stored form of a token: hex SHA-256. */
export function hashBearerToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * The token of an `Authorization: Bearer <token>` header, when it has the shape of one this server
 * hands out; undefined for any other header, so the caller says what is wrong in its own words.
 */
export function readBearerToken(header: string): string | undefined {
  const token = /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1]
  return token !== undefined && isBearerToken(token) ? token : undefined
}
