import type { CaipNetworkId, SiwxMessageData } from '@portico/core'
import { createSiweMessage } from 'viem/siwe'
import { describe, expect, it } from 'vitest'
import { SiwxMessageError } from './errors.js'
import { assertSiwxMessageData, createSiwxMessage, parseSiwxMessage, splitChainId } from './message.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

/** Every field of SPEC §3, each with a value that shows up nowhere else in the text. */
const FULL: SiwxMessageData = {
  domain: 'shop.example:8443',
  accountAddress: ADDRESS,
  statement: 'Sign in to the shop, with its terms.',
  uri: 'https://shop.example:8443/login?from=cart',
  version: '1',
  chainId: 'eip155:137',
  nonce: 'q7Zp2kLx9Tn4',
  issuedAt: '2025-01-02T03:04:05.678Z',
  expirationTime: '2025-01-09T03:04:05.678Z',
  notBefore: '2025-01-02T03:00:00.000Z',
  requestId: 'req-42',
  resources: [
    'https://shop.example/terms',
    'ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
  ],
}

const MINIMAL: SiwxMessageData = {
  domain: 'shop.example',
  accountAddress: ADDRESS,
  uri: 'https://shop.example',
  version: '1',
  chainId: 'eip155:1',
  nonce: 'abcdEFGH1234',
  issuedAt: '2025-01-02T03:04:05.000Z',
}

const FULL_TEXT = [
  'shop.example:8443 wants you to sign in with your Ethereum account:',
  ADDRESS,
  '',
  'Sign in to the shop, with its terms.',
  '',
  'URI: https://shop.example:8443/login?from=cart',
  'Version: 1',
  'Chain ID: 137',
  'Nonce: q7Zp2kLx9Tn4',
  'Issued At: 2025-01-02T03:04:05.678Z',
  'Expiration Time: 2025-01-09T03:04:05.678Z',
  'Not Before: 2025-01-02T03:00:00.000Z',
  'Request ID: req-42',
  'Resources:',
  '- https://shop.example/terms',
  '- ipfs://bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi',
].join('\n')

function refusal(run: () => unknown): SiwxMessageError {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(SiwxMessageError)
    return error as SiwxMessageError
  }
  throw new Error('expected a SiwxMessageError, nothing was thrown')
}

describe('createSiwxMessage', () => {
  it('writes the exact EIP-4361 text of an eip155 message with every field', () => {
    expect(createSiwxMessage(FULL)).toBe(FULL_TEXT)
  })

  it("writes the same text as viem's createSiweMessage, with and without the optional fields", () => {
    const viemText = (data: SiwxMessageData) =>
      createSiweMessage({
        domain: data.domain,
        address: data.accountAddress as `0x${string}`,
        uri: data.uri,
        version: '1',
        chainId: Number(splitChainId(data.chainId).reference),
        nonce: data.nonce,
        issuedAt: new Date(data.issuedAt),
        ...(data.statement !== undefined ? { statement: data.statement } : {}),
        ...(data.expirationTime !== undefined ? { expirationTime: new Date(data.expirationTime) } : {}),
        ...(data.notBefore !== undefined ? { notBefore: new Date(data.notBefore) } : {}),
        ...(data.requestId !== undefined ? { requestId: data.requestId } : {}),
        ...(data.resources !== undefined ? { resources: data.resources } : {}),
      })
    expect(createSiwxMessage(FULL)).toBe(viemText(FULL))
    expect(createSiwxMessage(MINIMAL)).toBe(viemText(MINIMAL))
    const { statement: _statement, ...withoutStatement } = FULL
    expect(createSiwxMessage(withoutStatement)).toBe(viemText(withoutStatement))
  })

  it('leaves an empty line where the statement would be when there is none (EIP-4361 ABNF)', () => {
    expect(createSiwxMessage(MINIMAL)).toBe(
      [
        'shop.example wants you to sign in with your Ethereum account:',
        ADDRESS,
        '',
        '',
        'URI: https://shop.example',
        'Version: 1',
        'Chain ID: 1',
        'Nonce: abcdEFGH1234',
        'Issued At: 2025-01-02T03:04:05.000Z',
      ].join('\n'),
    )
  })

  it("names each namespace's chain in the first line and writes the CAIP-2 reference as Chain ID", () => {
    const cases: [CaipNetworkId, string, string][] = [
      ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', 'Solana', '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'],
      [
        'polkadot:91b171bb158e2d3848fa23a9f1c25182',
        'Polkadot',
        '5GrwvaEF5zXb26Fz9rcQpDWS57CtERHpNehXCPcNoHGKutQY',
      ],
      ['bip122:000000000019d6689c085ae165831e93', 'Bitcoin', 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq'],
      ['eip155:1', 'Ethereum', ADDRESS],
    ]
    for (const [chainId, name, accountAddress] of cases) {
      const text = createSiwxMessage({ ...MINIMAL, chainId, accountAddress })
      const lines = text.split('\n')
      expect(lines[0]).toBe(`shop.example wants you to sign in with your ${name} account:`)
      expect(lines[1]).toBe(accountAddress)
      expect(lines).toContain(`Chain ID: ${chainId.slice(chainId.indexOf(':') + 1)}`)
      expect(parseSiwxMessage(text)).toEqual({ ...MINIMAL, chainId, accountAddress })
    }
  })

  it('refuses each invalid field, naming it', () => {
    const cases: [Partial<SiwxMessageData>, RegExp][] = [
      [{ domain: 'shop.example/login' }, /^domain /],
      [{ domain: 'https://shop.example' }, /^domain /],
      [{ domain: '' }, /^domain /],
      [{ accountAddress: '0xf39F d6e5' }, /^accountAddress /],
      [{ accountAddress: '' }, /^accountAddress /],
      [{ statement: 'two\nlines' }, /^statement /],
      [{ statement: 'carriage\rreturn' }, /^statement /],
      [{ statement: '' }, /^statement /],
      [{ uri: 'shop.example/login' }, /^uri /],
      [{ uri: 'https://shop example' }, /^uri /],
      [{ version: '2' as '1' }, /^version /],
      [{ chainId: 'cosmos:cosmoshub-4' as CaipNetworkId }, /^chainId /],
      [{ chainId: 'eip155' as CaipNetworkId }, /^chainId /],
      [{ nonce: 'short12' }, /^nonce /],
      [{ nonce: 'has-a-dash-123' }, /^nonce /],
      [{ issuedAt: 'yesterday' }, /^issuedAt /],
      [{ issuedAt: '2025-01-02 03:04:05Z' }, /^issuedAt /],
      [{ issuedAt: '2025-02-30T00:00:00Z' }, /^issuedAt /],
      [{ expirationTime: '2025-13-01T00:00:00Z' }, /^expirationTime /],
      [{ notBefore: '2025-01-01T25:00:00Z' }, /^notBefore /],
      [{ requestId: 'a\nb' }, /^requestId /],
      [{ resources: ['not a uri'] }, /^resources\[\] /],
      [{ resources: [] }, /^resources /],
    ]
    for (const [change, field] of cases) {
      const error = refusal(() => createSiwxMessage({ ...FULL, ...change }))
      expect(error.details, JSON.stringify(change)).toMatch(field)
      expect(() => assertSiwxMessageData({ ...FULL, ...change })).toThrow(SiwxMessageError)
    }
  })
})

describe('parseSiwxMessage', () => {
  it('reads every field of SPEC §3 back', () => {
    const data = parseSiwxMessage(FULL_TEXT)
    expect(data).toEqual(FULL)
    expect(Object.keys(data).sort()).toEqual(
      [
        'accountAddress',
        'chainId',
        'domain',
        'expirationTime',
        'issuedAt',
        'nonce',
        'notBefore',
        'requestId',
        'resources',
        'statement',
        'uri',
        'version',
      ].sort(),
    )
  })

  it('reads a message without statement or optional fields back without them', () => {
    const data = parseSiwxMessage(createSiwxMessage(MINIMAL))
    expect(data).toEqual(MINIMAL)
    expect('statement' in data).toBe(false)
    expect('resources' in data).toBe(false)
  })

  it("reads viem's createSiweMessage output", () => {
    const text = createSiweMessage({
      domain: 'shop.example',
      address: ADDRESS,
      statement: 'Hello from viem.',
      uri: 'https://shop.example/a',
      version: '1',
      chainId: 10,
      nonce: 'viemNonce0001',
      issuedAt: new Date('2025-03-04T05:06:07.089Z'),
      resources: ['https://shop.example/r'],
    })
    expect(parseSiwxMessage(text)).toEqual({
      domain: 'shop.example',
      accountAddress: ADDRESS,
      statement: 'Hello from viem.',
      uri: 'https://shop.example/a',
      version: '1',
      chainId: 'eip155:10',
      nonce: 'viemNonce0001',
      issuedAt: '2025-03-04T05:06:07.089Z',
      resources: ['https://shop.example/r'],
    })
  })

  it('keeps an empty request id, which EIP-4361 allows', () => {
    const text = createSiwxMessage({ ...MINIMAL, requestId: '' })
    expect(text.endsWith('\nRequest ID: ')).toBe(true)
    expect(parseSiwxMessage(text).requestId).toBe('')
  })

  it('refuses every variant that is not the canonical text', () => {
    const lines = FULL_TEXT.split('\n')
    const swap = (a: number, b: number) => {
      const copy = [...lines]
      ;[copy[a], copy[b]] = [copy[b]!, copy[a]!]
      return copy.join('\n')
    }
    const without = (index: number) => lines.filter((_, i) => i !== index).join('\n')
    const variants: Record<string, string> = {
      'an extra space after a colon': FULL_TEXT.replace('URI: ', 'URI:  '),
      'a trailing space': FULL_TEXT.replace('Version: 1', 'Version: 1 '),
      'a double space in the first line': FULL_TEXT.replace('wants you', 'wants  you'),
      'CRLF line ends': FULL_TEXT.replaceAll('\n', '\r\n'),
      'a trailing newline': `${FULL_TEXT}\n`,
      'a leading newline': `\n${FULL_TEXT}`,
      'no URI line': without(5),
      'no Nonce line': without(8),
      'no Issued At line': without(9),
      'no account line': without(1),
      'URI and Version swapped': swap(5, 6),
      'Expiration Time and Not Before swapped': swap(10, 11),
      'an unknown chain name': FULL_TEXT.replace('your Ethereum account', 'your Cosmos account'),
      'a lowercase chain name': FULL_TEXT.replace('your Ethereum account', 'your ethereum account'),
      'a nonce with a dash': FULL_TEXT.replace('Nonce: q7Zp2kLx9Tn4', 'Nonce: q7Zp-2kLx9Tn4'),
      'a nonce of 7 characters': FULL_TEXT.replace('Nonce: q7Zp2kLx9Tn4', 'Nonce: q7Zp2kL'),
      'a date that is not ISO 8601': FULL_TEXT.replace(
        'Issued At: 2025-01-02T03:04:05.678Z',
        'Issued At: Thu, 02 Jan 2025 03:04:05 GMT',
      ),
      'a 30th of February': FULL_TEXT.replace('Not Before: 2025-01-02', 'Not Before: 2025-02-30'),
      'an empty resources list': [...lines.slice(0, 13), 'Resources:'].join('\n'),
      'a resource that is not a URI': FULL_TEXT.replace('- https://shop.example/terms', '- terms'),
      'a domain with a path': FULL_TEXT.replace('shop.example:8443 wants', 'shop.example:8443/login wants'),
      'version 2': FULL_TEXT.replace('Version: 1', 'Version: 2'),
      'a Chain ID that is not a CAIP-2 reference': FULL_TEXT.replace('Chain ID: 137', 'Chain ID: 1.37'),
      'an unknown line': FULL_TEXT.replace('Request ID: req-42', 'Request ID: req-42\nFoo: bar'),
    }
    for (const [what, text] of Object.entries(variants)) {
      expect(text, what).not.toBe(FULL_TEXT)
      expect(() => parseSiwxMessage(text), what).toThrow(SiwxMessageError)
    }
  })

  it('refuses a text longer than 16384 characters and a value that is not a string', () => {
    const long = FULL_TEXT.replace('Sign in to the shop, with its terms.', 'x'.repeat(16_400))
    expect(() => parseSiwxMessage(long)).toThrow(/16384/)
    expect(() => parseSiwxMessage(42 as unknown as string)).toThrow(SiwxMessageError)
  })
})

describe('splitChainId', () => {
  it('splits a CAIP-2 id and refuses anything else', () => {
    expect(splitChainId('bip122:000000000019d6689c085ae165831e93')).toEqual({
      namespace: 'bip122',
      reference: '000000000019d6689c085ae165831e93',
    })
    expect(() => splitChainId('eip155:')).toThrow(SiwxMessageError)
    expect(() => splitChainId('cosmos:cosmoshub-4')).toThrow(/cosmos:cosmoshub-4/)
  })
})
