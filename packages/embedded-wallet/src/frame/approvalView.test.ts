import { base58 } from '@scure/base'
import { numberToHex, parseEther, stringToHex } from 'viem'
import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { createApprovalQueue } from './approvals.js'
import { APPROVE_DELAY_MS, createApprovalView, summarizeApproval } from './approvalView.js'

afterEach(() => document.body.replaceChildren())

function mount() {
  const root = document.createElement('main')
  document.body.append(root)
  const queue = createApprovalQueue()
  const view = createApprovalView({ root, queue })
  return { root, queue, view }
}

function button(root: HTMLElement, name: string): HTMLButtonElement {
  const found = [...root.querySelectorAll('button')].find((node) => node.textContent === name)
  if (!found) throw new Error(`No ${name} button is shown.`)
  return found
}

describe('summarizeApproval', () => {
  test("a smart account's operation the site sponsors shows 'Network fee: paid by <site>'", () => {
    const { root, queue } = mount()
    void queue.request({
      method: 'wallet_sendCalls',
      params: [{ calls: [{ to: '0x000000000000000000000000000000000000bEEF', value: '0x1' }] }],
      chainId: 'eip155:8453',
      smartAccount: { feePaidBy: 'Shop' },
    })
    const rows = [...root.querySelectorAll('dt')].map(
      (term) => `${term.textContent}: ${term.nextElementSibling?.textContent}`,
    )
    expect(rows).toContain('Network fee: paid by Shop')
    expect(rows).toContain('Account: Smart account (one operation)')
    // Without a sponsor the account pays, and says so.
    const unsponsored = summarizeApproval({
      key: 2,
      method: 'eth_sendTransaction',
      params: [{ to: '0x000000000000000000000000000000000000bEEF' }],
      chainId: 'eip155:8453',
      smartAccount: {},
    })
    expect(unsponsored.fields).toContainEqual({ label: 'Network fee', value: 'paid by this account' })
  })

  test('shows the text of a hex-encoded personal_sign message', () => {
    const summary = summarizeApproval({
      key: 1,
      method: 'personal_sign',
      params: [stringToHex('Log in to Shop'), '0x0000000000000000000000000000000000000001'],
      chainId: 'eip155:1',
    })
    expect(summary.title).toBe('Sign message')
    expect(summary.fields).toContainEqual({ label: 'Message', value: 'Log in to Shop' })
  })

  test('shows to, value in ETH and network of a transaction', () => {
    const summary = summarizeApproval({
      key: 1,
      method: 'eth_sendTransaction',
      params: [{ to: '0x000000000000000000000000000000000000bEEF', value: numberToHex(parseEther('1.25')) }],
      chainId: 'eip155:8453',
    })
    expect(summary.fields).toEqual([
      { label: 'To', value: '0x000000000000000000000000000000000000bEEF' },
      { label: 'Value', value: '1.25 ETH' },
      { label: 'Network', value: 'eip155:8453' },
    ])
  })

  test('shows the text of a base58 Solana message', () => {
    const summary = summarizeApproval({
      key: 1,
      method: 'solana_signMessage',
      params: { message: base58.encode(new TextEncoder().encode('gm')), pubkey: 'x' },
      chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    })
    expect(summary.fields[0]).toEqual({ label: 'Message', value: 'gm' })
  })

  test('numbers each call of wallet_sendCalls', () => {
    const summary = summarizeApproval({
      key: 1,
      method: 'wallet_sendCalls',
      params: [{ calls: [{ to: '0x01' }, { to: '0x02', value: '0x1' }] }],
      chainId: 'eip155:1',
    })
    expect(summary.title).toBe('Send 2 calls')
    expect(summary.fields.map((field) => field.label)).toEqual([
      '1. To',
      '1. Value',
      '2. To',
      '2. Value',
      'Network',
    ])
  })
})

describe('createApprovalView', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  test('is hidden while nothing waits, and shows the waiting request', async () => {
    const { root, queue } = mount()
    expect(root.hidden).toBe(true)
    const decision = queue.request({
      method: 'personal_sign',
      params: [stringToHex('<b>not html</b>'), '0x0000000000000000000000000000000000000001'],
      chainId: 'eip155:1',
    })
    expect(root.hidden).toBe(false)
    expect(root.querySelector('h1')?.textContent).toBe('Sign message')
    // The page's text is shown as text, never parsed as markup.
    expect(root.querySelector('b')).toBeNull()
    expect(root.textContent).toContain('<b>not html</b>')
    vi.advanceTimersByTime(APPROVE_DELAY_MS)
    button(root, 'Approve').click()
    await expect(decision).resolves.toBe(true)
    expect(root.hidden).toBe(true)
  })

  test('Reject settles the request with false and shows the next one', async () => {
    const { root, queue } = mount()
    const first = queue.request({ method: 'personal_sign', params: ['0x6869', '0x0'], chainId: 'eip155:1' })
    void queue.request({ method: 'eth_sendTransaction', params: [{ to: '0x01' }], chainId: 'eip155:1' })
    button(root, 'Reject').click()
    await expect(first).resolves.toBe(false)
    expect(root.querySelector('h1')?.textContent).toBe('Send transaction')
  })

  test('the dialog takes the focus, not Approve', () => {
    const { root, queue } = mount()
    void queue.request({ method: 'personal_sign', params: ['0x6869', '0x0'], chainId: 'eip155:1' })
    expect(document.activeElement).toBe(root.querySelector('[role="dialog"]'))
    expect(document.activeElement).not.toBe(button(root, 'Approve'))
  })

  test(`a click on Approve in the first ${APPROVE_DELAY_MS} ms after the screen appears does not approve`, async () => {
    {
      const { root, queue } = mount()
      let settled: boolean | undefined
      void queue
        .request({ method: 'personal_sign', params: ['0x6869', '0x0'], chainId: 'eip155:1' })
        .then((approved) => {
          settled = approved
        })
      const approve = button(root, 'Approve')
      expect(approve.disabled).toBe(true)
      approve.click()
      vi.advanceTimersByTime(APPROVE_DELAY_MS - 1)
      approve.click()
      await Promise.resolve()
      expect(settled).toBeUndefined()
      expect(queue.size()).toBe(1)

      // Showing or moving the frame (its window resizes) starts the wait again.
      vi.advanceTimersByTime(1)
      expect(approve.disabled).toBe(false)
      window.dispatchEvent(new Event('resize'))
      expect(approve.disabled).toBe(true)
      approve.click()
      vi.advanceTimersByTime(APPROVE_DELAY_MS)
      await Promise.resolve()
      expect(settled).toBeUndefined()

      approve.click()
      await Promise.resolve()
      expect(settled).toBe(true)
    }
  })

  test('names the requesting site from SYNC_DAPP_DATA', () => {
    const { root, queue, view } = mount()
    view.setDappData({ metadata: { name: 'Shop' }, sdkVersion: '1.0.0', sdkType: 'portico', projectId: 'p' })
    void queue.request({ method: 'personal_sign', params: ['0x6869', '0x0'], chainId: 'eip155:1' })
    expect(root.textContent).toContain('Requested by Shop')
  })
})
