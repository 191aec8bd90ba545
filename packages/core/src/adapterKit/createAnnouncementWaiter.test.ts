import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createAnnouncementWaiter } from './createAnnouncementWaiter.js'

function setup() {
  const wallets = new Map<string, string>()
  let listening = true
  const waiter = createAnnouncementWaiter({
    find: (id) => wallets.get(id),
    isListening: () => listening,
  })
  return {
    waiter,
    announce(id: string, wallet: string) {
      wallets.set(id, wallet)
      waiter.changed()
    },
    stop() {
      listening = false
      waiter.changed()
    },
    setListening: (value: boolean) => {
      listening = value
    },
  }
}

describe('createAnnouncementWaiter', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('answers at once with a wallet already announced', async () => {
    const { waiter, announce } = setup()
    announce('io.metamask', 'metamask')
    await expect(waiter.wait('io.metamask', 1000)).resolves.toBe('metamask')
  })

  it('waits for a wallet that announces itself late', async () => {
    const { waiter, announce } = setup()
    const wait = waiter.wait('io.metamask', 1000)
    vi.advanceTimersByTime(999)
    announce('io.metamask', 'metamask')
    await expect(wait).resolves.toBe('metamask')
  })

  it('gives up with undefined after the bound', async () => {
    const { waiter, announce } = setup()
    announce('other', 'other')
    const wait = waiter.wait('io.metamask', 1000)
    vi.advanceTimersByTime(1000)
    await expect(wait).resolves.toBeUndefined()
  })

  it('ends every wait when discovery stops', async () => {
    const { waiter, stop } = setup()
    const waits = [waiter.wait('a', 1000), waiter.wait('b', 1000)]
    stop()
    await expect(Promise.all(waits)).resolves.toEqual([undefined, undefined])
    expect(vi.getTimerCount()).toBe(0)
  })

  it('does not wait when discovery has not started', async () => {
    const { waiter, setListening } = setup()
    setListening(false)
    await expect(waiter.wait('a', 1000)).resolves.toBeUndefined()
    expect(vi.getTimerCount()).toBe(0)
  })
})
