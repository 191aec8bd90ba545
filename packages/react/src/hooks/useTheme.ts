import { getTheme, type ThemeState, watchTheme } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/**
 * The theme mode ('dark' or 'light') and the theme variables the modal is drawn with.
 *
 * @example
 * const { themeMode } = useTheme()
 */
export function useTheme(): Readonly<ThemeState> {
  return usePorticoRead(getTheme, watchTheme)
}
