import { describe, expect, it } from 'vitest'
import { firstLoadFiles, SiteManifestError } from './siteSize.ts'

describe('firstLoadFiles', () => {
  it('takes the entry and its static imports, transitively, once each, and no dynamic import', () => {
    const files = firstLoadFiles({
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_react.js', '_core.js'],
        dynamicImports: ['modal.tsx'],
      },
      '_react.js': { file: 'assets/react.js' },
      '_core.js': { file: 'assets/core.js', imports: ['_react.js', '_shared.js'] },
      '_shared.js': { file: 'assets/shared.js' },
      'modal.tsx': { file: 'assets/modal.js', imports: ['_view.js'] },
      '_view.js': { file: 'assets/view.js' },
    })
    expect(files.sort()).toEqual(['assets/core.js', 'assets/index.js', 'assets/react.js', 'assets/shared.js'])
  })

  it('refuses a manifest without an entry, or with an import it does not list', () => {
    expect(() => firstLoadFiles({ 'a.js': { file: 'assets/a.js' } })).toThrow(SiteManifestError)
    expect(() =>
      firstLoadFiles({ 'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_gone.js'] } }),
    ).toThrow('The manifest lists an import it does not have: _gone.js')
  })
})
