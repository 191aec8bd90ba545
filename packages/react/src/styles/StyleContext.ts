import { createContext, useContext, useInsertionEffect } from 'react'

/** Adopts a stylesheet into the modal's shadow root; provided by the modal shell. */
export const StyleContext = createContext<((css: string) => void) | undefined>(undefined)

/**
 * Adopts a lazily loaded view's own CSS into the modal's shadow root before it paints, so each view
 * chunk carries its styles and the connect-only bundle does not.
 */
export function useStyles(css: string): void {
  const adopt = useContext(StyleContext)
  useInsertionEffect(() => adopt?.(css), [adopt, css])
}
