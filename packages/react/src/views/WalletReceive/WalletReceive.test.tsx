import { connect } from '@portico/core'
import { cleanup, fireEvent } from '@testing-library/react'
import { afterEach, describe, expect, test, vi } from 'vitest'
import { QR_QUIET_ZONE } from '../../components/QrCode.js'
import { COPY_FEEDBACK_MS } from '../../components/useCopy.js'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(() => {
  cleanup()
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function receiveView() {
  const test = await renderPortico()
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico, { route: { view: 'WalletReceive' } })
  return { ...test, view }
}

describe('WalletReceive', () => {
  test('draws the address as a QR code: one path of dark modules on a white tile with a quiet zone', async () => {
    const { view } = await receiveView()
    expect(view.getByRole('dialog', { name: 'Receive' })).toBeTruthy()
    const svg = view.getByRole('img', { name: 'QR code of your address' })
    const paths = svg.querySelectorAll('path')
    expect(paths).toHaveLength(1)
    const d = paths[0]?.getAttribute('d') ?? ''
    expect(d.length).toBeGreaterThan(100)
    expect(paths[0]?.getAttribute('fill')).toBe('#000000')
    expect(svg.querySelector('rect')?.getAttribute('fill')).toBe('#ffffff')
    const size = Number(svg.getAttribute('viewBox')?.split(' ')[2])
    // Version 3 (29 modules) holds a 42-character address at level M; plus the quiet zone both sides.
    expect(size).toBe(29 + 2 * QR_QUIET_ZONE)
    // No dark module inside the quiet zone.
    const starts = [...d.matchAll(/M(\d+) (\d+)/g)].map((m) => [Number(m[1]), Number(m[2])])
    expect(Math.min(...starts.map(([x]) => x ?? 0))).toBe(QR_QUIET_ZONE)
    expect(Math.min(...starts.map(([, y]) => y ?? 0))).toBe(QR_QUIET_ZONE)
  })

  test('shows the whole address, copies it and says Copied for a moment', async () => {
    const { view } = await receiveView()
    expect(view.getByText(ADDRESS)).toBeTruthy()
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Copy address' })))
    expect(writeText).toHaveBeenCalledWith(ADDRESS)
    expect(view.getByText('Copied').getAttribute('aria-live')).toBe('polite')
    await run(() => vi.advanceTimersByTime(COPY_FEEDBACK_MS))
    expect(view.queryByText('Copied')).toBeNull()
  })

  test('a copy the browser refuses asks to select the address instead', async () => {
    const { view } = await receiveView()
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Copy address' })))
    expect(view.getByText('Could not copy. Select the address instead.')).toBeTruthy()
  })

  test('warns to send only on the listed networks, and lists them', async () => {
    const { view } = await receiveView()
    expect(view.getByText(/Send only assets on the networks below/)).toBeTruthy()
    const networks = view.getByRole('region', { name: 'Works on' })
    expect(networks.textContent).toContain('Ethereum')
    expect(networks.textContent).toContain('Optimism')
  })
})
