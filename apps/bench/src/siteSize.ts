/** One chunk of a Vite manifest (`build.manifest`), as far as the first load needs it. */
export interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

/** The site's manifest has no entry chunk, or names an import it does not list. */
export class SiteManifestError extends Error {
  override name = 'SiteManifestError' as const
}

/**
 * The JavaScript files a page fetches before its entry runs: the entry chunk and everything it
 * imports statically, transitively. Dynamic imports are left out: they load on demand (the modal's
 * chunks on the idle preload or the click), not before the button.
 */
export function firstLoadFiles(manifest: Record<string, ManifestChunk>): string[] {
  const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry)
  if (entries.length === 0) throw new SiteManifestError('The manifest has no entry chunk')
  const seen = new Set<string>()
  const files: string[] = []
  const visit = (key: string) => {
    if (seen.has(key)) return
    seen.add(key)
    const chunk = manifest[key]
    if (!chunk) throw new SiteManifestError(`The manifest lists an import it does not have: ${key}`)
    if (chunk.file.endsWith('.js')) files.push(chunk.file)
    for (const imported of chunk.imports ?? []) visit(imported)
  }
  for (const [key] of entries) visit(key)
  return files
}
