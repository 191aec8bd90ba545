import { describe, expect, test } from 'vitest'
import { en } from './en.js'
import { de } from './locales/de.js'
import { type Catalogue, createTranslate } from './messages.js'

describe('createTranslate', () => {
  test('fills in every {name} of a text, numbers included', () => {
    const t = createTranslate(en)
    expect(t('continueIn', { name: 'MetaMask' })).toBe('Continue in MetaMask')
    expect(t('accountButtonWithBalance', { address: '0x7099…79C8', balance: '1.23 ETH' })).toBe(
      'Account 0x7099…79C8, balance 1.23 ETH. Open account',
    )
    expect(t('walletCountOther', { count: 3 })).toBe('3 wallets')
    expect(t('close')).toBe('Close')
  })

  test('reads the catalogue it was made from, placeholders in their translated position', () => {
    const t = createTranslate(de)
    expect(t('continueIn', { name: 'Rabby' })).toBe('Weiter in Rabby')
    expect(t('nothingMatches', { query: 'xyz' })).toBe('Keine Treffer für „xyz“.')
  })

  test('leaves a {name} without a value visible rather than blank, and a $ in a value as it is', () => {
    const t = createTranslate({ ...en, continueIn: 'Continue in {name} {missing}' })
    expect(t('continueIn', { name: '$& Wallet' })).toBe('Continue in $& Wallet {missing}')
  })

  test('is typed from the English catalogue (checked by tsc), and an untyped call never throws', () => {
    const t = createTranslate(en)
    // @ts-expect-error a text with a {name} needs its value
    expect(t('continueIn')).toBe('Continue in {name}')
    // @ts-expect-error the value must be named as in the template
    expect(t('continueIn', { wallet: 'Rabby' })).toBe('Continue in {name}')
    // @ts-expect-error a text without placeholders takes no values
    expect(t('close', { name: 'x' })).toBe('Close')
    // @ts-expect-error not a key of the catalogue
    expect(t('closeButton')).toBeUndefined()
  })

  test('the German catalogue has exactly the English keys, each keeping its placeholders', () => {
    // @ts-expect-error a translation must have every key
    const missingKey: Catalogue = { loading: 'Wird geladen…' }
    // @ts-expect-error a translation must keep every placeholder
    const droppedName: Catalogue = { ...de, continueIn: 'Weiter' }
    const reordered: Catalogue = { ...de, accountButtonWithBalance: '{balance} auf {address}' }
    expect([missingKey, droppedName, reordered]).toHaveLength(3)
    expect(Object.keys(de).sort()).toEqual(Object.keys(en).sort())
    const holes = (text: string) => (text.match(/\{\w+\}/g) ?? []).sort()
    for (const key of Object.keys(en) as (keyof typeof en)[])
      expect(holes(de[key]), key).toEqual(holes(en[key]))
  })
})

test('amounts use the separators of the locale shown', async () => {
  const { separatorsOf } = await import('./useFormatAmount.js')
  expect(separatorsOf('en')).toEqual({ group: ',', decimal: '.' })
  expect(separatorsOf('de')).toEqual({ group: '.', decimal: ',' })
})

test('the Bitcoin adapter’s refusals, core keys, read in German with their chain names', () => {
  const t = createTranslate(de)
  expect(t('bitcoinInsufficientFunds')).toBe('Nicht genug Bitcoin für Betrag und Netzwerkgebühr.')
  expect(t('bitcoinAddressOtherNetwork', { address: 'Bitcoin testnet', network: 'Bitcoin mainnet' })).toBe(
    'Das ist eine Adresse für Bitcoin testnet; diese Zahlung läuft auf Bitcoin mainnet.',
  )
  for (const key of Object.keys(en).filter((name) => name.startsWith('bitcoin')) as (keyof typeof en)[])
    expect(de[key], key).not.toBe(en[key])
})
