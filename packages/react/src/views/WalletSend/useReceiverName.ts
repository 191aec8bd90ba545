import { isReceiverName, setSendReceiver } from '@portico/core'
import { useEffect, useState } from 'react'
import { usePortico } from '../../hooks/usePortico.js'

/** How long typing must pause before a name is looked up. */
export const NAME_DEBOUNCE_MS = 300

export type ReceiverName =
  | { status: 'none' }
  | { status: 'resolving'; name: string }
  | { status: 'resolved'; name: string; address: string; image: string | undefined }
  | { status: 'failed'; name: string }

/**
 * The receiver field when it holds a name (`vitalik.eth`): looks it up once typing pauses, drops
 * the answer of a name typed over since (each keystroke cancels the lookup before it), and on
 * success makes the resolved address the send's receiver, with the name and avatar. Returns what
 * the field should show and say. `typed` is the field's text; `onText` sets it from an edit.
 */
export function useReceiverName(initialName: string | undefined) {
  const portico = usePortico()
  const [typed, setTyped] = useState<string | undefined>(initialName)
  const [result, setResult] = useState<ReceiverName>(
    initialName ? { status: 'resolving', name: initialName } : { status: 'none' },
  )

  useEffect(() => {
    if (typed === undefined) {
      setResult({ status: 'none' })
      return
    }
    const name = typed.trim()
    let cancelled = false
    setResult({ status: 'resolving', name })
    const timer = setTimeout(() => {
      // The lookup and avatar checks load with the first name typed, not with the Send view.
      import('@portico/core/names')
        .then(({ resolveReceiverName }) => resolveReceiverName(portico, { name }))
        .then(
          (resolved) => {
            if (cancelled) return
            setSendReceiver(portico, {
              address: resolved.address,
              profileName: resolved.name,
              profileImage: resolved.image,
            })
            setResult({ status: 'resolved', ...resolved })
          },
          () => {
            // SPEC §8 'Error resolving name': a name with no address, or one the chain would not read.
            if (!cancelled) setResult({ status: 'failed', name })
          },
        )
    }, NAME_DEBOUNCE_MS)
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [portico, typed])

  /** The field's new text: a name is looked up, anything else is the receiver address as typed. */
  const onText = (text: string) => {
    if (isReceiverName(portico, text)) {
      setTyped(text)
      // No receiver until the name resolves: nothing can be sent to a name that is not looked up.
      setSendReceiver(portico, { address: '' })
    } else {
      setTyped(undefined)
      setSendReceiver(portico, { address: text })
    }
  }

  return { typed, result, onText }
}
