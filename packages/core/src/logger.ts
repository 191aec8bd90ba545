import type { Logger } from './adapterKit/contract.js'
import type { Portico } from './portico.js'

/**
 * The instance's logger: the site's `logger` option, or the console. UI layers report what they
 * cannot show (a refused theme variable, texts that did not load) through it.
 *
 * @example
 * getLogger(portico).warn('theme: ignored themeVariables.--p-accent', reason)
 */
export function getLogger(portico: Portico): Logger {
  return portico.internal.logger
}
