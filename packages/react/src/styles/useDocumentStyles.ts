import { useInsertionEffect } from 'react'
import { adoptStyles } from './adoptStyles.js'

/**
 * Adopts `css` into the page's document while the calling component is mounted, and removes it
 * after. Runs only in the browser (effects never run during server rendering).
 */
export function useDocumentStyles(css: string): void {
  useInsertionEffect(() => {
    const sheets = new Map<string, unknown>()
    adoptStyles(document, css, sheets)
    return () => {
      for (const sheet of sheets.values()) {
        if (sheet instanceof Element) sheet.remove()
        else document.adoptedStyleSheets = document.adoptedStyleSheets.filter((item) => item !== sheet)
      }
    }
  }, [css])
}
