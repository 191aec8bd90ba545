// Checks an adapter package runs on itself: what its entry loads eagerly, and which parts of core it
// imports. Both adapters in this repository use them; an outside author can copy the idea.
import { readdir, readFile } from 'node:fs/promises'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'esbuild'

export interface BundledEntry {
  /** Input paths (as esbuild names them) of what loads with the entry: its chunk and the chunks it imports statically. */
  eager: string[]
  /** Input paths of the chunks only reached through `import()`. */
  lazy: string[]
  /** Gzipped size of the eager chunks, in bytes. */
  eagerBytes: number
}

/**
 * Bundles `entry` for a browser as a site would (code splitting on, `external` left out because a
 * site shares them) and splits its inputs into what loads with the entry and what loads later.
 *
 * @example
 * const { eager } = await bundleEntry(new URL('./index.ts', import.meta.url), ['@portico/core'])
 */
export async function bundleEntry(entry: URL, external: string[]): Promise<BundledEntry> {
  const outdir = fileURLToPath(new URL('../.bundle-test', entry))
  const result = await build({
    entryPoints: [fileURLToPath(entry)],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    minify: true,
    write: false,
    metafile: true,
    outdir,
    conditions: ['@portico/source'],
    external,
    logLevel: 'silent',
  })
  const outputs = result.metafile.outputs
  const entryOutput = Object.keys(outputs).find((path) => outputs[path]?.entryPoint)
  if (!entryOutput) throw new Error(`esbuild produced no chunk for ${fileURLToPath(entry)}.`)
  const eagerOutputs = new Set<string>()
  const visit = (path: string) => {
    const output = outputs[path]
    if (eagerOutputs.has(path) || !output) return
    eagerOutputs.add(path)
    for (const imported of output.imports) if (imported.kind === 'import-statement') visit(imported.path)
  }
  visit(entryOutput)
  const inputsOf = (paths: string[]) =>
    paths
      .flatMap((path) =>
        Object.entries(outputs[path]?.inputs ?? {})
          .filter(([, input]) => input.bytesInOutput > 0)
          .map(([name]) => name),
      )
      .sort()
  const lazyOutputs = Object.keys(outputs).filter((path) => !eagerOutputs.has(path) && path.endsWith('.js'))
  const eagerBytes = result.outputFiles
    .filter((file) =>
      [...eagerOutputs].some((path) => file.path.endsWith(path.replace(/^.*?\.bundle-test/, ''))),
    )
    .reduce((total, file) => total + gzipSync(file.contents).length, 0)
  return { eager: inputsOf([...eagerOutputs]), lazy: inputsOf(lazyOutputs), eagerBytes }
}

/** The npm packages among bundled inputs (`@solana/rpc`, `zod`, …). */
export function packagesOf(inputs: string[]): string[] {
  const names = new Set<string>()
  for (const input of inputs) {
    const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?!.*node_modules\/)/.exec(input)
    if (match?.[1]) names.add(match[1])
  }
  return [...names].sort()
}

/**
 * Every `@portico/core…` specifier the non-test sources of `directory` import: an adapter built as
 * an outside author would uses only `@portico/core` and `@portico/core/adapter-kit`.
 *
 * @example
 * expect(await coreImportsOf(new URL('./', import.meta.url))).toEqual(['@portico/core', '@portico/core/adapter-kit'])
 */
export async function coreImportsOf(directory: URL): Promise<string[]> {
  const imported = new Set<string>()
  for (const entry of await readdir(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) continue
    const source = await readFile(`${entry.parentPath}/${entry.name}`, 'utf8')
    for (const [, specifier] of source.matchAll(/from '(@portico\/core[^']*)'/g))
      if (specifier) imported.add(specifier)
  }
  return [...imported].sort()
}
