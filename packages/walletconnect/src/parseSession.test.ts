import { InvalidResponseError } from '@portico/core'
import { describe, expect, it } from 'vitest'
import { parseSession, toCaip2, toCaip10Accounts } from './parseSession.js'

const address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const raw = (overrides: Partial<Parameters<typeof parseSession>[0]> = {}) => ({
  topic: 'topic',
  expiry: 0,
  namespaces: { eip155: { accounts: [`eip155:1:${address}`], chains: ['eip155:1', 'eip155:10'] } },
  peer: {
    metadata: { name: 'Wallet', url: 'https://wallet.example', icons: ['https://wallet.example/i.png'] },
  },
  ...overrides,
})

describe('parseSession', () => {
  it('keeps CAIP-10 accounts and every approved chain', () => {
    const parsed = parseSession(raw())
    expect(parsed.session.accounts).toEqual([`eip155:1:${address}`])
    expect(parsed.chains).toEqual(['eip155:1', 'eip155:10'])
    expect(parsed.session.peer).toEqual({
      name: 'Wallet',
      url: 'https://wallet.example',
      icons: ['https://wallet.example/i.png'],
    })
  })

  it('drops malformed accounts, non-https icons and a javascript: url from the wallet', () => {
    const parsed = parseSession(
      raw({
        namespaces: { eip155: { accounts: [`eip155:1:${address}`, 'not-an-account', 42] } },
        peer: {
          metadata: {
            name: ' Wallet ',
            url: 'javascript:alert(1)',
            icons: ['http://wallet.example/i.png', 'javascript:alert(1)', 'data:image/png;base64,AA=='],
          },
        },
      }),
    )
    expect(parsed.session.accounts).toEqual([`eip155:1:${address}`])
    expect(parsed.session.peer).toEqual({ name: 'Wallet', icons: ['data:image/png;base64,AA=='] })
  })

  it('refuses a session without any CAIP-10 account', () => {
    expect(() => parseSession(raw({ namespaces: { eip155: { accounts: [address] } } }))).toThrow(
      InvalidResponseError,
    )
  })

  it('refuses a session whose wallet gives no name', () => {
    expect(() => parseSession(raw({ peer: { metadata: { icons: [] } } }))).toThrow(InvalidResponseError)
  })
})

describe('session event data', () => {
  it('scopes bare addresses by the event’s chain and keeps CAIP-10 ones', () => {
    expect(toCaip10Accounts([address, `eip155:10:${address}`, 7], 'eip155:1')).toEqual([
      `eip155:1:${address}`,
      `eip155:10:${address}`,
    ])
    expect(toCaip10Accounts('nope', 'eip155:1')).toBeUndefined()
  })

  it('reads a chain as CAIP-2 from a number, hex, a reference or CAIP-2', () => {
    expect(toCaip2(137, 'eip155:1')).toBe('eip155:137')
    expect(toCaip2('0x89', 'eip155:1')).toBe('eip155:137')
    expect(toCaip2('137', 'eip155:1')).toBe('eip155:137')
    expect(toCaip2('eip155:137', 'eip155:1')).toBe('eip155:137')
    expect(toCaip2({ chain: 1 }, 'eip155:1')).toBeUndefined()
  })
})
