import { expect, test } from 'vitest'
import { loadModalDialog } from '../Modal/loadModalDialog.js'
import { en } from './en.js'
import { enFirst } from './enFirst.js'
import { english } from './english.js'
import { enLegal } from './enLegal.js'
import { enModal } from './enModal.js'
import { createTranslate } from './messages.js'

test("the page starts with the button's English texts; the modal's arrive with the frame's chunk and a t made before finds them", async () => {
  const t = createTranslate(english, { connectWallet: 'Sign in' })
  expect(english.connectWallet).toBe(en.connectWallet)
  expect(english.loading).toBe(en.loading)
  expect(english).not.toHaveProperty('titleConnect')
  expect(english).not.toHaveProperty('somethingWentWrong')
  expect(t('connectWallet')).toBe('Sign in')

  await loadModalDialog()
  expect(t('titleConnect')).toBe('Connect a wallet')
  expect(t('continueIn', { name: 'Rabby' })).toBe(en.continueIn.replace('{name}', 'Rabby'))
  expect(t('connectWallet')).toBe('Sign in')
  expect(english).toEqual({ ...enFirst, ...enModal })
})

test("the legal checkbox's texts arrive with their own chunk, not the frame's (the Get a wallet view's: views/GetWallet)", async () => {
  await loadModalDialog()
  expect(english).not.toHaveProperty('legalFirst')
  expect(english).not.toHaveProperty('whatIsWallet')
  await import('../components/LegalCheckbox.js')
  expect(english).toMatchObject(enLegal)
  expect(english).not.toHaveProperty('whatIsWallet')
})
