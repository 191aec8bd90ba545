import type { Portico } from '../portico.js'
import type { ThemeMode, ThemeVariables } from '../state.js'

export type SetThemeParameters = { themeMode?: ThemeMode; themeVariables?: ThemeVariables }

/** Changes the theme mode and merges theme variables. */
export function setTheme(portico: Portico, parameters: SetThemeParameters): void {
  const { theme } = portico.state
  if (parameters.themeMode) theme.themeMode = parameters.themeMode
  if (parameters.themeVariables)
    theme.themeVariables = { ...theme.themeVariables, ...parameters.themeVariables }
}
