const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

/** The element focused inside `node`'s root (a shadow root or the document), if any. */
export function activeElementOf(node: Node): Element | null {
  const root = node.getRootNode() as ShadowRoot | Document
  return root.activeElement
}

/** Keyboard-reachable elements inside `container`, in tab order of the markup. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.hidden)
}

/**
 * Keeps Tab and Shift+Tab inside `container`: from the last control Tab wraps to the first, and from
 * the first (or the dialog itself) Shift+Tab wraps to the last. Returns true when it moved focus.
 */
export function trapTab(container: HTMLElement, backwards: boolean): boolean {
  const items = focusableIn(container)
  const first = items[0]
  const last = items.at(-1)
  if (!first || !last) {
    container.focus()
    return true
  }
  const active = activeElementOf(container)
  const inside = active !== null && container.contains(active)
  if (backwards && (!inside || active === first || active === container)) {
    last.focus()
    return true
  }
  if (!backwards && (!inside || active === last)) {
    first.focus()
    return true
  }
  return false
}

/**
 * Arrow keys, Home and End move focus between the rows of a wallet or network list, so a keyboard
 * user does not have to Tab through every row.
 */
export function moveFocusInList(event: React.KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End']
  if (!keys.includes(event.key)) return
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[data-list-item]:not([disabled])')]
  if (items.length === 0) return
  const active = activeElementOf(event.currentTarget)
  const index = items.indexOf(active as HTMLElement)
  let next = index
  if (event.key === 'ArrowDown') next = index === -1 ? 0 : (index + 1) % items.length
  if (event.key === 'ArrowUp') next = index <= 0 ? items.length - 1 : index - 1
  if (event.key === 'Home') next = 0
  if (event.key === 'End') next = items.length - 1
  event.preventDefault()
  items[next]?.focus()
}
