/** Where constructed stylesheets can be adopted: a shadow root or the document. */
export type StyleRoot = ShadowRoot | Document

/**
 * Adds `css` to `root` as a constructed stylesheet: no `<style>` element and no inline style
 * attribute, so it works under a CSP without `'unsafe-inline'`. `sheets` caches per root, so adopting
 * the same text twice is a no-op. Browsers without constructable stylesheets (Safari < 16.4) get a
 * `<style>` element instead; the text is always Portico's own static CSS, never user input.
 * `afterFirst` puts it right after the first stylesheet instead of last: the modal frame's shared
 * rules, which arrive after the shell's but must come before any view's in the cascade.
 */
export function adoptStyles(
  root: StyleRoot,
  css: string,
  sheets: Map<string, unknown>,
  afterFirst = false,
): void {
  if (sheets.has(css)) return
  // nodeType, not instanceof: a document from another realm (an iframe, a test DOM) is still one.
  const isDocument = root.nodeType === 9
  const document = isDocument ? (root as Document) : (root as ShadowRoot).ownerDocument
  const view = document.defaultView
  const Sheet = view?.CSSStyleSheet
  if (Sheet && 'adoptedStyleSheets' in root && 'replaceSync' in Sheet.prototype) {
    const sheet = new Sheet()
    sheet.replaceSync(css)
    const [first, ...others] = root.adoptedStyleSheets
    root.adoptedStyleSheets =
      afterFirst && first ? [first, sheet, ...others] : [...root.adoptedStyleSheets, sheet]
    sheets.set(css, sheet)
    return
  }
  const style = document.createElement('style')
  style.textContent = css
  const parent = isDocument ? document.head : root
  const firstStyle = afterFirst
    ? [...parent.children].find((child) => child.localName === 'style')
    : undefined
  if (firstStyle) firstStyle.after(style)
  else parent.append(style)
  sheets.set(css, style)
}
