import type { ApiErrorCode } from '@portico/core/api'
import { BaseError } from '@portico/core/errors'
import { HttpRequestError } from 'viem'
import { describe, expect, expectTypeOf, it } from 'vitest'
import { InvalidCursorError, LeaseLostError } from './activity/errors.js'
import { InvalidAnalyticsError } from './analytics/ingestEvents.js'
import { InvalidEmailError } from './auth/email.js'
import { MailDeliveryError } from './auth/mailer.js'
import { InvalidMasterKeyError } from './auth/masterKey.js'
import { SeedDecryptionError } from './auth/seedVault.js'
import { DataDirLockedError } from './db/dataDirLock.js'
import { MigrationError } from './db/migrate.js'
import { ApiRefusal } from './http/apiError.js'
import { ConfigError } from './loadConfig.js'
import { UpstreamError } from './portfolio/errors.js'
import { SolanaRpcError } from './portfolio/solanaRpc.js'
import { InvalidOriginError } from './projects/origins.js'
import { InvalidProjectError, ProjectExistsError, ProjectNotFoundError } from './projects/projects.js'
import { InvalidWalletRegistryError } from './walletRegistry/loadWalletRegistry.js'

describe("the server's errors", () => {
  it.each([
    { error: new InvalidCursorError(), name: 'InvalidCursorError' },
    { error: new LeaseLostError('eip155:1'), name: 'LeaseLostError' },
    { error: new InvalidAnalyticsError('events[0].type is missing'), name: 'InvalidAnalyticsError' },
    { error: new InvalidEmailError('"a@b" is not an address'), name: 'InvalidEmailError' },
    { error: new MailDeliveryError('The SMTP server refused the mail.'), name: 'MailDeliveryError' },
    { error: new InvalidMasterKeyError('auth.masterKey is not 32 bytes.'), name: 'InvalidMasterKeyError' },
    { error: new SeedDecryptionError('The seed cannot be decrypted.'), name: 'SeedDecryptionError' },
    { error: new DataDirLockedError('Another server uses ./data.'), name: 'DataDirLockedError' },
    { error: new MigrationError('Migrating the database failed.'), name: 'MigrationError' },
    { error: new ConfigError('PORT is not a number.'), name: 'ConfigError' },
    { error: new UpstreamError({ chainId: 'eip155:1', action: 'reading balances' }), name: 'UpstreamError' },
    { error: new SolanaRpcError('getBalance', -32602, 'Invalid param'), name: 'SolanaRpcError' },
    { error: new InvalidOriginError('"x" is not an origin.'), name: 'InvalidOriginError' },
    { error: new InvalidProjectError('"-" cannot be a project id.'), name: 'InvalidProjectError' },
    { error: new ProjectExistsError('shop'), name: 'ProjectExistsError' },
    { error: new ProjectNotFoundError('shop'), name: 'ProjectNotFoundError' },
    { error: new InvalidWalletRegistryError('wallets.json', 'not JSON'), name: 'InvalidWalletRegistryError' },
    { error: new ApiRefusal('RATE_LIMITED', 'Too many requests.'), name: 'ApiRefusal' },
  ])('$name is a core BaseError with its literal name', ({ error, name }) => {
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe(name)
  })

  it('keeps a refusal’s contract code, HTTP status, headers and body', () => {
    const refusal = new ApiRefusal('EMAIL_COOLDOWN', 'Please try again after 20 seconds', {
      'Retry-After': '20',
    })
    expect({ code: refusal.code, status: refusal.status, headers: refusal.headers }).toEqual({
      code: 'EMAIL_COOLDOWN',
      status: 429,
      headers: { 'Retry-After': '20' },
    })
    expect(refusal.toBody()).toEqual({
      error: { code: 'EMAIL_COOLDOWN', message: 'Please try again after 20 seconds' },
    })
    expect(new SolanaRpcError('getBalance', -32602, 'Invalid param').code).toBe(-32602)
    expectTypeOf(refusal.code).toEqualTypeOf<ApiErrorCode>()
    expectTypeOf(refusal.name).toEqualTypeOf<'ApiRefusal'>()
    expectTypeOf(
      new UpstreamError({ chainId: 'eip155:1', action: 'x' }).name,
    ).toEqualTypeOf<'UpstreamError'>()
  })

  it("names the node's failure in an UpstreamError's message, and walk() finds it under a wrapper", () => {
    const unreachable = new HttpRequestError({ url: 'http://127.0.0.1:1', details: 'fetch failed' })
    const direct = new UpstreamError({ chainId: 'eip155:1', action: 'reading balances', cause: unreachable })
    expect(direct.shortMessage).toBe(
      `The RPC node of eip155:1 failed while reading balances: ${unreachable.shortMessage}`,
    )
    const wrapped = new Error('multicall failed', { cause: unreachable })
    const error = new UpstreamError({ chainId: 'eip155:1', action: 'reading balances', cause: wrapped })
    expect(error.cause).toBe(wrapped)
    expect(error.walk((cause) => cause instanceof HttpRequestError)).toBe(unreachable)
    expect(error.walk()).toBe(unreachable)
  })
})
