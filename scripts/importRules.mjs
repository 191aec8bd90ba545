// `node scripts/importRules.mjs [react-src-dir]`: what @portico/react's sources may reach.
//
// - views: a file under views/<View>/ imports from its own folder, and shared pieces only from
//   components/, hooks/, i18n/ and styles/ (its tests from testkit/ too): never from another view's
//   folder nor from the modal's or a widget's (a piece two views share belongs in components/).
//   components/, hooks/, i18n/ and styles/ never import a view: that would join views through them.
// - portico.internal: the React layer (test files aside) reads no `internal` property: what it
//   needs of an instance is core's public API.
//
// Exits 1 and prints each import or read that breaks a rule.

import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'
import { importsOf } from './importCycles.mjs'

const root = fileURLToPath(new URL('..', import.meta.url))

const SHARED = new Set(['components', 'hooks', 'i18n', 'styles'])
const SOURCE = /\.(?:tsx?|jsx?|mts|cts)$/
const isTest = (file) => /\.(?:test|testkit)\.[cm]?[jt]sx?$/.test(file)

function sourceFiles(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts'))
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
    .filter((file) => !relative(dir, file).split(sep).includes('node_modules'))
    .sort()
}

// The folder path of `file` inside src, e.g. ['views', 'Connect'] or ['components'].
const placeOf = (src, file) => relative(src, file).split(sep).slice(0, -1)

/** Imports that break the views rule, as `{ file, specifier, message }` (paths relative to `src`). */
export function viewImportProblems(src) {
  const problems = []
  for (const file of sourceFiles(src)) {
    const [top, view] = placeOf(src, file)
    const inView = top === 'views' && view !== undefined
    if (!inView && !SHARED.has(top)) continue
    for (const { specifier } of importsOf(file, readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue
      const target = resolve(dirname(file), specifier)
      const path = relative(src, target)
      if (path.startsWith('..')) continue
      const [targetTop, targetView] = path.split(sep)
      const report = (message) => problems.push({ file: relative(src, file), specifier, message })
      if (targetTop === 'views' && (!inView || targetView !== view)) {
        report(
          inView
            ? `imports another view's folder (views/${targetView}): move what both use to components/`
            : `${top}/ imports a view (views/${targetView}): shared pieces never depend on a view`,
        )
      } else if (inView && targetTop !== 'views' && !SHARED.has(targetTop)) {
        if (targetTop === 'testkit' && isTest(file)) continue
        report(
          `imports from ${targetTop}/: a view takes shared pieces from components/, hooks/, i18n/ or styles/`,
        )
      }
    }
  }
  return problems
}

/** Reads of an `internal` property outside test files, as `{ file, line, message }`. */
export function porticoInternalProblems(src) {
  const problems = []
  for (const file of sourceFiles(src)) {
    if (isTest(file)) continue
    const text = readFileSync(file, 'utf8')
    const kind = /\.[cm]?tsx$|\.jsx$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, kind)
    const report = (node, how) =>
      problems.push({
        file: relative(src, file),
        line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1,
        message: `reads \`internal\` (${how}): use core's public API instead`,
      })
    const visit = (node) => {
      if (ts.isPropertyAccessExpression(node) && node.name.text === 'internal')
        report(node, node.getText(source))
      else if (
        ts.isElementAccessExpression(node) &&
        ts.isStringLiteralLike(node.argumentExpression) &&
        node.argumentExpression.text === 'internal'
      )
        report(node, node.getText(source))
      else if (
        ts.isBindingElement(node) &&
        ts.isObjectBindingPattern(node.parent) &&
        (node.propertyName ?? node.name).getText(source) === 'internal'
      )
        report(node, `{ ${node.getText(source)} } = …`)
      ts.forEachChild(node, visit)
    }
    visit(source)
  }
  return problems
}

/** Runs the rules on `src`. Returns the lines to print and whether any failed. */
export function checkImportRules(src) {
  const lines = []
  let failed = false
  const rules = [
    ['views import shared pieces only from components/, hooks/, i18n/, styles/', viewImportProblems],
    ['no `portico.internal` outside tests', porticoInternalProblems],
  ]
  for (const [title, check] of rules) {
    const problems = check(src)
    if (problems.length === 0) {
      lines.push(`${title}: ok`)
      continue
    }
    failed = true
    lines.push(`${title}: ${problems.length} problem(s)`)
    for (const problem of problems) {
      const where = problem.line
        ? `${problem.file}:${problem.line}`
        : `${problem.file} ('${problem.specifier}')`
      lines.push(`  ${where} ${problem.message}`)
    }
  }
  return { lines, failed }
}

function main(args) {
  const dir = args.find((arg) => !arg.startsWith('--'))
  const src = dir ? resolve(dir) : join(root, 'packages/react/src')
  const { lines, failed } = checkImportRules(src)
  for (const line of lines) console.log(line)
  if (failed) process.exitCode = 1
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2))
