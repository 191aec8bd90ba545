import { useCallback, useEffect, useState } from 'react'

/** How long 'Copied' (or the failure) stays after a copy. */
export const COPY_FEEDBACK_MS = 1_500

/** `idle`, or how the last copy went, for COPY_FEEDBACK_MS. */
export type CopyState = 'idle' | 'copied' | 'failed'

/**
 * Copies a text to the clipboard and says for a moment how it went. Where the clipboard is not
 * available (an insecure page, a denied permission) it says `failed`, so the view can ask the
 * visitor to select the text instead.
 */
export function useCopy(text: string | undefined): { copy: () => void; state: CopyState } {
  const [state, setState] = useState<CopyState>('idle')

  useEffect(() => {
    if (state === 'idle') return
    const timer = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS)
    return () => clearTimeout(timer)
  }, [state])

  const copy = useCallback(() => {
    const clipboard = globalThis.navigator?.clipboard
    if (!clipboard || text === undefined) return setState('failed')
    clipboard.writeText(text).then(
      () => setState('copied'),
      () => setState('failed'),
    )
  }, [text])

  return { copy, state }
}
