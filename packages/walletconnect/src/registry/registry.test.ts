import type { RegistryWallet } from '@portico/core'
import { registryWalletSchema } from '@portico/core/api'
import { describe, expect, test } from 'vitest'
import * as entry from './index.js'
import { buildWalletLink, InvalidPairingUriError, REGISTRY_WALLETS, UnsafeWalletLinkError } from './index.js'

const uri =
  'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303&expiryTimestamp=1700000300'
const encoded = encodeURIComponent(uri)
const wallet = (links: Partial<RegistryWallet>): RegistryWallet => ({
  id: 'test.wallet',
  name: 'Test',
  namespaces: ['eip155'],
  ...links,
})

test('the public API of @portico/walletconnect/registry', () => {
  expect(Object.keys(entry).sort()).toEqual([
    'InvalidPairingUriError',
    'REGISTRY_WALLETS',
    'UnsafeWalletLinkError',
    'buildWalletLink',
  ])
})

describe('REGISTRY_WALLETS', () => {
  test('lists about forty wallets, each valid under the server contract', () => {
    expect(REGISTRY_WALLETS.length).toBeGreaterThanOrEqual(35)
    for (const entry of REGISTRY_WALLETS) {
      const parsed = registryWalletSchema.safeParse(entry)
      expect(parsed.success, `${entry.id}: ${parsed.error?.message}`).toBe(true)
    }
  })

  test('ids and reverse-domain ids are unique', () => {
    const ids = REGISTRY_WALLETS.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
    const rdns = REGISTRY_WALLETS.flatMap((entry) => (entry.rdns ? [entry.rdns] : []))
    expect(new Set(rdns).size).toBe(rdns.length)
  })

  test('ships no picture, so no vendor server is called from the visitor browser', () => {
    expect(REGISTRY_WALLETS.filter((entry) => 'imageUrl' in entry)).toEqual([])
  })

  test('every mobile link of every wallet builds a deep link with the pairing', () => {
    for (const entry of REGISTRY_WALLETS) {
      const link = buildWalletLink(entry, uri, { platform: 'mobile' })
      if (!entry.mobile) expect(link).toBeUndefined()
      else
        expect(link, entry.id).toMatch(
          new RegExp(`/wc\\?uri=${encoded.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`),
        )
    }
  })

  test('MetaMask on a phone opens its universal link, on a desktop it has none', () => {
    const metamask = REGISTRY_WALLETS.find((entry) => entry.id === 'io.metamask')!
    expect(buildWalletLink(metamask, uri, { platform: 'mobile' })).toBe(
      `https://metamask.app.link/wc?uri=${encoded}`,
    )
    expect(buildWalletLink(metamask, uri, { platform: 'desktop' })).toBeUndefined()
  })
})

describe('buildWalletLink', () => {
  test('prefers the universal link on mobile and encodes the URI once', () => {
    const link = buildWalletLink(
      wallet({ mobile: { native: 'trust://', universal: 'https://link.trustwallet.com' } }),
      uri,
      { platform: 'mobile' },
    )
    expect(link).toBe(`https://link.trustwallet.com/wc?uri=${encoded}`)
    expect(new URL(link!).searchParams.get('uri')).toBe(uri)
  })

  test('falls back to the custom scheme on mobile when there is no universal link', () => {
    expect(buildWalletLink(wallet({ mobile: { native: 'imtokenv2://' } }), uri, { platform: 'mobile' })).toBe(
      `imtokenv2://wc?uri=${encoded}`,
    )
  })

  test('keeps a scheme path and adds the separating slash', () => {
    expect(buildWalletLink(wallet({ mobile: { native: 'okex://main' } }), uri, { platform: 'mobile' })).toBe(
      `okex://main/wc?uri=${encoded}`,
    )
    expect(buildWalletLink(wallet({ mobile: { native: 'rainbow:' } }), uri, { platform: 'mobile' })).toBe(
      `rainbow://wc?uri=${encoded}`,
    )
  })

  test('prefers the app scheme on desktop', () => {
    expect(
      buildWalletLink(
        wallet({ desktop: { native: 'ledgerlive://', universal: 'https://example.com/ledger' } }),
        uri,
        { platform: 'desktop' },
      ),
    ).toBe(`ledgerlive://wc?uri=${encoded}`)
  })

  test('returns undefined for a wallet without a link on that platform', () => {
    expect(buildWalletLink(wallet({}), uri, { platform: 'mobile' })).toBeUndefined()
  })

  test.each([
    'javascript:alert(1)//',
    'data:text/html,hi',
    'http://link.example.com',
    'file:///etc/',
    'intent://scan/',
    'https://evil.example.com/?next=',
    'vbscript:x',
  ])('refuses a link base that is not the wallet scheme or https: %s', (base) => {
    expect(() =>
      buildWalletLink(wallet({ mobile: { universal: base } }), uri, { platform: 'mobile' }),
    ).toThrow(UnsafeWalletLinkError)
    expect(() => buildWalletLink(wallet({ mobile: { native: base } }), uri, { platform: 'mobile' })).toThrow(
      UnsafeWalletLinkError,
    )
  })

  test('refuses a pairing that is not a wc: URI', () => {
    expect(() =>
      buildWalletLink(wallet({ mobile: { native: 'trust://' } }), 'javascript:alert(1)', {
        platform: 'mobile',
      }),
    ).toThrow(InvalidPairingUriError)
  })
})
