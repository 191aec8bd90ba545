import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { expect, test } from 'vitest'
import { createMemoryStorage, createPortico } from './index.js'
import { testNetwork } from './testing/fakeAdapter.testkit.js'

const src = fileURLToPath(new URL('.', import.meta.url))
// Written by the test runner, not a feature.
const NOT_FEATURES = new Set(['__snapshots__'])

const folders = readdirSync(src, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !NOT_FEATURES.has(entry.name))
  .map((entry) => entry.name)

/** The "State it owns" paragraph of a folder's README. */
function ownedState(folder: string): string {
  const text = readFileSync(join(src, folder, 'README.md'), 'utf8')
  expect(text.startsWith(`# ${folder}\n`), `${folder}/README.md starts with "# ${folder}"`).toBe(true)
  const owned = /\*\*State it owns:\*\*([\s\S]*?)(?:\n\n|$)/.exec(text)?.[1]
  expect(owned, `${folder}/README.md has a "**State it owns:**" paragraph`).toBeDefined()
  return owned ?? ''
}

test.each(folders)('%s/ says what it is and which state it owns', (folder) => {
  expect(ownedState(folder).trim().length).toBeGreaterThan(0)
})

test('every area of the state is owned by a feature folder', () => {
  const areas = Object.keys(
    createPortico({
      networks: [testNetwork(1, 'eip155', 'Ethereum')],
      storage: createMemoryStorage(),
      ssr: true,
    }).state,
  )
  expect(areas.length).toBeGreaterThan(10)
  const owned = folders.map(ownedState).join('\n')
  for (const area of areas) expect(owned, `no feature folder owns \`${area}\``).toMatch(`\`${area}`)
})
