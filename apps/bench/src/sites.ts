import { fileURLToPath } from 'node:url'
import type { InlineConfig } from 'vite'

/** The two sites the bench compares: Portico's connect-only page and the same page without a modal. */
export const sites = ['portico', 'control'] as const
export type Site = (typeof sites)[number]

const appRoot = fileURLToPath(new URL('..', import.meta.url))

/** Where a site's sources are, and where its production build goes. */
export function sitePaths(site: Site): { root: string; outDir: string } {
  return { root: `${appRoot}sites/${site}`, outDir: `${appRoot}dist/${site}` }
}

/**
 * One Vite configuration for both sites, so the only difference between them is their code. Plain
 * production settings, as a site would have them: no chunking rules, and the workspace packages
 * resolve through their published entries (`dist/`), not their TypeScript sources.
 */
export function siteBuildConfig(site: Site): InlineConfig {
  const { root, outDir } = sitePaths(site)
  return {
    configFile: false,
    root,
    base: '/',
    logLevel: 'error',
    // No React plugin: Vite's built-in Oxc transform compiles TSX with React 19's automatic runtime.
    oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
    build: { outDir, emptyOutDir: true, manifest: true },
  }
}
