import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { expect, test } from 'vitest'

const root = import.meta.dirname

// Not flows: the instance's logger for a theme value or a locale file that could not be used, and
// the embedded panel's one-time warning. The send views are being moved to core's send flows.
const ALLOWED = new Set([
  'theme/useThemeProperties.ts',
  'i18n/useCatalogue.ts',
  'PorticoEmbed/PorticoEmbed.tsx',
  'views/WalletSend/WalletSend.tsx',
  'views/WalletSendPreview/WalletSendPreview.tsx',
])

function sources(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return sources(path)
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|\.testkit\.tsx?$/.test(entry.name) ? [path] : []
  })
}

test('views and components reach no internals of the instance: they call core actions and flows', () => {
  const offenders = sources(root)
    .map((path) => relative(root, path))
    .filter((path) => !ALLOWED.has(path) && /\.internal\b/.test(readFileSync(join(root, path), 'utf8')))
  expect(offenders).toEqual([])
})
