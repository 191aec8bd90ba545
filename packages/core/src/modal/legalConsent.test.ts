// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { selectWallet } from '../connection/modal/selectWallet.js'
import { startEmailLogin } from '../email/modal/startEmailLogin.js'
import type { EmbeddedWallet } from '../email/types.js'
import { initialize } from '../initialize.js'
import { getLegalLinks } from '../registry/customWallets.js'
import { setup } from '../testing/fakeAdapter.testkit.js'
import { selectMobileWallet } from '../walletConnect/modal/selectMobileWallet.js'
import { showPairing } from '../walletConnect/modal/showPairing.js'
import type { WalletConnect } from '../walletConnect/types.js'
import { acceptLegal, isLegalPending } from './legalConsent.js'
import { openModal } from './openModal.js'

/** A service that records every method the modal touches, and never answers. */
function recording<T extends object>(touched: string[]): T {
  return new Proxy({} as T, {
    get: (_, key) => {
      if (key === 'then') return undefined
      touched.push(String(key))
      return () => new Promise(() => {})
    },
  })
}

async function legalSite(legalCheckbox: boolean) {
  const touched: string[] = []
  const { portico, handle } = await setup({
    features: { legalCheckbox },
    walletConnect: recording<WalletConnect>(touched),
    embeddedWallet: recording<EmbeddedWallet>(touched),
    termsConditionsUrl: 'https://shop.example/terms',
    privacyPolicyUrl: 'javascript:alert(1)',
  })
  await initialize(portico)
  openModal(portico)
  touched.length = 0
  return { portico, handle, touched }
}

describe('the legal checkbox (features.legalCheckbox)', () => {
  test('until it is ticked, no way of connecting starts and the modal shakes', async () => {
    const { portico, handle, touched } = await legalSite(true)
    expect(isLegalPending(portico)).toBe(true)
    await selectWallet(portico, { connectorId: 'io.metamask' })
    expect(portico.state.modal.shake).toBe(true)
    await selectMobileWallet(portico, { walletId: 'me.rainbow' })
    showPairing(portico)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    expect(handle.calls.filter((call) => call.method === 'connect')).toEqual([])
    expect(touched.filter((key) => key !== 'registerNamespace')).toEqual([])
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('once ticked, a wallet row connects', async () => {
    const { portico, handle } = await legalSite(true)
    acceptLegal(portico, true)
    expect(isLegalPending(portico)).toBe(false)
    await selectWallet(portico, { connectorId: 'io.metamask' })
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(true)
  })

  test('with the flag off nothing waits, and only https legal links are kept', async () => {
    const { portico, handle } = await legalSite(false)
    expect(isLegalPending(portico)).toBe(false)
    await selectWallet(portico, { connectorId: 'io.metamask' })
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(true)
    expect(getLegalLinks(portico)).toEqual({
      termsConditionsUrl: 'https://shop.example/terms',
      privacyPolicyUrl: undefined,
    })
  })
})
