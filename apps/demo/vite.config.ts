import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig } from 'vite'

// Modules that make up each vendor chunk. scripts/size.mjs finds these chunks by name to report
// what Portico itself adds on top of React and viem, so keep the names stable.
const vendorChunks = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  {
    name: 'vendor-viem',
    test: /[\\/]node_modules[\\/](viem|ox|abitype|isows|@noble[\\/](curves|hashes)|@scure[\\/](base|bip32|bip39))[\\/]/,
  },
  // The React shell (provider, hooks, button, modal frame) in one chunk, with the parts of core and
  // the EVM adapter it reaches. Views stay out, and so does the QR code (only the pairing and
  // Receive views draw one), so each is loaded only when first shown, with the code only it reaches.
  // Locales other than English stay out too: each is fetched only when a site selects it.
  {
    name: 'portico-react',
    test: /[\\/]packages[\\/]react[\\/]src[\\/](?!views[\\/]|components[\\/]QrCode|i18n[\\/]locales[\\/])/,
  },
]

export default defineConfig({
  // No React plugin: Vite's built-in Oxc transform compiles TSX with React 19's automatic runtime.
  oxc: {
    jsx: { runtime: 'automatic', importSource: 'react' },
  },
  resolve: {
    // Workspace packages resolve to their TypeScript sources (see their package.json `exports`), so
    // the demo needs no package build in development and always bundles the current source.
    conditions: ['@portico/source', ...defaultClientConditions],
  },
  build: {
    // The manifest lists each chunk with its imports; scripts/size.mjs reads it.
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      // The React demo and the headless example built on @portico/core alone; with the development
      // wallets (the demo and e2e builds), also the phone wallet that pairs over WalletConnect. It is
      // left out of the production build so its test-kit code never shares a chunk with the site's.
      input: {
        main: fileURLToPath(new URL('index.html', import.meta.url)),
        headless: fileURLToPath(new URL('headless.html', import.meta.url)),
        ...(process.env.VITE_DEV_WALLET === '1'
          ? { phone: fileURLToPath(new URL('phone.html', import.meta.url)) }
          : {}),
      },
      output: {
        codeSplitting: {
          groups: vendorChunks.map((group, index) => ({ ...group, priority: vendorChunks.length - index })),
        },
      },
    },
  },
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
})
