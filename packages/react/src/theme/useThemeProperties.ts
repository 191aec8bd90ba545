import { getLogger } from '@portico/core'
import { useEffect } from 'react'
import { usePortico } from '../hooks/usePortico.js'
import { useTheme } from '../hooks/useTheme.js'
import { THEME_PROPERTY_NAMES, toThemeProperties } from './themeProperties.js'

/**
 * Writes the theme variables onto `element` as custom properties through the CSSOM (allowed under a
 * strict CSP, unlike style attributes),
 */
export function useThemeProperties(element: HTMLElement | null | undefined): void {
  const portico = usePortico()
  const { themeVariables } = useTheme()
  useEffect(() => {
    if (!element) return
    const { properties, refused } = toThemeProperties(themeVariables)
    for (const name of THEME_PROPERTY_NAMES) element.style.removeProperty(name)
    for (const [name, value] of properties) element.style.setProperty(name, value)
    for (const { variable, reason } of refused)
      getLogger(portico).warn(`theme: ignored themeVariables.${variable}`, reason)
  }, [element, themeVariables, portico])
}
