import { expect, test } from 'vitest'
import { PURCHASE_TEXTS } from './purchaseTexts.js'

test('the purchase texts have every key in every locale', () => {
  const keys = Object.keys(PURCHASE_TEXTS.en).sort()
  for (const texts of Object.values(PURCHASE_TEXTS)) expect(Object.keys(texts).sort()).toEqual(keys)
})
