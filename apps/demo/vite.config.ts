import { realpathSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { defaultClientConditions, defineConfig } from 'vite'

const require = createRequire(import.meta.url)
const viemFolder = dirname(realpathSync(require.resolve('viem/package.json')))
const viemRequire = createRequire(join(viemFolder, 'package.json'))
const viemFolders = [
  viemFolder,
  ...[
    'ox',
    'abitype',
    'isows',
    '@noble/curves',
    '@noble/hashes',
    '@scure/base',
    '@scure/bip32',
    '@scure/bip39',
  ].flatMap((name) => {
    try {
      return [dirname(realpathSync(viemRequire.resolve(`${name}/package.json`)))]
    } catch {
      return []
    }
  }),
].map((folder) => `${folder}${sep}`)

// Modules that make up each vendor chunk. scripts/size.mjs finds these chunks by name to report
// what Portico itself adds on top of React and viem, so keep the names stable.
const vendorChunks = [
  { name: 'vendor-react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
  // The site's own viem and the packages it reaches, by their installed folders: WalletConnect's
  // client brings another viem version of its own, which must stay in the pairing's lazy chunks
  // rather than join this one (it would add 16 KiB to the Connect view).
  // viem's ENS code (actions, CCIP-Read, name normalisation) stays out: only the identity and
  // receiver-name chunks, loaded after connecting, reach it, and it would double this chunk.
  {
    name: 'vendor-viem',
    test: (id: string) =>
      viemFolders.some((folder) => id.startsWith(folder)) &&
      !/[\\/](ens|ccip)[\\/.]|[\\/]Ens\.|ensNormalize|ccip\./.test(id),
  },
  // The React shell (provider, button, the modal's host) in one chunk, with the parts of core and
  // the EVM adapter it reaches. Hooks stay out: a group takes every module it matches, so a hook only
  // views use (activity, token balances, the wallet list) would bring its core code into the first
  // load; each goes with what uses it instead. Views stay out, and so does the QR code (only the pairing and
  // Receive views draw one), so each is loaded only when first shown, with the code only it reaches.
  // The dialog itself (frame, header, notices, view outlet) stays out too, and so does Connect's
  // browser-wallet flow (Modal/connectFlow, which gathers views): the dialog is fetched with the
  // first view, once the page is idle, with the modal's English texts (i18n/enModal); the texts of one
  // view or part (i18n/enLegal, enGetWallet...) come with it. Locales other than English are fetched
  // only when selected.
  // Core's small modules that the first load and lazy views both import (answer checks, the sign-in
  // account and timeout) go with it too: left to the bundler, each becomes a chunk of its own in the
  // first load (a request and ~0.25 KiB of wrapping each). So does core's start (initialize,
  // startInstance), which createPortico registers in the page's own chunk: from there, the start's
  // code that the shell and lazy views share (reconnect, balances, network checks) became seven
  // small chunks and 1.9 KiB more.
  {
    name: 'portico-react',
    test: /[\\/]packages[\\/](core[\\/]src[\\/](startInstance|initialize|valueCheck|siwx[\\/]siwxAccount|siwx[\\/]siwxTimeout)\.ts$|react[\\/]src[\\/](?!views[\\/]|hooks[\\/]|components[\\/]|i18n[\\/](locales[\\/]|en(?!First\.)[A-Z])|Modal[\\/](ModalDialog|ModalContent|Notices|ViewBoundary|ViewOutlet|titleOf|frame\.css|connectFlow)\.))/,
  },
]

// One page per build (scripts/build.mjs builds them in turn): the React demo, the headless example
// built on @portico/core alone and, with the development wallets (the demo and e2e builds), the
// phone wallet that pairs over WalletConnect. Built together, pages share chunks, which splits the
// React page's download into smaller files that compress worse; built alone, each page's chunks are
// what a site with that one page would serve, and the phone page's test-kit code never shares a
// chunk with the others.
const pages = { main: 'index.html', headless: 'headless.html', phone: 'phone.html' } as const
const page = (process.env.DEMO_PAGE ?? 'main') as keyof typeof pages
if (!(page in pages))
  throw new Error(`DEMO_PAGE must be one of ${Object.keys(pages).join(', ')}, not ${page}`)

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
    // The manifest lists each chunk with its imports; scripts/size.mjs reads the React page's.
    manifest: page === 'main' ? true : `.vite/manifest-${page}.json`,
    sourcemap: true,
    // The React page's build empties the folder; the other pages are added to it.
    emptyOutDir: page === 'main',
    rolldownOptions: {
      input: { [page]: fileURLToPath(new URL(pages[page], import.meta.url)) },
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
