import { spawnSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterEach, describe, expect, test } from 'vitest'
import { describeCircle, findImportCycles } from './importCycles.mjs'

const script = fileURLToPath(new URL('importCycles.mjs', import.meta.url))
const made = []

// A package on disk as the workspace's are: package.json, a tsconfig like tsconfig.base.json's,
// and the given sources.
function writePackage(files) {
  const dir = mkdtempSync(join(tmpdir(), 'portico-import-cycles-'))
  made.push(dir)
  const all = {
    'package.json': JSON.stringify({
      name: '@portico/fixture',
      type: 'module',
      exports: { '.': { '@portico/source': './src/index.ts', default: './dist/index.js' } },
    }),
    'tsconfig.json': JSON.stringify({
      compilerOptions: {
        module: 'ESNext',
        moduleResolution: 'Bundler',
        customConditions: ['@portico/source'],
        verbatimModuleSyntax: true,
        strict: true,
      },
      include: ['src'],
    }),
    ...files,
  }
  for (const [path, text] of Object.entries(all)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true })
    writeFileSync(join(dir, path), text)
  }
  return dir
}

const summary = (dir) =>
  findImportCycles(dir).map((cycle) => ({ kind: cycle.kind, circle: describeCircle(cycle.circle, dir) }))

afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true })
})

describe('findImportCycles', () => {
  test('finds no circle in a package whose imports only go one way', () => {
    const dir = writePackage({
      'src/index.ts': "export { a } from './a.js'\nimport 'node:fs'\nimport { z } from 'zod'\nexport { z }\n",
      'src/a.ts': "import { b } from './b.js'\nexport const a = b\n",
      'src/b.ts': "import type { C } from './c.js'\nexport const b: C = 1\n",
      'src/c.ts': 'export type C = number\n',
      'src/a.test.ts': "import { a } from './a.js'\nimport { b } from './b.js'\nconsole.log(a, b)\n",
    })
    expect(summary(dir)).toEqual([])
  })

  test('reports a runtime circle with the path that closes it', () => {
    const dir = writePackage({
      'src/index.ts': "export { a } from './a.js'\n",
      'src/a.ts': "import { b } from './b.js'\nexport const a = () => b()\n",
      'src/b.ts': "import { c } from './nested/c.js'\nexport const b = () => c()\n",
      'src/nested/c.ts': "import { a } from '../a.js'\nexport const c = () => a()\n",
    })
    expect(summary(dir)).toEqual([
      { kind: 'runtime', circle: 'src/a.ts → src/b.ts → src/nested/c.ts → src/a.ts' },
    ])
  })

  test('reports a circle closed by a type-only import as type-only', () => {
    const dir = writePackage({
      'src/app.ts':
        "import { routes } from './routes.js'\nexport type Env = { user: string }\nexport const app = routes\n",
      'src/routes.ts': "import type { Env } from './app.js'\nexport const routes = (env: Env) => env.user\n",
    })
    expect(summary(dir)).toEqual([{ kind: 'type', circle: 'src/app.ts → src/routes.ts (type) → src/app.ts' }])
  })

  test('reports circles through `export type … from` and `import()` types as type-only', () => {
    const dir = writePackage({
      'src/a.ts': "export type { B } from './b.js'\nexport type A = string\n",
      'src/b.ts': "export type B = typeof import('./a.js')\n",
    })
    expect(summary(dir).map((cycle) => cycle.kind)).toEqual(['type'])
  })

  test('counts `import { type X }` as a runtime import, as verbatimModuleSyntax keeps it', () => {
    const dir = writePackage({
      'src/a.ts': "import { type B } from './b.js'\nexport type A = B\nexport const a = 1\n",
      'src/b.ts': "import { a } from './a.js'\nexport type B = number\nexport const b = a\n",
    })
    expect(summary(dir)).toEqual([{ kind: 'runtime', circle: 'src/a.ts → src/b.ts → src/a.ts' }])
  })

  test('counts a dynamic import(): a circle behind one is still a circle', () => {
    const dir = writePackage({
      'src/create.ts': "export const DEFAULT = 1\nexport const load = () => import('./service.js')\n",
      'src/service.ts': "import { DEFAULT } from './create.js'\nexport const service = DEFAULT\n",
    })
    expect(summary(dir)).toEqual([
      { kind: 'runtime', circle: 'src/create.ts → src/service.ts → src/create.ts' },
    ])
  })

  test("follows the package's imports of itself by name", () => {
    const dir = writePackage({
      'src/index.ts': "export { helper } from './helper.js'\n",
      'src/helper.ts': "import { other } from '@portico/fixture'\nexport const helper = () => other\n",
    })
    expect(summary(dir)).toEqual([
      { kind: 'runtime', circle: 'src/helper.ts → src/index.ts → src/helper.ts' },
    ])
  })

  test('reports separate circles separately, and a module importing itself', () => {
    const dir = writePackage({
      'src/a.ts': "import './b.js'\n",
      'src/b.ts': "import './a.js'\n",
      'src/c.ts': "import type { D } from './d.js'\nexport type C = string\n",
      'src/d.ts': "import type { C } from './c.js'\nexport type D = C\n",
      'src/self.ts': "import type { S } from './self.js'\nexport type S = string\nexport type T = S\n",
    })
    expect(summary(dir)).toEqual([
      { kind: 'runtime', circle: 'src/a.ts → src/b.ts → src/a.ts' },
      { kind: 'type', circle: 'src/c.ts (type) → src/d.ts (type) → src/c.ts' },
      { kind: 'type', circle: 'src/self.ts (type) → src/self.ts' },
    ])
  })

  test('names the modules that join a runtime circle through types only', () => {
    const dir = writePackage({
      'src/a.ts': "import { b } from './b.js'\nexport type A = string\nexport const a = b\n",
      'src/b.ts': "import { a } from './a.js'\nexport const b = () => a\n",
      'src/types.ts': "import type { A } from './a.js'\nexport type T = A\n",
      'src/uses.ts': "import type { T } from './types.js'\nexport const x: T = ''\n",
      'src/a2.ts': "import type { T } from './types.js'\nexport type A2 = T\n",
    })
    // types.ts only uses a.ts; nothing inside the circle reaches back to it.
    expect(summary(dir)).toEqual([{ kind: 'runtime', circle: 'src/a.ts → src/b.ts → src/a.ts' }])
    const joined = writePackage({
      'src/a.ts':
        "import { b } from './b.js'\nimport type { T } from './types.js'\nexport type A = T\nexport const a = b\n",
      'src/b.ts': "import { a } from './a.js'\nexport const b = () => a\nexport type B = string\n",
      'src/types.ts': "import type { B } from './b.js'\nexport type T = B\n",
    })
    expect(summary(joined)).toEqual([
      { kind: 'runtime', circle: 'src/a.ts → src/b.ts → src/a.ts' },
      { kind: 'type', circle: 'src/a.ts (type) → src/types.ts (type) → src/b.ts → src/a.ts' },
    ])
  })
})

describe('the command', () => {
  const run = (dir) => spawnSync(process.execPath, [script, dir], { encoding: 'utf8' })

  test('exits 1 and prints the circle when a package has one', () => {
    const dir = writePackage({
      'src/a.ts': "import { b } from './b.js'\nexport const a = 1\nexport const c = b\n",
      'src/b.ts': "import { a } from './a.js'\nexport const b = a\n",
    })
    const result = run(dir)
    expect(result.status).toBe(1)
    expect(result.stdout).toContain('1 import circle(s)')
    expect(result.stdout).toContain('runtime, 2 module(s): src/a.ts → src/b.ts → src/a.ts')
  })

  test('exits 0 when there is none', () => {
    const dir = writePackage({
      'src/a.ts': "import { b } from './b.js'\nexport const a = b\n",
      'src/b.ts': 'export const b = 1\n',
    })
    const result = run(dir)
    expect(result.status).toBe(0)
    expect(result.stdout).toContain('no import circle')
  })
})
