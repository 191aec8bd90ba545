import { readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'

// ARCHITECTURE "core": domain actions change domain state and throw; only the modal layer (the
// `modal/` folders, `notices/`, and `createPortico` which connects it) moves the modal or shows
// notices. Domain code reports what happened with `reportDomainEvent`.
const src = fileURLToPath(new URL('.', import.meta.url))
const modalLayer = (file: string) =>
  file.split('/').includes('modal') ||
  file.startsWith('notices/') ||
  file === 'createPortico.ts' ||
  file === 'index.ts'

function domainFiles(): string[] {
  return readdirSync(src, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts') && !/\.test(kit)?\.ts$/.test(entry.name))
    .map((entry) => relative(src, join(entry.parentPath, entry.name)))
    .filter((file) => !file.startsWith('testing/') && !modalLayer(file))
}

/** What a domain file does that belongs to the modal layer, as `file: what`. */
function modalLayerUses(file: string, source: string): string[] {
  const found: string[] = []
  // Types (the route union in state.ts) are shared; only runtime imports count.
  for (const [, specifier] of source.matchAll(/^import (?!type\b)[^;]*?from '(\.[^']+)'/gm))
    if (/(^|\/)modal\//.test(specifier!) || /notices\/show/.test(specifier!))
      found.push(`${file}: imports ${specifier}`)
  for (const [write] of source.matchAll(
    /router\.(?:route|history)\s*=[^=]|router\.history\.(?:push|pop)\(|modal\.open\s*=[^=]|state\.(?:alert|toast)\.current\s*=[^=]/g,
  ))
    found.push(`${file}: writes ${write.trim()}`)
  return found
}

test('domain code neither imports the modal layer nor moves the modal or shows notices', () => {
  const files = domainFiles()
  expect(files.length).toBeGreaterThan(50)
  expect(files.flatMap((file) => modalLayerUses(file, readFileSync(join(src, file), 'utf8')))).toEqual([])
})

test('the check finds a domain file that moves the modal', () => {
  const source = [
    "import { openModal } from '../modal/openModal.js'",
    "import { showToast } from '../notices/showToast.js'",
    'state.router.route = { view: "Connect" }',
    'state.router.history.push(route)',
    'state.modal.open = true',
    'if (state.modal.open === true) {}',
    "import type { Route } from '../modal/routes.js'",
  ].join('\n')
  expect(modalLayerUses('siwx/example.ts', source)).toEqual([
    'siwx/example.ts: imports ../modal/openModal.js',
    'siwx/example.ts: imports ../notices/showToast.js',
    'siwx/example.ts: writes router.route =',
    'siwx/example.ts: writes router.history.push(',
    'siwx/example.ts: writes modal.open =',
  ])
})
