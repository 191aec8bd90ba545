import { base58 } from '@scure/base'
import { formatEther, hexToBytes, isHex } from 'viem'
import type { ApprovalQueue, PendingApproval } from './approvals.js'
import type { FrameDappData } from './handlers.js'

/** One line of the approval screen: a label and what it shows. */
export interface ApprovalField {
  label: string
  value: string
}

/** What the visitor reads before deciding: a title and the request's fields. */
export interface ApprovalSummary {
  title: string
  fields: ApprovalField[]
}

const decoder = new TextDecoder('utf-8', { fatal: true })

function readableBytes(bytes: Uint8Array, fallback: string): string {
  try {
    return decoder.decode(bytes)
  } catch {
    // Binary data has no text form: show it as the page sent it.
    return fallback
  }
}

function quantity(value: unknown): bigint {
  if (typeof value === 'string' && value !== '') {
    try {
      return BigInt(value)
    } catch {
      return 0n
    }
  }
  return 0n
}

function transactionFields(tx: Record<string, unknown>, chainId: string): ApprovalField[] {
  const fields: ApprovalField[] = [
    { label: 'To', value: typeof tx.to === 'string' ? tx.to : 'New contract' },
    { label: 'Value', value: `${formatEther(quantity(tx.value))} ETH` },
    { label: 'Network', value: chainId },
  ]
  const data = typeof tx.data === 'string' ? tx.data : tx.input
  if (typeof data === 'string' && data !== '0x') fields.push({ label: 'Data', value: data })
  return fields
}

/**
 * Describes a waiting request in words: the message text, or the to/value/network of a transaction;
 * for the smart account also the account and who pays the network fee.
 */
export function summarizeApproval(request: PendingApproval): ApprovalSummary {
  const summary = describeRequest(request)
  if (!request.smartAccount) return summary
  const { feePaidBy } = request.smartAccount
  return {
    ...summary,
    fields: [
      ...summary.fields,
      { label: 'Account', value: 'Smart account (one operation)' },
      { label: 'Network fee', value: feePaidBy ? `paid by ${feePaidBy}` : 'paid by this account' },
    ],
  }
}

function describeRequest(request: PendingApproval): ApprovalSummary {
  const params = request.params
  const list = Array.isArray(params) ? (params as unknown[]) : []
  switch (request.method) {
    case 'personal_sign': {
      const message = typeof list[0] === 'string' ? list[0] : ''
      const text = isHex(message) ? readableBytes(hexToBytes(message), message) : message
      return {
        title: 'Sign message',
        fields: [
          { label: 'Message', value: text },
          { label: 'Network', value: request.chainId },
        ],
      }
    }
    case 'eth_signTypedData_v4': {
      let typed: { primaryType?: unknown; domain?: { name?: unknown }; message?: unknown } = {}
      try {
        typed = (typeof list[1] === 'string' ? JSON.parse(list[1]) : list[1]) ?? {}
      } catch {
        typed = {}
      }
      const fields: ApprovalField[] = []
      if (typeof typed.domain?.name === 'string')
        fields.push({ label: 'Application', value: typed.domain.name })
      if (typeof typed.primaryType === 'string') fields.push({ label: 'Type', value: typed.primaryType })
      fields.push({ label: 'Message', value: JSON.stringify(typed.message ?? {}, null, 2) })
      fields.push({ label: 'Network', value: request.chainId })
      return { title: 'Sign typed data', fields }
    }
    case 'eth_sendTransaction': {
      const tx = (typeof list[0] === 'object' && list[0] !== null ? list[0] : {}) as Record<string, unknown>
      return { title: 'Send transaction', fields: transactionFields(tx, request.chainId) }
    }
    case 'wallet_sendCalls': {
      const bundle = (typeof list[0] === 'object' && list[0] !== null ? list[0] : {}) as { calls?: unknown }
      const calls = Array.isArray(bundle.calls) ? (bundle.calls as Record<string, unknown>[]) : []
      const fields = calls.flatMap((call, index) =>
        transactionFields(call, request.chainId)
          .filter((field) => field.label !== 'Network')
          .map((field) => ({ ...field, label: `${index + 1}. ${field.label}` })),
      )
      fields.push({ label: 'Network', value: request.chainId })
      return { title: `Send ${calls.length} ${calls.length === 1 ? 'call' : 'calls'}`, fields }
    }
    case 'solana_signMessage': {
      const message = (params as { message?: unknown } | undefined)?.message
      let text = typeof message === 'string' ? message : ''
      try {
        text = readableBytes(base58.decode(text), text)
      } catch {
        // Not base58: show it as sent.
      }
      return {
        title: 'Sign message',
        fields: [
          { label: 'Message', value: text },
          { label: 'Network', value: request.chainId },
        ],
      }
    }
    default:
      return {
        title: request.method,
        fields: [
          { label: 'Request', value: JSON.stringify(params ?? null, null, 2) },
          { label: 'Network', value: request.chainId },
        ],
      }
  }
}

/**
 * How long Approve stays disabled after the screen appears (or the frame is shown, moved or resized):
 * a click the page timed to land where the screen then shows up must not approve (clickjacking).
 */
export const APPROVE_DELAY_MS = 500

export interface ApprovalViewOptions {
  /** The element the screen renders into (the frame's body content). */
  root: HTMLElement
  queue: ApprovalQueue
}

export interface ApprovalView {
  setDappData(data: FrameDappData): void
  destroy(): void
}

/** Renders the approval screen of the request at the head of the queue; Approve and Reject settle it. */
export function createApprovalView(options: ApprovalViewOptions): ApprovalView {
  const { root, queue } = options
  const doc = root.ownerDocument
  const win = doc.defaultView
  let dapp: FrameDappData | undefined
  let approveButton: HTMLButtonElement | undefined
  let armTimer: ReturnType<typeof setTimeout> | undefined

  // Approve is disabled, and enabled again only once the screen has been in place for a while.
  function disarm(): void {
    clearTimeout(armTimer)
    const button = approveButton
    if (!button) return
    button.disabled = true
    armTimer = setTimeout(() => {
      button.disabled = false
    }, APPROVE_DELAY_MS)
  }
  // The page shows the frame by giving its iframe a size (and hides it with none), moves it and may
  // cover it: each of these resizes the frame's window or changes its visibility, and restarts the wait.
  const onChange = () => {
    if (doc.visibilityState === 'hidden') return
    disarm()
  }
  win?.addEventListener('resize', onChange)
  doc.addEventListener('visibilitychange', onChange)

  function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string) {
    const node = doc.createElement(tag)
    node.className = className
    // textContent only: the page's strings are never parsed as HTML.
    if (text !== undefined) node.textContent = text
    return node
  }

  function render(current: PendingApproval | undefined): void {
    clearTimeout(armTimer)
    approveButton = undefined
    root.replaceChildren()
    root.hidden = current === undefined
    if (!current) return
    const summary = summarizeApproval(current)
    const card = element('section', 'portico-approval')
    card.setAttribute('role', 'dialog')
    card.setAttribute('aria-modal', 'true')
    card.setAttribute('aria-labelledby', 'portico-approval-title')
    // The dialog takes the focus, not Approve: a key press meant for the page must not approve.
    card.tabIndex = -1
    const title = element('h1', 'portico-approval__title', summary.title)
    title.id = 'portico-approval-title'
    card.append(title)
    if (dapp?.metadata?.name)
      card.append(element('p', 'portico-approval__origin', `Requested by ${dapp.metadata.name}`))
    const list = element('dl', 'portico-approval__fields')
    for (const field of summary.fields) {
      list.append(
        element('dt', 'portico-approval__label', field.label),
        element('dd', 'portico-approval__value', field.value),
      )
    }
    card.append(list)
    const actions = element('div', 'portico-approval__actions')
    const reject = element('button', 'portico-approval__button portico-approval__button--reject', 'Reject')
    const approve = element('button', 'portico-approval__button portico-approval__button--approve', 'Approve')
    reject.type = 'button'
    approve.type = 'button'
    reject.addEventListener('click', () => queue.reject())
    approve.addEventListener('click', () => {
      if (!approve.disabled) queue.approve()
    })
    actions.append(reject, approve)
    card.append(actions)
    root.append(card)
    approveButton = approve
    disarm()
    card.focus()
  }

  const unsubscribe = queue.subscribe(render)
  render(queue.current())

  return {
    setDappData(data) {
      dapp = data
      render(queue.current())
    },
    destroy() {
      unsubscribe()
      clearTimeout(armTimer)
      win?.removeEventListener('resize', onChange)
      doc.removeEventListener('visibilitychange', onChange)
      root.replaceChildren()
    },
  }
}
