import { createContext, useContext, useInsertionEffect } from 'react'

/**
 * Adopts a stylesheet into the modal's shadow root; provided by the modal shell. `afterShell` puts
 * it right after the shell's own sheet (see `adoptStyles`).
 */
export const StyleContext = createContext<((css: string, afterShell?: boolean) => void) | undefined>(
  undefined,
)

/**
 * Adopts a lazily loaded view's own CSS into the modal's shadow root before it paints, so each view
 * chunk carries its styles and the connect-only bundle does not.
 */
export function useStyles(css: string): void {
  const adopt = useContext(StyleContext)
  useInsertionEffect(() => adopt?.(css), [adopt, css])
}

/**
 * The modal frame's shared rules (rows, buttons, tags), which arrive with the frame's chunk: adopted
 * right after the shell's sheet, so the views' own rules, adopted first when a view mounts with the
 * frame, still come after them in the cascade.
 */
export function useFrameStyles(css: string): void {
  const adopt = useContext(StyleContext)
  useInsertionEffect(() => adopt?.(css, true), [adopt, css])
}
