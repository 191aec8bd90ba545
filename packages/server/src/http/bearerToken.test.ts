import { describe, expect, test } from 'vitest'
import { createBearerToken, hashBearerToken, isBearerToken, readBearerToken } from './bearerToken.js'

describe('bearer tokens', () => {
  test('hands out tokens of the shape it accepts, a new one each time', () => {
    const first = createBearerToken()
    expect(isBearerToken(first)).toBe(true)
    expect(createBearerToken()).not.toBe(first)
  })

  test('stores the hex SHA-256 of a token, the same for the same token', () => {
    const token = createBearerToken()
    expect(hashBearerToken(token)).toMatch(/^[0-9a-f]{64}$/)
    expect(hashBearerToken(token)).toBe(hashBearerToken(token))
    expect(hashBearerToken(createBearerToken())).not.toBe(hashBearerToken(token))
  })

  test('reads the token of a Bearer header, whatever the case of the scheme and the spaces around', () => {
    const token = createBearerToken()
    expect(readBearerToken(`Bearer ${token}`)).toBe(token)
    expect(readBearerToken(`  bearer   ${token} `)).toBe(token)
  })

  test('reads nothing from another scheme, a missing token, or one of another shape', () => {
    const token = createBearerToken()
    expect(readBearerToken(`Basic ${token}`)).toBeUndefined()
    expect(readBearerToken('Bearer')).toBeUndefined()
    expect(readBearerToken(`Bearer ${token.slice(1)}`)).toBeUndefined()
    expect(readBearerToken(`Bearer ${token}=`)).toBeUndefined()
    expect(readBearerToken(`Bearer ${token} extra`)).toBeUndefined()
  })
})
