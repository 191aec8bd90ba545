import { describe, expect, test } from 'vitest'
import { InvalidFrameMessageError } from './errors.js'
import {
  APP_MESSAGE_TYPES,
  type AppMessageType,
  appMessageSchema,
  frameEventSchema,
  frameReplySchema,
  replyTypeOf,
} from './messages.js'
import { parseAppMessage, parseFrameMessage } from './parse.js'

const id = '7f1c2a3e-4b5d-4e6f-8a9b-0c1d2e3f4a5b'
const envelope = { portico: 'embedded-wallet', version: '1.0.0', id }
const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const solanaAddress = 'Cw3xSgMQDvZnA6hTT9rvK2PDQ1xU4GPsvxjcYcvWAD8A'

type Row = { type: AppMessageType; valid: unknown; invalid: unknown; success: unknown; badSuccess: unknown }

// One row per app event of SPEC §7: a payload the frame must accept, one it must refuse, and the
// same for the success reply the page receives.
const rows: Row[] = [
  {
    type: 'APP_SWITCH_NETWORK',
    valid: { chainId: 1 },
    invalid: { chainId: 'mainnet' },
    success: { chainId: 'eip155:1' },
    badSuccess: { chainId: -1 },
  },
  {
    type: 'APP_CONNECT_EMAIL',
    valid: { email: 'ada@example.com' },
    invalid: { email: 'ada@' },
    success: { action: 'VERIFY_OTP' },
    badSuccess: { action: 'VERIFY_SMS' },
  },
  {
    type: 'APP_CONNECT_DEVICE',
    valid: undefined,
    invalid: { wait: true },
    success: {},
    badSuccess: 'approved',
  },
  {
    type: 'APP_CONNECT_OTP',
    valid: { otp: '123456' },
    invalid: { otp: '12345' },
    success: {},
    badSuccess: [],
  },
  {
    type: 'APP_CONNECT_SOCIAL',
    valid: { uri: 'https://shop.example/?code=abc' },
    invalid: { uri: 'not a url' },
    success: { email: 'ada@example.com', userName: 'ada' },
    badSuccess: { email: 'ada' },
  },
  {
    type: 'APP_GET_FARCASTER_URI',
    valid: undefined,
    invalid: { channel: 'x' },
    success: { url: 'https://warpcast.com/~/siwf?c=1' },
    badSuccess: {},
  },
  { type: 'APP_CONNECT_FARCASTER', valid: {}, invalid: { fid: 1 }, success: {}, badSuccess: 7 },
  {
    type: 'APP_GET_USER',
    valid: { chainId: 'eip155:8453', preferredAccountType: 'eoa' },
    invalid: { preferredAccountType: 'multisig' },
    success: {
      email: 'ada@example.com',
      address,
      chainId: 1,
      accountType: 'eoa',
      solanaAddress,
      smartAccountDeployed: false,
    },
    badSuccess: { email: 'ada@example.com', address: '0x1234', chainId: 1, accountType: 'eoa' },
  },
  {
    type: 'APP_GET_SOCIAL_REDIRECT_URI',
    valid: { provider: 'google' },
    invalid: { provider: 'Google Accounts' },
    success: { uri: 'https://accounts.example/auth?x=1' },
    badSuccess: { uri: 42 },
  },
  { type: 'APP_SIGN_OUT', valid: undefined, invalid: { everywhere: true }, success: {}, badSuccess: 'bye' },
  {
    type: 'APP_IS_CONNECTED',
    valid: { token: 'abc.def' },
    invalid: { token: '' },
    success: { isConnected: true },
    badSuccess: { isConnected: 'yes' },
  },
  {
    type: 'APP_GET_CHAIN_ID',
    valid: undefined,
    invalid: { chainId: 1 },
    success: { chainId: 10 },
    badSuccess: { chainId: 1.5 },
  },
  {
    type: 'APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS',
    valid: undefined,
    invalid: { all: true },
    success: { smartAccountEnabledNetworks: [1, 8453] },
    badSuccess: { smartAccountEnabledNetworks: ['1'] },
  },
  {
    type: 'APP_INIT_SMART_ACCOUNT',
    valid: undefined,
    invalid: { salt: 1 },
    success: { address, isDeployed: true },
    badSuccess: { address },
  },
  {
    type: 'APP_SET_PREFERRED_ACCOUNT',
    valid: { type: 'smartAccount' },
    invalid: { type: 'SMART_ACCOUNT' },
    success: { type: 'smartAccount', address },
    badSuccess: { type: 'eoa' },
  },
  {
    type: 'APP_RPC_REQUEST',
    valid: { method: 'eth_chainId' },
    invalid: { method: 'eth_sign', params: [address, '0x00'] },
    success: '0x1',
    badSuccess: undefined,
  },
  {
    type: 'APP_UPDATE_EMAIL',
    valid: { email: 'new@example.com' },
    invalid: {},
    success: { newEmail: 'new@example.com' },
    badSuccess: { action: 'VERIFY_PRIMARY_OTP' },
  },
  {
    type: 'APP_SYNC_THEME',
    valid: {
      themeMode: 'light',
      themeVariables: { accent: '#47a1ff', borderRadius: 8, fontFamily: 'Inter' },
    },
    invalid: { themeMode: 'sepia' },
    success: { ignored: [{ name: 'accent', reason: 'is not a colour' }] },
    badSuccess: null,
  },
  {
    type: 'APP_SYNC_DAPP_DATA',
    valid: {
      metadata: { name: 'Shop', url: 'https://shop.example', icons: [] },
      sdkVersion: '0.1.0',
      sdkType: 'portico',
      projectId: 'p1',
    },
    invalid: { sdkVersion: '0.1.0', sdkType: 'portico' },
    success: {},
    badSuccess: false,
  },
  { type: 'APP_RELOAD', valid: undefined, invalid: { hard: true }, success: {}, badSuccess: 'now' },
]

test('the page cannot send a code of an e-mail change: those requests are not in the protocol', () => {
  for (const type of ['APP_UPDATE_EMAIL_PRIMARY_OTP', 'APP_UPDATE_EMAIL_SECONDARY_OTP']) {
    expect(APP_MESSAGE_TYPES).not.toContain(type)
    expect(() => parseAppMessage({ ...envelope, type, payload: { otp: '123456' } })).toThrow(
      InvalidFrameMessageError,
    )
  }
})

test('the table covers every app event of the protocol', () => {
  expect(rows.map((row) => row.type).sort()).toEqual([...APP_MESSAGE_TYPES].sort())
  expect(APP_MESSAGE_TYPES).toHaveLength(20)
})

const withPayload = (type: string, payload: unknown) =>
  payload === undefined ? { ...envelope, type } : { ...envelope, type, payload }

describe.each(rows)('$type', ({ type, valid, invalid, success, badSuccess }) => {
  test('the request schema accepts a valid payload', () => {
    expect(appMessageSchema.safeParse(withPayload(type, valid)).success).toBe(true)
  })

  test('the request schema refuses an invalid payload, naming the payload field', () => {
    expect(appMessageSchema.safeParse(withPayload(type, invalid)).success).toBe(false)
    const error = (() => {
      try {
        parseAppMessage(withPayload(type, invalid))
      } catch (e) {
        return e
      }
    })()
    expect(error).toBeInstanceOf(InvalidFrameMessageError)
    expect((error as InvalidFrameMessageError).field).toMatch(/^payload/)
    expect((error as InvalidFrameMessageError).messageId).toBe(id)
    expect((error as InvalidFrameMessageError).messageType).toBe(type)
  })

  test('the success reply schema accepts its result and refuses a malformed one', () => {
    const successType = replyTypeOf(type, 'SUCCESS')
    expect(frameReplySchema.safeParse(withPayload(successType, success)).success).toBe(true)
    if (type === 'APP_RPC_REQUEST') {
      // An RPC result is any JSON value (null, absent, a hash…): only the envelope is checked here.
      expect(frameReplySchema.safeParse({ ...withPayload(successType, success), extra: 1 }).success).toBe(
        false,
      )
    } else {
      expect(frameReplySchema.safeParse(withPayload(successType, badSuccess)).success).toBe(false)
    }
  })

  test('the error reply schema takes { message, code? } and refuses anything else', () => {
    const errorType = replyTypeOf(type, 'ERROR')
    expect(frameReplySchema.safeParse(withPayload(errorType, { message: 'No.', code: 4001 })).success).toBe(
      true,
    )
    expect(frameReplySchema.safeParse(withPayload(errorType, { message: 'No.' })).success).toBe(true)
    expect(frameReplySchema.safeParse(withPayload(errorType, { code: 4001 })).success).toBe(false)
    expect(frameReplySchema.safeParse(withPayload(errorType, { message: 'No.', code: '4001' })).success).toBe(
      false,
    )
  })
})

describe('the envelope', () => {
  const valid = { ...envelope, type: 'APP_CONNECT_EMAIL', payload: { email: 'ada@example.com' } }

  test.each([
    ['an unknown key', { ...valid, origin: 'https://evil.example' }, 'message'],
    ['another marker', { ...valid, portico: 'other-wallet' }, 'portico'],
    ['a missing version', { ...valid, version: undefined }, 'version'],
    ['a version that is not semver', { ...valid, version: 'v1' }, 'version'],
    ['an id that is not a uuid', { ...valid, id: '1' }, 'id'],
    ['a missing id', { ...valid, id: undefined }, 'id'],
    ['an unknown type', { ...valid, type: 'APP_EXPORT_PRIVATE_KEY' }, 'type'],
    ['unknown payload keys', { ...valid, payload: { email: 'ada@example.com', admin: true } }, 'payload'],
  ])('refuses %s and names the field', (_case, message, field) => {
    expect(() => parseAppMessage(message)).toThrowError(InvalidFrameMessageError)
    try {
      parseAppMessage(message)
    } catch (error) {
      expect((error as InvalidFrameMessageError).name).toBe('InvalidFrameMessageError')
      expect((error as InvalidFrameMessageError).field).toBe(field)
      expect((error as Error).message).toContain(field)
    }
  })

  test.each([
    ['a string', 'hello'],
    ['null', null],
    ['an array', []],
  ])('refuses %s as a whole message', (_case, data) => {
    expect(() => parseAppMessage(data)).toThrowError(/Invalid embedded wallet message: message/)
    expect(() => parseFrameMessage(data)).toThrowError(InvalidFrameMessageError)
  })

  test('a reply must carry the request id, an event may omit it', () => {
    expect(
      frameReplySchema.safeParse({ ...envelope, id: undefined, type: 'FRAME_SIGN_OUT_SUCCESS', payload: {} })
        .success,
    ).toBe(false)
    expect(
      frameEventSchema.safeParse({
        portico: 'embedded-wallet',
        version: '1.0.0',
        type: 'FRAME_READY',
        payload: { version: '1.0.0' },
      }).success,
    ).toBe(true)
  })
})

describe('frame events', () => {
  const event = { portico: 'embedded-wallet', version: '1.0.0' }
  test.each([
    ['FRAME_READY', { version: '1.2.3' }, { version: 'latest' }],
    ['FRAME_SESSION_UPDATE', { token: 'eyJhbGciOi.x.y' }, { token: '' }],
  ])('%s accepts its payload and refuses a malformed one', (type, valid, invalid) => {
    expect(parseFrameMessage({ ...event, type, payload: valid })).toMatchObject({ type, payload: valid })
    expect(() => parseFrameMessage({ ...event, type, payload: invalid })).toThrowError(
      InvalidFrameMessageError,
    )
    expect(() => parseFrameMessage({ ...event, type, payload: { ...valid, extra: 1 } })).toThrowError(
      /unknown keys extra/,
    )
  })

  test('parseFrameMessage types a success reply by its type', () => {
    const message = parseFrameMessage({
      ...envelope,
      type: 'FRAME_CONNECT_EMAIL_SUCCESS',
      payload: { action: 'VERIFY_DEVICE' },
    })
    expect(message).toEqual({
      ...envelope,
      type: 'FRAME_CONNECT_EMAIL_SUCCESS',
      payload: { action: 'VERIFY_DEVICE' },
    })
  })

  test('an empty success may come without a payload and reads as {}', () => {
    expect(parseFrameMessage({ ...envelope, type: 'FRAME_CONNECT_OTP_SUCCESS' })).toMatchObject({
      payload: {},
    })
  })

  test('parseFrameMessage refuses an app event posing as a frame message', () => {
    expect(() => parseFrameMessage({ ...envelope, type: 'APP_SIGN_OUT' })).toThrowError(
      /type is not a known value/,
    )
  })
})

describe('ERROR replies to requests this side does not know', () => {
  const reply = {
    ...envelope,
    type: 'FRAME_EXPORT_WALLET_ERROR',
    payload: {
      message: 'The embedded wallet frame does not support APP_EXPORT_WALLET: it speaks protocol 1.0.0.',
    },
  }

  test('parseFrameMessage accepts them with their message, so a page can fail the request at once', () => {
    expect(parseFrameMessage(reply)).toEqual(reply)
  })

  test('they keep the code and data of an error', () => {
    const payload = { message: 'Batch stopped.', code: -32603, data: { id: '0x01' } }
    expect(parseFrameMessage({ ...reply, payload })).toMatchObject({ payload })
  })

  test.each([
    ['a success of an unknown type', { ...reply, type: 'FRAME_EXPORT_WALLET_SUCCESS', payload: {} }, 'type'],
    ['a payload without a message', { ...reply, payload: { code: 4200 } }, 'payload.message'],
    ['an id that is not a uuid', { ...reply, id: '7' }, 'id'],
    ['an unknown key', { ...reply, extra: true }, 'message'],
    ['a lower-case type', { ...reply, type: 'FRAME_export_ERROR' }, 'type'],
  ])('are still refused with %s', (_case, message, field) => {
    expect(() => parseFrameMessage(message)).toThrowError(
      expect.objectContaining({ name: 'InvalidFrameMessageError', field }),
    )
  })

  test('an ERROR reply of a known request is still checked by its own schema', () => {
    expect(() =>
      parseFrameMessage({ ...envelope, type: 'FRAME_SIGN_OUT_ERROR', payload: { message: 7 } }),
    ).toThrowError(expect.objectContaining({ field: 'payload.message' }))
  })
})

test('replyTypeOf swaps APP_ for FRAME_ and appends the outcome', () => {
  expect(replyTypeOf('APP_CONNECT_EMAIL', 'SUCCESS')).toBe('FRAME_CONNECT_EMAIL_SUCCESS')
  expect(replyTypeOf('APP_RPC_REQUEST', 'ERROR')).toBe('FRAME_RPC_REQUEST_ERROR')
  expect(replyTypeOf('APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS', 'SUCCESS')).toBe(
    'FRAME_GET_SMART_ACCOUNT_ENABLED_NETWORKS_SUCCESS',
  )
})
