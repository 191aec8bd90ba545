import { afterEach, describe, expect, it } from 'vitest'
import { createEmbeddedWallet, type PorticoEmbeddedWallet } from './createEmbeddedWallet.js'

let wallet: PorticoEmbeddedWallet | undefined
afterEach(() => {
  wallet?.destroy()
  wallet = undefined
})

const frames = () => document.querySelectorAll('iframe')

describe('createEmbeddedWallet', () => {
  it('adds no frame to the page until it is first used, then loads it from the server', async () => {
    wallet = createEmbeddedWallet({
      apiUrl: 'https://portico.shop.example/api',
      projectId: 'shop',
      chainId: 1,
    })
    // Handing the provider to an adapter does not load the frame either.
    expect(typeof wallet.provider.request).toBe('function')
    expect(frames()).toHaveLength(0)
    const sending = wallet.connectEmail({ email: 'ada@example.com' })
    sending.catch(() => {})
    await wallet.client()
    expect(frames()).toHaveLength(1)
    const src = new URL(frames()[0]!.src)
    expect(src.origin + src.pathname).toBe('https://portico.shop.example/api/frame/')
    expect(src.searchParams.get('projectId')).toBe('shop')
    expect(src.searchParams.get('chainId')).toBe('1')
    wallet.destroy()
    await expect(sending).rejects.toThrow()
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(frames()).toHaveLength(0)
  })

  it('refuses a malformed e-mail before anything is posted to the frame', async () => {
    wallet = createEmbeddedWallet({ apiUrl: 'https://portico.shop.example', projectId: 'shop', chainId: 1 })
    await expect(wallet.connectEmail({ email: 'not an address' })).rejects.toThrow(/email/i)
  })
})
