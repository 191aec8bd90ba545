// `node scripts/importCycles.mjs [dir…]`: fails when the modules inside one workspace package import
// each other in a circle. With no argument it checks every package of the workspace.
//
// Each package's graph is built from its own sources with the TypeScript compiler, resolving
// specifiers the way the packages' tsconfig does (bundler resolution, the `@portico/source`
// condition), so a package importing itself by name counts. Imports of other packages are left out:
// the package graph is checked by the workspace itself (a dependency cycle between packages does not
// install).
//
// Every kind of import is an edge:
// - runtime: `import … from`, `export … from` and `import()`. A dynamic `import()` still needs the
//   module to load; moving a circle behind one hides it, it does not remove it.
// - type-only: `import type`, `export type … from` and `import('…')` in a type. These are erased
//   from the JavaScript, and yet they fail too: a circle of types means a shared type lives with one
//   of its users instead of on its own, and it becomes a runtime circle the day one side needs a
//   value (`instanceof`, a constant) from the other. Under `verbatimModuleSyntax`,
//   `import { type A } from` is kept as `import {} from`, so only whole-declaration `type` is erased.
//
// Exits 1 and prints one circle per group of modules that reach each other, runtime circles first.

import { existsSync, readdirSync, readFileSync, realpathSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const SOURCE = /\.(?:[cm]?tsx?|[cm]?jsx?)$/
const SKIPPED_FOLDERS = new Set([
  'node_modules',
  'dist',
  'dist-e2e',
  'dist-frame',
  'artifacts',
  'test-results',
  'playwright-report',
  '.turbo',
])

/** The folders of the workspace's packages (pnpm-workspace.yaml's `packages/*` and `apps/*`). */
export function workspacePackages() {
  return ['packages', 'apps'].flatMap((parent) =>
    readdirSync(join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && existsSync(join(root, parent, entry.name, 'package.json')))
      .map((entry) => join(root, parent, entry.name)),
  )
}

function sourceFiles(dir) {
  const files = []
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDERS.has(entry.name) && !entry.name.startsWith('.')) {
        files.push(...sourceFiles(join(dir, entry.name)))
      }
    } else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts') && !/\.d\.[cm]ts$/.test(entry.name)) {
      files.push(join(dir, entry.name))
    }
  }
  return files
}

function compilerOptions(packageDir) {
  const configPath = ts.findConfigFile(packageDir, ts.sys.fileExists, 'tsconfig.json')
  let options = {}
  if (configPath) {
    const { config, error } = ts.readConfigFile(configPath, ts.sys.readFile)
    if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, '\n'))
    options = ts.parseJsonConfigFileContent(config, ts.sys, dirname(configPath)).options
  }
  // Plain JavaScript sources (scripts, configs) are part of the graph too.
  return { ...options, allowJs: true, noEmit: true }
}

/** The imports of one file as `{ specifier, kind }`, kind being `'runtime'` or `'type'`. */
export function importsOf(fileName, text) {
  const kind = /\.[cm]?tsx$|\.jsx$/.test(fileName) ? ts.ScriptKind.TSX : ts.ScriptKind.TS
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, kind)
  const found = []
  const visit = (node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      found.push({
        specifier: node.moduleSpecifier.text,
        kind: node.importClause?.isTypeOnly ? 'type' : 'runtime',
      })
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ specifier: node.moduleSpecifier.text, kind: node.isTypeOnly ? 'type' : 'runtime' })
    } else if (
      ts.isImportEqualsDeclaration(node) &&
      ts.isExternalModuleReference(node.moduleReference) &&
      ts.isStringLiteral(node.moduleReference.expression)
    ) {
      found.push({
        specifier: node.moduleReference.expression.text,
        kind: node.isTypeOnly ? 'type' : 'runtime',
      })
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, kind: 'runtime' })
    } else if (
      ts.isImportTypeNode(node) &&
      ts.isLiteralTypeNode(node.argument) &&
      ts.isStringLiteral(node.argument.literal)
    ) {
      found.push({ specifier: node.argument.literal.text, kind: 'type' })
    }
    ts.forEachChild(node, visit)
  }
  visit(source)
  return found
}

function inside(dir, file) {
  const path = relative(dir, file)
  return path !== '' && !path.startsWith('..') && !path.split(sep).includes('node_modules')
}

/**
 * The module graph of one package: `Map<file, Map<importedFile, kind>>`, a runtime import of a
 * module winning over a type-only one.
 */
export function moduleGraph(packageDir) {
  const dir = realpathSync(packageDir)
  const options = compilerOptions(dir)
  const host = ts.createCompilerHost(options)
  const cache = ts.createModuleResolutionCache(dir, (name) => name, options)
  const files = sourceFiles(dir)
  const graph = new Map(files.map((file) => [file, new Map()]))
  for (const file of files) {
    const edges = graph.get(file)
    for (const { specifier, kind } of importsOf(file, readFileSync(file, 'utf8'))) {
      const resolved = ts.resolveModuleName(specifier, file, options, host, cache).resolvedModule
      if (!resolved) continue
      let target = resolved.resolvedFileName
      try {
        target = realpathSync(target)
      } catch {
        continue
      }
      if (!inside(dir, target) || !graph.has(target)) continue
      if (edges.get(target) !== 'runtime') edges.set(target, kind)
    }
  }
  return graph
}

// Tarjan's strongly connected components, iteratively (a long import chain must not overflow the
// stack). Returns the groups of two or more modules, and single modules importing themselves.
function circularGroups(graph, followed) {
  let counter = 0
  const index = new Map()
  const low = new Map()
  const onStack = new Set()
  const stack = []
  const groups = []
  const next = (node) => [...graph.get(node)].filter(([, kind]) => followed(kind)).map(([to]) => to)
  for (const start of graph.keys()) {
    if (index.has(start)) continue
    const work = [{ node: start, children: next(start), position: 0 }]
    index.set(start, counter)
    low.set(start, counter++)
    stack.push(start)
    onStack.add(start)
    while (work.length > 0) {
      const frame = work[work.length - 1]
      if (frame.position < frame.children.length) {
        const child = frame.children[frame.position++]
        if (!index.has(child)) {
          index.set(child, counter)
          low.set(child, counter++)
          stack.push(child)
          onStack.add(child)
          work.push({ node: child, children: next(child), position: 0 })
        } else if (onStack.has(child)) {
          low.set(frame.node, Math.min(low.get(frame.node), index.get(child)))
        }
        continue
      }
      work.pop()
      const parent = work[work.length - 1]
      if (parent) low.set(parent.node, Math.min(low.get(parent.node), low.get(frame.node)))
      if (low.get(frame.node) !== index.get(frame.node)) continue
      const group = []
      let member
      do {
        member = stack.pop()
        onStack.delete(member)
        group.push(member)
      } while (member !== frame.node)
      if (group.length > 1 || next(frame.node).includes(frame.node)) groups.push(group.sort())
    }
  }
  return groups
}

// The shortest circle through the group's first module, as `[{ from, to, kind }]`.
function shortestCircle(graph, group, followed) {
  const members = new Set(group)
  const start = group[0]
  const cameFrom = new Map()
  const queue = [start]
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]
    for (const [to, kind] of graph.get(node)) {
      if (!followed(kind) || !members.has(to)) continue
      if (to === start) {
        const edges = [{ from: node, to, kind }]
        for (let at = node; at !== start; at = cameFrom.get(at).from) edges.unshift(cameFrom.get(at))
        return edges
      }
      if (!cameFrom.has(to)) {
        cameFrom.set(to, { from: node, to, kind })
        queue.push(to)
      }
    }
  }
  return []
}

/**
 * The import circles of one package: `{ kind, modules, circle }`, kind `'runtime'` when the circle
 * holds at runtime and `'type'` when it needs at least one type-only import to close.
 */
export function findImportCycles(packageDir) {
  const graph = moduleGraph(packageDir)
  const cycles = []
  const runtimeGroups = circularGroups(graph, (kind) => kind === 'runtime')
  for (const modules of runtimeGroups) {
    cycles.push({
      kind: 'runtime',
      modules,
      circle: shortestCircle(graph, modules, (kind) => kind === 'runtime'),
    })
  }
  // A group of the full graph that is not already a runtime group closes only through types. A group
  // that contains a runtime group and more modules is reported as well: the extra modules join it by
  // types alone.
  const runtimeKeys = new Set(runtimeGroups.map((group) => group.join('\n')))
  for (const modules of circularGroups(graph, () => true)) {
    if (runtimeKeys.has(modules.join('\n'))) continue
    cycles.push({ kind: 'type', modules, circle: shortestTypeCircle(graph, modules) })
  }
  return cycles
}

// In a group that also holds runtime circles, the shortest circle may be a runtime one; show one that
// needs a type import, starting from a module with a type-only edge inside the group.
function shortestTypeCircle(graph, group) {
  const members = new Set(group)
  let best = []
  for (const from of group) {
    for (const [to, kind] of graph.get(from)) {
      if (kind !== 'type' || !members.has(to)) continue
      const back = to === from ? [] : pathBetween(graph, members, to, from)
      if (!back) continue
      const circle = [{ from, to, kind }, ...back]
      if (best.length === 0 || circle.length < best.length) best = circle
    }
  }
  // Told from its first module by name, as the runtime circles are.
  const first = best.reduce((at, edge, i) => (edge.from < best[at].from ? i : at), 0)
  return [...best.slice(first), ...best.slice(0, first)]
}

function pathBetween(graph, members, start, goal) {
  const cameFrom = new Map([[start, undefined]])
  const queue = [start]
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]
    for (const [to, kind] of graph.get(node)) {
      if (!members.has(to) || cameFrom.has(to)) continue
      cameFrom.set(to, { from: node, to, kind })
      if (to === goal) {
        const edges = []
        for (let at = goal; at !== start; at = cameFrom.get(at).from) edges.unshift(cameFrom.get(at))
        return edges
      }
      queue.push(to)
    }
  }
  return undefined
}

/** One circle as text, e.g. `a.ts → b.ts (type) → a.ts`, paths relative to `base`. */
export function describeCircle(circle, base) {
  if (circle.length === 0) return ''
  const name = (file) => relative(base, file)
  return [
    name(circle[0].from),
    ...circle.map((edge) => `${edge.kind === 'type' ? '(type) ' : ''}→ ${name(edge.to)}`),
  ].join(' ')
}

function main(args) {
  const dirs = args.length > 0 ? args.map((arg) => resolve(arg)) : workspacePackages()
  let failures = 0
  for (const dir of dirs) {
    const cycles = findImportCycles(dir)
    const label = relative(root, dir) || dir
    if (cycles.length === 0) {
      console.log(`${label}: no import circle`)
      continue
    }
    failures += cycles.length
    console.log(`${label}: ${cycles.length} import circle(s)`)
    for (const cycle of cycles) {
      const what = cycle.kind === 'runtime' ? 'runtime' : 'type-only'
      console.log(`  ${what}, ${cycle.modules.length} module(s): ${describeCircle(cycle.circle, dir)}`)
      // The circle shown is the shortest; the others of the group pass through these modules too.
      if (cycle.modules.length > cycle.circle.length) {
        console.log(`    all: ${cycle.modules.map((file) => relative(dir, file)).join(', ')}`)
      }
    }
  }
  if (failures > 0) {
    console.log(
      `\n${failures} import circle(s). Move what both sides need into a module of its own that imports neither; ` +
        'a type-only circle fails too (see scripts/importCycles.mjs).',
    )
    process.exitCode = 1
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) main(process.argv.slice(2))
