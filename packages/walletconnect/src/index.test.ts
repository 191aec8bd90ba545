import { readFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'
import { expect, test } from 'vitest'
import * as entry from './index.js'

const here = dirname(fileURLToPath(import.meta.url))

test('the public API of @portico/walletconnect', () => {
  expect(Object.keys(entry).sort()).toMatchSnapshot()
})

/**
 * Follows the entry's relative imports through the JavaScript TypeScript emits (type-only imports
 * are gone there, as in the published build) and lists every package each file imports, statically
 * or with `import()`.
 */
function emittedImports(entryFile: string) {
  const staticImports = new Map<string, string>()
  const dynamicImports = new Map<string, string>()
  const seen = new Set<string>()
  const eager = new Set<string>()
  let loadingLazily = false
  const lazy = (file: string) => {
    const was = loadingLazily
    loadingLazily = true
    visit(file)
    loadingLazily = was
  }
  const visit = (file: string) => {
    if (!loadingLazily) eager.add(file)
    if (seen.has(file)) return
    seen.add(file)
    const { outputText } = ts.transpileModule(readFileSync(file, 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.ESNext,
        target: ts.ScriptTarget.ES2022,
        verbatimModuleSyntax: true,
      },
    })
    const source = ts.createSourceFile(file, outputText, ts.ScriptTarget.ES2022, true)
    const walk = (node: ts.Node) => {
      if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
        const specifier = (node.moduleSpecifier as ts.StringLiteral).text
        if (specifier.startsWith('.')) visit(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
        else if (!loadingLazily) staticImports.set(specifier, file)
      } else if (
        ts.isCallExpression(node) &&
        node.expression.kind === ts.SyntaxKind.ImportKeyword &&
        node.arguments[0] &&
        ts.isStringLiteral(node.arguments[0])
      ) {
        const specifier = node.arguments[0].text
        dynamicImports.set(specifier, file)
        // Code split off with `import()` is followed too: what it imports is loaded only then.
        if (specifier.startsWith('.')) lazy(resolve(dirname(file), specifier.replace(/\.js$/, '.ts')))
      }
      ts.forEachChild(node, walk)
    }
    walk(source)
  }
  visit(entryFile)
  return { staticImports, dynamicImports, eager }
}

test('importing the package loads no @walletconnect code; only connect/reconnect import it', () => {
  const { staticImports, dynamicImports, eager } = emittedImports(resolve(here, 'index.ts'))
  // The service itself is split off too: a page downloads only the small facade up front.
  expect(eager.has(resolve(here, 'walletConnectService.ts'))).toBe(false)
  expect(dynamicImports.get('./walletConnectService.js')).toBe(resolve(here, 'createWalletConnect.ts'))
  expect([...staticImports.keys()].filter((name) => name.startsWith('@walletconnect/'))).toEqual([])
  // Not even core: the facade uses its types only, and the errors sites may import tree-shake away.
  expect([...staticImports.keys()].filter((name) => name !== '@portico/core')).toEqual([])
  expect(dynamicImports.get('@walletconnect/universal-provider')).toBe(
    resolve(here, 'loadUniversalProvider.ts'),
  )
})
