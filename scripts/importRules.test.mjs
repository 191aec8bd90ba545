import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { checkImportRules, porticoInternalProblems, viewImportProblems } from './importRules.mjs'

const script = fileURLToPath(new URL('importRules.mjs', import.meta.url))
const made = []

/** A React `src` folder on disk with the given files. */
function writeSrc(files) {
  const dir = mkdtempSync(join(tmpdir(), 'portico-import-rules-'))
  made.push(dir)
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const shared = {
  'components/Row.tsx': 'export const Row = () => null\n',
  'hooks/useThing.ts': 'export const useThing = () => 1\n',
  'i18n/t.ts': 'export const t = (key: string) => key\n',
  'styles/css.ts': 'export const css = ""\n',
  'testkit/render.testkit.tsx': 'export const render = () => null\n',
  'Modal/focus.ts': 'export const focus = () => {}\n',
  'views/Other/Other.tsx': 'export const Other = () => null\nexport const piece = 1\n',
}

describe('views import shared pieces only from components/, hooks/, i18n/, styles/', () => {
  test('a view taking its pieces from its folder and the shared folders passes', () => {
    const src = writeSrc({
      ...shared,
      'views/Connect/Connect.tsx': [
        "import { Row } from '../../components/Row.js'",
        "import { useThing } from '../../hooks/useThing.js'",
        "import { t } from '../../i18n/t.js'",
        "import { css } from '../../styles/css.js'",
        "import { part } from './part.js'",
        "import { connect } from '@portico/core'",
        "import { useState } from 'react'",
        'export const Connect = () => [Row, useThing, t, css, part, connect, useState]',
      ].join('\n'),
      'views/Connect/part.ts': 'export const part = 1\n',
      'views/Connect/Connect.test.tsx':
        "import { render } from '../../testkit/render.testkit.js'\nrender()\n",
    })
    expect(viewImportProblems(src)).toEqual([])
  })

  test("a view importing another view's folder fails, whatever the kind of import", () => {
    const src = writeSrc({
      ...shared,
      'views/Connect/Connect.tsx': "import { piece } from '../Other/Other.js'\nexport const a = piece\n",
      'views/Connect/types.ts': "export type { Other } from '../Other/Other.js'\n",
      'views/Connect/lazy.ts': "export const load = () => import('../../views/Other/Other.js')\n",
    })
    expect(viewImportProblems(src)).toEqual([
      {
        file: 'views/Connect/Connect.tsx',
        specifier: '../Other/Other.js',
        message: "imports another view's folder (views/Other): move what both use to components/",
      },
      expect.objectContaining({ file: 'views/Connect/lazy.ts', specifier: '../../views/Other/Other.js' }),
      expect.objectContaining({ file: 'views/Connect/types.ts', specifier: '../Other/Other.js' }),
    ])
  })

  test('a view importing from a folder that is not shared fails; testkit/ only from its tests', () => {
    const src = writeSrc({
      ...shared,
      'views/Connect/Connect.tsx': "import { focus } from '../../Modal/focus.js'\nexport const a = focus\n",
      'views/Connect/helper.ts':
        "import { render } from '../../testkit/render.testkit.js'\nexport const b = render\n",
    })
    expect(viewImportProblems(src)).toEqual([
      {
        file: 'views/Connect/Connect.tsx',
        specifier: '../../Modal/focus.js',
        message: 'imports from Modal/: a view takes shared pieces from components/, hooks/, i18n/ or styles/',
      },
      expect.objectContaining({
        file: 'views/Connect/helper.ts',
        specifier: '../../testkit/render.testkit.js',
      }),
    ])
  })

  test('a shared piece importing a view fails; other folders are not the rule’s business', () => {
    const src = writeSrc({
      ...shared,
      'components/Bad.tsx': "import { piece } from '../views/Other/Other.js'\nexport const Bad = piece\n",
      'Modal/views.ts': "export const load = () => import('../views/Other/Other.js')\n",
    })
    expect(viewImportProblems(src)).toEqual([
      {
        file: 'components/Bad.tsx',
        specifier: '../views/Other/Other.js',
        message: 'components/ imports a view (views/Other): shared pieces never depend on a view',
      },
    ])
  })
})

describe('no portico.internal outside tests', () => {
  test('finds a property read, an element read and a destructuring, with their lines', () => {
    const src = writeSrc({
      'views/A/A.tsx': 'export const A = (portico: any) => {\n  portico.internal.logger.warn("x")\n}\n',
      'hooks/useB.ts': "export const b = (p: any) => p['internal']\n",
      'components/C.tsx':
        'export function C(portico: any) {\n  const { internal: inner } = portico\n  return inner\n}\n',
    })
    expect(porticoInternalProblems(src)).toEqual([
      { file: 'components/C.tsx', line: 2, message: expect.stringContaining('{ internal: inner } = …') },
      { file: 'hooks/useB.ts', line: 1, message: expect.stringContaining("p['internal']") },
      { file: 'views/A/A.tsx', line: 2, message: expect.stringContaining('portico.internal') },
    ])
  })

  test('leaves tests, test kits and other names alone', () => {
    const src = writeSrc({
      'views/A/A.test.tsx': 'const portico: any = {}\nportico.internal.logger.warn("x")\n',
      'testkit/kit.testkit.ts': 'export const k = (portico: any) => portico.internal\n',
      'views/A/A.tsx': 'export const A = (o: any) => [o.internalState, o.isInternal, "internal"]\n',
    })
    expect(porticoInternalProblems(src)).toEqual([])
  })
})

describe('the command', () => {
  const run = (...args) => spawnSync(process.execPath, [script, ...args], { encoding: 'utf8' })
  const internalRead = { 'views/A/A.tsx': 'export const A = (portico: any) => portico.internal\n' }

  test('exits 1 and names the import when a view imports another', () => {
    const src = writeSrc({
      ...shared,
      'views/A/A.tsx': "import { piece } from '../Other/Other.js'\nexport { piece }\n",
    })
    const result = run(src)
    expect(result.status).toBe(1)
    expect(result.stdout).toContain(
      "views/A/A.tsx ('../Other/Other.js') imports another view's folder (views/Other): move what both use to components/",
    )
  })

  test('exits 0 when every rule holds', () => {
    const result = run(writeSrc(shared))
    expect(result.status).toBe(0)
    expect(result.stdout).toContain(
      'views import shared pieces only from components/, hooks/, i18n/, styles/: ok',
    )
  })

  test('a read of portico.internal fails the check', () => {
    const result = run(writeSrc(internalRead))
    expect(result.status).toBe(1)
    expect(result.stdout).toContain('views/A/A.tsx:1 reads `internal` (portico.internal)')
  })

  test('checkImportRules reports each rule', () => {
    const { lines, failed } = checkImportRules(writeSrc(internalRead))
    expect(failed).toBe(true)
    expect(lines[0]).toMatch(/: ok$/)
    expect(lines[1]).toBe('no `portico.internal` outside tests: 1 problem(s)')
  })
})
