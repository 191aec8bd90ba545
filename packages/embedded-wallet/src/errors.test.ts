import { BaseError as CoreEntryBaseError } from '@portico/core'
import { BaseError } from '@portico/core/errors'
import { describe, expect, expectTypeOf, it } from 'vitest'
import {
  FrameLoadError,
  FrameNotSetError,
  FrameRequestAbortedError,
  FrameRequestError,
  FrameTimeoutError,
  FrameVersionMismatchError,
  InvalidFrameUrlError,
  RpcResultFormatError,
  UnexpectedFrameReplyError,
  UnsupportedRpcMethodError,
  UntrustedFrameMessageError,
} from './client/errors.js'
import {
  AuthSessionInvalidError,
  DeviceNotApprovedError,
  EmailCooldownError,
  EmailInvalidError,
  EmailLimitError,
  EmailTakenError,
  MailFailedError,
  OriginNotAllowedError,
  OtpAttemptsExceededError,
  OtpExpiredError,
  OtpInvalidError,
  WalletExistsError,
} from './frame/authApi.js'
import { InvalidSeedError } from './frame/keys.js'
import {
  AtomicityNotSupportedError,
  BundleTooLargeError,
  CallsPartiallySentError,
  ChainMismatchError,
  DuplicateBundleIdError,
  EmailChangeCancelledError,
  InvalidRpcParamsError,
  TypedDataChainMismatchError,
  UnauthorizedError,
  UnknownBundleIdError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from './frame/rpcErrors.js'
import { NotATransactionSignerError, SolanaSendTransactionError } from './frame/solanaSigner.js'
import { EmbeddedWalletError, InvalidFrameMessageError } from './protocol/errors.js'

const refusal = (Class: new (message: string, code: string, status: number) => BaseError, code: string) =>
  new Class('Refused.', code, 401)

describe("the embedded wallet's errors", () => {
  it.each([
    // The page's side and the protocol.
    { error: new EmbeddedWalletError('Something.'), name: 'EmbeddedWalletError' },
    {
      error: new InvalidFrameMessageError({ field: 'type', reason: 'is missing' }),
      name: 'InvalidFrameMessageError',
    },
    { error: new FrameLoadError(), name: 'FrameLoadError' },
    {
      error: new FrameVersionMismatchError({ frameVersion: '2.0.0', clientVersion: '1.0.0' }),
      name: 'FrameVersionMismatchError',
    },
    { error: new FrameRequestError({ type: 'APP_RPC_REQUEST' }), name: 'FrameRequestError' },
    { error: new FrameRequestAbortedError({ type: 'APP_RPC_REQUEST' }), name: 'FrameRequestAbortedError' },
    { error: new FrameTimeoutError({ type: 'APP_CONNECT', timeoutMs: 10 }), name: 'FrameTimeoutError' },
    { error: new FrameNotSetError(), name: 'FrameNotSetError' },
    { error: new InvalidFrameUrlError('ftp://x'), name: 'InvalidFrameUrlError' },
    {
      error: new UntrustedFrameMessageError({ origin: 'https://evil.test', reason: 'origin' }),
      name: 'UntrustedFrameMessageError',
    },
    {
      error: new UnexpectedFrameReplyError({ id: '1', type: 'FRAME_RPC_RESULT' }),
      name: 'UnexpectedFrameReplyError',
    },
    {
      error: new RpcResultFormatError({ method: 'eth_accounts', expected: 'addresses' }),
      name: 'RpcResultFormatError',
    },
    { error: new UnsupportedRpcMethodError('eth_mine'), name: 'UnsupportedRpcMethodError' },
    // The frame's refusals of wallet requests.
    { error: new UserRejectedRequestError(), name: 'UserRejectedRequestError' },
    { error: new EmailChangeCancelledError(), name: 'EmailChangeCancelledError' },
    { error: new UnauthorizedError(), name: 'UnauthorizedError' },
    { error: new UnsupportedMethodError('eth_mine'), name: 'UnsupportedMethodError' },
    { error: new InvalidRpcParamsError('eth_sign', 'no address'), name: 'InvalidRpcParamsError' },
    { error: new ChainMismatchError('transaction', 10, 1), name: 'ChainMismatchError' },
    { error: new TypedDataChainMismatchError('10', 1), name: 'TypedDataChainMismatchError' },
    { error: new AtomicityNotSupportedError(), name: 'AtomicityNotSupportedError' },
    { error: new BundleTooLargeError(11, 10), name: 'BundleTooLargeError' },
    { error: new DuplicateBundleIdError('0x01'), name: 'DuplicateBundleIdError' },
    { error: new UnknownBundleIdError('0x02'), name: 'UnknownBundleIdError' },
    {
      error: new CallsPartiallySentError({ sent: 1, total: 2, id: '0x03', reason: 'reverted', code: -32000 }),
      name: 'CallsPartiallySentError',
    },
    {
      error: new SolanaSendTransactionError(-32002, { message: 'blockhash' }),
      name: 'SolanaSendTransactionError',
    },
    { error: new NotATransactionSignerError('9xQe'), name: 'NotATransactionSignerError' },
    { error: new InvalidSeedError('31 bytes'), name: 'InvalidSeedError' },
    // The frame's view of the server's auth refusals.
    { error: new EmailCooldownError('Wait.', 429, 20), name: 'EmailCooldownError' },
    { error: refusal(EmailLimitError, 'EMAIL_LIMIT'), name: 'EmailLimitError' },
    { error: refusal(EmailInvalidError, 'EMAIL_INVALID'), name: 'EmailInvalidError' },
    { error: refusal(MailFailedError, 'MAIL_FAILED'), name: 'MailFailedError' },
    { error: refusal(OtpInvalidError, 'OTP_INVALID'), name: 'OtpInvalidError' },
    { error: refusal(OtpExpiredError, 'OTP_EXPIRED'), name: 'OtpExpiredError' },
    { error: refusal(OtpAttemptsExceededError, 'OTP_ATTEMPTS_EXCEEDED'), name: 'OtpAttemptsExceededError' },
    { error: refusal(DeviceNotApprovedError, 'DEVICE_NOT_APPROVED'), name: 'DeviceNotApprovedError' },
    { error: refusal(AuthSessionInvalidError, 'AUTH_SESSION_INVALID'), name: 'AuthSessionInvalidError' },
    { error: refusal(WalletExistsError, 'WALLET_EXISTS'), name: 'WalletExistsError' },
    { error: refusal(EmailTakenError, 'EMAIL_TAKEN'), name: 'EmailTakenError' },
    { error: refusal(OriginNotAllowedError, 'ORIGIN_NOT_ALLOWED'), name: 'OriginNotAllowedError' },
  ])('$name is a core BaseError with its literal name', ({ error, name }) => {
    expect(error).toBeInstanceOf(BaseError)
    expect(error.name).toBe(name)
  })

  it("is the same BaseError as core's main entry's, so one instanceof covers both", () => {
    expect(BaseError).toBe(CoreEntryBaseError)
    expect(new FrameLoadError()).toBeInstanceOf(CoreEntryBaseError)
  })

  it('keeps the codes, status and data the page and the frame read', () => {
    const rejected = new UserRejectedRequestError()
    expect({ code: rejected.code, message: rejected.message }).toEqual({
      code: 4001,
      message: 'User rejected the request.',
    })
    const partial = new CallsPartiallySentError({
      sent: 1,
      total: 2,
      id: '0x03',
      reason: 'reverted',
      code: -32000,
    })
    expect(partial.data).toEqual({ id: '0x03', sentCalls: 1, totalCalls: 2 })
    const cooldown = new EmailCooldownError('Wait.', 429, 20)
    expect({ code: cooldown.code, status: cooldown.status, retry: cooldown.retryAfterSeconds }).toEqual({
      code: 'EMAIL_COOLDOWN',
      status: 429,
      retry: 20,
    })
    expect(new FrameRequestAbortedError({ type: 'APP_RPC_REQUEST' }).code).toBe(4001)
    expect(new FrameRequestAbortedError({ type: 'APP_CONNECT' }).code).toBeUndefined()
  })

  it('walks from a refusal down to what caused it', () => {
    const nodeError = new Error('socket hang up')
    const sent = new SolanaSendTransactionError(-32603, undefined, { cause: nodeError })
    expect(sent.walk()).toBe(nodeError)
    const aborted = new FrameRequestAbortedError({ type: 'APP_RPC_REQUEST', cause: sent })
    expect(aborted.walk((cause) => cause instanceof SolanaSendTransactionError)).toBe(sent)
  })

  it('types each name as its literal', () => {
    expectTypeOf(
      new FrameTimeoutError({ type: 'APP_CONNECT', timeoutMs: 1 }).name,
    ).toEqualTypeOf<'FrameTimeoutError'>()
    expectTypeOf(new UserRejectedRequestError().name).toEqualTypeOf<'UserRejectedRequestError'>()
    expectTypeOf(new OtpInvalidError('x', 'OTP_INVALID', 401).name).toEqualTypeOf<'OtpInvalidError'>()
    expectTypeOf(
      new InvalidFrameMessageError({ field: 'type', reason: 'x' }).name,
    ).toEqualTypeOf<'InvalidFrameMessageError'>()
    expectTypeOf(new EmailCooldownError('x', 429, 1).code).toEqualTypeOf<string>()
    expectTypeOf(new UnauthorizedError().code).toEqualTypeOf<number>()
  })
})
