// `pnpm --filter @portico/bench size:site`: the JavaScript the connect-only bench site loads before
// its button is usable (the entry and its static imports, gzip level 9 as the bench's server sends
// it), so that figure can be re-taken without a browser run. Builds the packages' dist and the site
// first; `--no-build` measures the site as last built.
import { spawnSync } from 'node:child_process'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'
import { firstLoadFiles, type ManifestChunk } from './siteSize.ts'
import { siteBuildConfig, sitePaths } from './sites.ts'

const kib = (bytes: number) => `${(bytes / 1024).toFixed(2)} KiB`
const repoRoot = fileURLToPath(new URL('../../..', import.meta.url))

async function main(): Promise<void> {
  if (!process.argv.includes('--no-build')) {
    const packages = spawnSync(
      'pnpm',
      ['turbo', 'run', 'build', '--filter=@portico/bench^...', '--output-logs=errors-only'],
      { cwd: repoRoot, stdio: 'inherit' },
    )
    if (packages.status !== 0) throw new Error(`Building the packages failed (exit ${packages.status})`)
    await build(siteBuildConfig('portico'))
  }
  const { outDir } = sitePaths('portico')
  const manifest = JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  let total = 0
  for (const file of firstLoadFiles(manifest)) {
    const gzip = gzipSync(readFileSync(join(outDir, file)), { level: 9 }).length
    total += gzip
    console.log(`${kib(gzip).padStart(12)}  ${file}`)
  }
  console.log(`${kib(total).padStart(12)}  JS before the button (portico site, gzip)`)
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
})
