import type { Logger } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { toSignIns } from './signIns.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const payload = {
  iss: `did:pkh:eip155:1:${ADDRESS}`,
  domain: 'shop.example',
  aud: 'https://shop.example/login',
  version: '1',
  nonce: 'a1b2c3d4e5f6',
  iat: '2026-11-24T10:00:00.000Z',
  exp: '2026-12-01T10:00:00.000Z',
  statement: 'Sign in.',
  resources: ['urn:recap:e30'],
}
const cacao = { h: { t: 'caip122' }, p: payload, s: { t: 'eip191', s: '0xabcdef' } }

// What sign-client's formatter writes, for a statement the ReCap sentence extends.
const format = (p: Record<string, unknown>, issuer: string) =>
  [
    `${p.domain} wants you to sign in with your Ethereum account:`,
    issuer.split(':').at(-1),
    '',
    `${p.statement} I further authorize the stated URI.`,
    '',
    `URI: ${p.aud}`,
    'Version: 1',
    `Chain ID: ${issuer.split(':')[3]}`,
    `Nonce: ${p.nonce}`,
    `Issued At: ${p.iat}`,
    `Expiration Time: ${p.exp}`,
    'Resources:',
    '- urn:recap:e30',
  ].join('\n')

function collectingLogger() {
  const warnings: string[] = []
  const logger: Logger = { debug() {}, error() {}, warn: (message) => warnings.push(message) }
  return { logger, warnings }
}

describe('toSignIns', () => {
  it('reads the fields of the signed text, the statement with the sentence the wallet showed', () => {
    const [signIn] = toSignIns([cacao], format)
    expect(signIn?.data).toEqual({
      domain: 'shop.example',
      accountAddress: ADDRESS,
      uri: 'https://shop.example/login',
      version: '1',
      chainId: 'eip155:1',
      nonce: 'a1b2c3d4e5f6',
      issuedAt: '2026-11-24T10:00:00.000Z',
      expirationTime: '2026-12-01T10:00:00.000Z',
      statement: 'Sign in. I further authorize the stated URI.',
      resources: ['urn:recap:e30'],
    })
    expect(signIn?.message).toBe(format(payload, payload.iss))
    expect(signIn?.signature).toBe('0xabcdef')
    expect(signIn?.cacao?.p.iss).toBe(`eip155:1:${ADDRESS}`)
  })

  it('leaves the statement out when the text has none', () => {
    const noStatement = (p: Record<string, unknown>, issuer: string) =>
      format(p, issuer).replace('Sign in. I further authorize the stated URI.\n', '')
    const [signIn] = toSignIns([cacao], noStatement)
    expect(signIn?.data.statement).toBeUndefined()
  })

  it.each([
    ['a Solana issuer', { ...cacao, p: { ...payload, iss: 'did:pkh:solana:abc:xyz' } }],
    ['a missing nonce', { ...cacao, p: { ...payload, nonce: undefined } }],
    ['another version', { ...cacao, p: { ...payload, version: '2' } }],
    ['a signature that is not hex', { ...cacao, s: { t: 'eip191', s: 'zz' } }],
    ['no payload', { h: {}, s: {} }],
  ])('drops a sign-in with %s and says so', (_, bad) => {
    const { logger, warnings } = collectingLogger()
    expect(toSignIns([bad, cacao], format, logger)).toHaveLength(1)
    expect(warnings).toHaveLength(1)
  })
})
