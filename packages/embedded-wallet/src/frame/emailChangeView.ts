import { AuthSessionInvalidError, OtpAttemptsExceededError, OtpExpiredError } from './authApi.js'

/**
 * The e-mail change as the frame's screen runs it: the two codes are checked by the server through
 * these calls, typed by the visitor into the frame itself (on the server's origin), never by the page.
 */
export interface EmailChangeFlow {
  /** The account's e-mail now: the first code went there. */
  currentEmail: string
  /** The address the account moves to: the second code goes there. */
  newEmail: string
  /** Checks the code sent to the current address; the server then mails the new one. */
  submitPrimary(otp: string): Promise<unknown>
  /** Checks the code sent to the new address; resolves with the account's e-mail after the change. */
  submitSecondary(otp: string): Promise<{ email: string }>
}

/** How an e-mail change ended: changed (with the new address), cancelled by the visitor, or failed. */
export type EmailChangeOutcome =
  | { status: 'changed'; email: string }
  | { status: 'cancelled' }
  | { status: 'failed'; reason: string }

export interface EmailChangeView {
  /** Shows the code screen for `flow` and resolves once it ended; one change at a time. */
  run(flow: EmailChangeFlow): Promise<EmailChangeOutcome>
  /** Ends a change on screen as cancelled (sign-out, the page left the flow). */
  cancel(): void
  destroy(): void
}

/** The screen's words, as the modal's views said them before they moved into the frame. */
export const EMAIL_CHANGE_TEXTS = {
  title: 'Change e-mail',
  summary: 'This wallet will log in with',
  stepOne: 'Step 1 of 2: enter the code we sent to',
  stepTwo: 'Step 2 of 2: enter the code we sent to',
  code: 'Code',
  confirm: 'Confirm',
  checking: 'Checking…',
  cancel: 'Cancel',
  invalidCode: 'Enter the 6-digit code from the e-mail.',
  alreadyRunning: 'An e-mail change is on screen already.',
} as const

// Refusals after which the same change cannot go on: the visitor must start again.
function isFinal(error: unknown): boolean {
  return (
    error instanceof OtpExpiredError ||
    error instanceof OtpAttemptsExceededError ||
    error instanceof AuthSessionInvalidError
  )
}

function reasonOf(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'An error occurred'
}

/** Renders the e-mail change's code screen into `root` while a change runs. */
export function createEmailChangeView(options: { root: HTMLElement }): EmailChangeView {
  const { root } = options
  const doc = root.ownerDocument
  let finish: ((outcome: EmailChangeOutcome) => void) | undefined

  function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
    const node = doc.createElement(tag)
    node.className = className
    // textContent only: addresses are shown as text, never parsed as HTML.
    if (text !== undefined) node.textContent = text
    return node
  }

  function close(): void {
    finish = undefined
    root.replaceChildren()
    root.hidden = true
  }

  function render(flow: EmailChangeFlow, step: 1 | 2, done: (outcome: EmailChangeOutcome) => void): void {
    root.replaceChildren()
    root.hidden = false
    const card = element('section', 'portico-approval portico-email-change')
    card.setAttribute('role', 'dialog')
    card.setAttribute('aria-modal', 'true')
    card.setAttribute('aria-labelledby', 'portico-email-change-title')
    const title = element('h1', 'portico-approval__title', EMAIL_CHANGE_TEXTS.title)
    title.id = 'portico-email-change-title'
    const summary = element('p', 'portico-approval__origin', `${EMAIL_CHANGE_TEXTS.summary} `)
    summary.append(element('strong', 'portico-email-change__address', flow.newEmail))
    const sentTo = step === 1 ? flow.currentEmail : flow.newEmail
    const prompt = element(
      'p',
      'portico-email-change__step',
      `${step === 1 ? EMAIL_CHANGE_TEXTS.stepOne : EMAIL_CHANGE_TEXTS.stepTwo} `,
    )
    prompt.append(element('strong', 'portico-email-change__address', sentTo))

    const form = element('form', 'portico-email-change__form')
    form.noValidate = true
    const label = element('label', 'portico-approval__label', EMAIL_CHANGE_TEXTS.code)
    const input = element('input', 'portico-email-change__code')
    input.id = `portico-email-change-code-${step}`
    label.htmlFor = input.id
    input.type = 'text'
    input.inputMode = 'numeric'
    input.autocomplete = 'one-time-code'
    input.maxLength = 6
    input.spellcheck = false
    const error = element('p', 'portico-email-change__error')
    error.setAttribute('role', 'alert')
    error.hidden = true
    input.setAttribute('aria-describedby', `${input.id}-error`)
    error.id = `${input.id}-error`
    const actions = element('div', 'portico-approval__actions')
    const cancel = element(
      'button',
      'portico-approval__button portico-approval__button--reject',
      EMAIL_CHANGE_TEXTS.cancel,
    )
    const confirm = element(
      'button',
      'portico-approval__button portico-approval__button--approve',
      EMAIL_CHANGE_TEXTS.confirm,
    )
    cancel.type = 'button'
    confirm.type = 'submit'
    actions.append(cancel, confirm)
    form.append(label, input, error, actions)
    card.append(title, summary, prompt, form)
    root.append(card)

    let busy = false
    const showError = (text: string | undefined) => {
      error.hidden = text === undefined
      error.textContent = text ?? ''
      if (text === undefined) input.removeAttribute('aria-invalid')
      else input.setAttribute('aria-invalid', 'true')
    }
    const submit = async () => {
      if (busy) return
      const otp = input.value.replace(/\s/g, '')
      if (!/^\d{6}$/.test(otp)) {
        showError(EMAIL_CHANGE_TEXTS.invalidCode)
        return
      }
      busy = true
      confirm.disabled = true
      input.readOnly = true
      confirm.textContent = EMAIL_CHANGE_TEXTS.checking
      showError(undefined)
      try {
        if (step === 1) {
          await flow.submitPrimary(otp)
          if (finish === done) render(flow, 2, done)
          return
        }
        const { email } = await flow.submitSecondary(otp)
        if (finish === done) done({ status: 'changed', email })
      } catch (reason) {
        if (finish !== done) return
        if (isFinal(reason)) {
          done({ status: 'failed', reason: reasonOf(reason) })
          return
        }
        busy = false
        confirm.disabled = false
        input.readOnly = false
        confirm.textContent = EMAIL_CHANGE_TEXTS.confirm
        showError(reasonOf(reason))
        input.select()
      }
    }
    form.addEventListener('submit', (event) => {
      event.preventDefault()
      void submit()
    })
    // Like the modal's code field: the sixth digit sends the code.
    input.addEventListener('input', () => {
      if (/^\d{6}$/.test(input.value.replace(/\s/g, ''))) void submit()
    })
    cancel.addEventListener('click', () => done({ status: 'cancelled' }))
    input.focus()
  }

  return {
    run(flow) {
      if (finish) return Promise.resolve({ status: 'failed', reason: EMAIL_CHANGE_TEXTS.alreadyRunning })
      return new Promise<EmailChangeOutcome>((resolve) => {
        const done = (outcome: EmailChangeOutcome) => {
          if (finish !== done) return
          close()
          resolve(outcome)
        }
        finish = done
        render(flow, 1, done)
      })
    },
    cancel() {
      finish?.({ status: 'cancelled' })
    },
    destroy() {
      finish?.({ status: 'cancelled' })
      close()
    },
  }
}
