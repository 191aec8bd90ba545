import { describe, expect, test } from 'vitest'
import { createApprovalQueue, type PendingApproval } from './approvals.js'

describe('createApprovalQueue', () => {
  test('approve resolves the shown request with true and moves to the next one', async () => {
    const queue = createApprovalQueue()
    const shown: (string | undefined)[] = []
    queue.subscribe((current) => shown.push(current?.method))
    const first = queue.request({ method: 'personal_sign', params: ['0x68', '0x0'], chainId: 'eip155:1' })
    const second = queue.request({ method: 'eth_sendTransaction', params: [], chainId: 'eip155:1' })
    expect(queue.size()).toBe(2)
    expect(queue.current()?.method).toBe('personal_sign')
    queue.approve()
    await expect(first).resolves.toBe(true)
    expect(queue.current()?.method).toBe('eth_sendTransaction')
    queue.reject()
    await expect(second).resolves.toBe(false)
    expect(queue.current()).toBeUndefined()
    expect(shown).toEqual(['personal_sign', 'eth_sendTransaction', undefined])
  })

  test('rejectAll refuses every waiting request', async () => {
    const queue = createApprovalQueue()
    const requests = [1, 2, 3].map(() => queue.request({ method: 'personal_sign', chainId: 'eip155:1' }))
    let last: PendingApproval | undefined = queue.current()
    queue.subscribe((current) => {
      last = current
    })
    queue.rejectAll()
    await expect(Promise.all(requests)).resolves.toEqual([false, false, false])
    expect(last).toBeUndefined()
    expect(queue.size()).toBe(0)
  })

  test('approve with nothing waiting does nothing', () => {
    const queue = createApprovalQueue()
    expect(() => queue.approve()).not.toThrow()
    expect(queue.current()).toBeUndefined()
  })
})
