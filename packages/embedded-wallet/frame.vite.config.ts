import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vite'

// The secure frame as static files (index.html plus hashed JS/CSS) for the Portico server to serve
// under /frame/. Relative asset URLs keep it working wherever the server mounts it.
export default defineConfig({
  root: fileURLToPath(new URL('./src/frame', import.meta.url)),
  base: './',
  publicDir: false,
  logLevel: 'warn',
  resolve: { conditions: ['@portico/source', 'module', 'browser', 'development|production'] },
  build: {
    outDir: fileURLToPath(new URL('./dist-frame', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // The polyfill would be the only code outside the bundle; every browser the frame supports has modulepreload.
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: false,
  },
})
