import { afterEach, describe, expect, test, vi } from 'vitest'
import { OtpAttemptsExceededError, OtpInvalidError } from './authApi.js'
import { createEmailChangeView, type EmailChangeFlow } from './emailChangeView.js'

afterEach(() => document.body.replaceChildren())

function mount(overrides: Partial<EmailChangeFlow> = {}) {
  const root = document.createElement('main')
  root.hidden = true
  document.body.append(root)
  const calls: string[] = []
  const flow: EmailChangeFlow = {
    currentEmail: 'ada@example.com',
    newEmail: '<b>eve</b>@new.example',
    submitPrimary: async (otp) => {
      calls.push(`primary ${otp}`)
    },
    submitSecondary: async (otp) => {
      calls.push(`secondary ${otp}`)
      return { email: 'eve@new.example' }
    },
    ...overrides,
  }
  const view = createEmailChangeView({ root })
  return { root, view, flow, calls }
}

function type(root: HTMLElement, code: string) {
  const input = root.querySelector('input') as HTMLInputElement
  input.value = code
  input.dispatchEvent(new Event('input', { bubbles: true }))
}

describe('createEmailChangeView', () => {
  test("asks for the current address's code, then the new one's, and resolves with the new e-mail", async () => {
    const { root, view, flow, calls } = mount()
    const outcome = view.run(flow)
    expect(root.hidden).toBe(false)
    expect(root.querySelector('[role="dialog"]')?.getAttribute('aria-labelledby')).toBe(
      'portico-email-change-title',
    )
    expect(root.textContent).toContain('Step 1 of 2: enter the code we sent to ada@example.com')
    // Addresses are text, never markup.
    expect(root.querySelector('b')).toBeNull()
    expect(document.activeElement).toBe(root.querySelector('input'))
    type(root, '12345')
    expect(calls).toEqual([])
    type(root, '123456')
    await vi.waitFor(() =>
      expect(root.textContent).toContain('Step 2 of 2: enter the code we sent to <b>eve</b>@new.example'),
    )
    type(root, '654321')
    await expect(outcome).resolves.toEqual({ status: 'changed', email: 'eve@new.example' })
    expect(calls).toEqual(['primary 123456', 'secondary 654321'])
    expect(root.hidden).toBe(true)
  })

  test('Confirm with a short code says what is wanted and sends nothing', () => {
    const { root, view, flow, calls } = mount()
    void view.run(flow)
    type(root, '12a')
    root.querySelector('form')?.dispatchEvent(new Event('submit', { cancelable: true }))
    expect(root.querySelector('[role="alert"]')?.textContent).toBe('Enter the 6-digit code from the e-mail.')
    expect(calls).toEqual([])
  })

  test('a wrong code stays for another try; too many wrong codes end the change as failed', async () => {
    let tries = 0
    const { root, view, flow } = mount({
      submitPrimary: async () => {
        tries++
        if (tries === 1) throw new OtpInvalidError('The code is wrong.', 'OTP_INVALID', 401)
        throw new OtpAttemptsExceededError(
          'Too many wrong codes: ask for a new one.',
          'OTP_ATTEMPTS_EXCEEDED',
          429,
        )
      },
    })
    const outcome = view.run(flow)
    type(root, '000000')
    await vi.waitFor(() =>
      expect(root.querySelector('[role="alert"]')?.textContent).toBe('The code is wrong.'),
    )
    expect(root.querySelector('input')?.getAttribute('aria-invalid')).toBe('true')
    type(root, '111111')
    await expect(outcome).resolves.toEqual({
      status: 'failed',
      reason: 'Too many wrong codes: ask for a new one.',
    })
  })

  test('one change at a time; cancel() ends the one on screen', async () => {
    const { view, flow } = mount()
    const first = view.run(flow)
    await expect(view.run(flow)).resolves.toMatchObject({ status: 'failed' })
    view.cancel()
    await expect(first).resolves.toEqual({ status: 'cancelled' })
  })
})
