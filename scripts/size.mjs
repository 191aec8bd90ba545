// `pnpm size`: bundle budgets, reported as gzipped KiB.
//
// (a) The demo: the JavaScript a visitor downloads before the Connect view shows, i.e. the entry
//     chunk, everything it imports statically, and the lazy chunks of the modal's frame and of the
//     Connect view (fetched once the page is idle, or on opening), read
//     from the demo's Vite manifest. React and viem are in their own vendor chunks (see
//     apps/demo/vite.config.ts), so what Portico adds on top of them can be measured; that must
//     stay within PORTICO_BUDGET_KIB.
//     Each view of the modal (a folder of packages/react/src/views/) gets a row too: what opening it
//     first downloads on top of the first load and the modal's frame (its chunk and the chunks only
//     it and other views use), against its budget in VIEW_BUDGETS_KIB. A view folder without a budget fails, so a new
//     feature's views show their cost from their first commit.
// (b) Each published package's dist on its own, through size-limit and the root .size-limit.json.
//
// `--no-build` measures the demo as last built instead of building it first.
// Exits 1 when a budget is exceeded or something could not be measured.

import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'

// Social logins, names and smart accounts: what stays in the first load is the social storage keys,
// the test of the address for a provider's redirect marker, the button's name and the account type
// in getAccount; the social and Farcaster state, the EVM adapter's name service and the button's
// avatar load with their feature or after connecting, as does the WalletConnect provider. Each
// budget: measured + 0.2 KiB. Connect holds the social section's place while its chunk loads.
const PORTICO_BUDGET_KIB = 59
// The part of it the page loads before the idle preload fetches the modal's frame and first view.
const FIRST_LOAD_BUDGET_KIB = 38.8
// The modal's frame, fetched with the first view.
const FRAME_BUDGET_KIB = 10
// What opening each view first costs on top of the first load, gzip KiB. Measured plus about
// 0.4 KiB; a view whose folder has no entry here fails the check.
const VIEW_BUDGETS_KIB = {
  // The NFTs tab's loader and its Suspense fallback; the Buy action and purchases in Activity; the
  // account type switch, the smart account's sync and the social login's row. The EVM adapter's
  // name service and the avatar count here too, though connecting has loaded them before (16.3).
  Account: 16.5,
  // The NFTs tab: core's NFTs entry; its answers are checked by hand, without zod.
  AccountNfts: 4,
  // The legal checkbox and its texts, shared with Connect's options and the pairing view; with
  // ConnectingExternal in one chunk (Modal/connectFlow), so the two have the same figure.
  AllWallets: 9.5,
  ApproveTransaction: 1.1,
  // Buy with a card: the providers, amount and currency, openOnramp.
  Buy: 4.5,
  // The social section's order and its lazy loader; the buttons and marks come only with `socials`.
  Connect: 10.9,
  ConnectingExternal: 9.5,
  // Retry opens a new window in the click, so the login's first half comes with the view, and the
  // social state's slice and the providers' names; the refusal of a login this browser never started
  // (its own screen and core's text, 6.1 measured).
  ConnectingSocial: 6.2,
  // Sign In With Farcaster: the QR code, core's Farcaster login, its state's slice, keeping the
  // account's picture and the view's own texts; the ended login's own screen (mark, title, reason,
  // new link, way back) (11.2 measured).
  ConnectingFarcaster: 11.4,
  // Loads through the chunk of Connect's browser-wallet flow (AllWallets, ConnectingExternal).
  ConnectingWalletConnectBasic: 15,
  EmailVerifyDevice: 1.9,
  EmailVerifyOtp: 6.8,
  // The shipped registry's install pages and the view's own texts come with it (the list is not in the first load),
  // and the chunk of Connect's browser-wallet flow it loads through (AllWallets, ConnectingExternal).
  GetWallet: 6.3,
  Networks: 2.4,
  // Account names: core's names entry (its answers checked by hand), the form and its texts; the
  // identity chunk (with the check of the server's identity answer) and the adapter's name service
  // count here though connecting has loaded them before this view can show (10.1 measured).
  RegisterAccountName: 10.3,
  RegisterAccountNameSuccess: 1.8,
  // The avatar, which the button loads after connecting (1.4 measured).
  SelectAccount: 1.6,
  SIWXSignMessage: 3.6,
  // The swap views share core's swap entry; its answers are checked by hand, without zod.
  Swap: 13.9,
  SwapPreview: 17.6,
  SwapSelectToken: 13.3,
  UnsupportedChain: 3,
  UpdateEmail: 4.8,
  WalletReceive: 6.3,
  // The receiver field's names: the rest of the lookup loads when a name is typed. The adapter's
  // name service and the avatar count here though connecting has loaded them (13.5 measured).
  WalletSend: 13.7,
  WalletSendConfirmed: 6.4,
  WalletSendPreview: 14.9,
  WalletSendSelectToken: 10.5,
}
const root = fileURLToPath(new URL('..', import.meta.url))
const demoDist = join(root, 'apps/demo/dist')
const manifestPath = join(demoDist, '.vite/manifest.json')
const connectMarker = 'views/Connect/Connect.'
const dialogMarker = 'Modal/ModalDialog.'

const problems = []
const rows = []
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`

function run(command, args) {
  console.log(`$ ${command} ${args.join(' ')}`)
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' })
  return result.status === 0
}

function filesUnder(dir) {
  if (!existsSync(dir)) return []
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath ?? entry.path, entry.name))
}

// --- (a) the demo's Connect view -------------------------------------------------------------

function measureDemo() {
  // Always rebuild: a manifest left from an earlier build would measure old code. The demo bundles
  // the packages' sources, so this needs no package build and takes seconds.
  if (!process.argv.includes('--no-build')) {
    if (!run('pnpm', ['--filter', '@portico/demo', 'build'])) {
      problems.push('the demo build failed')
      return
    }
  }
  if (!existsSync(manifestPath)) {
    problems.push(`${relative(root, manifestPath)} is missing: build the demo first`)
    return
  }
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
  const builtAt = statSync(manifestPath).mtime
  console.log(`Demo manifest: ${relative(root, manifestPath)} (built ${builtAt.toISOString()})`)

  const connectSources = filesUnder(join(root, 'packages/react/src')).filter((file) =>
    file.includes(connectMarker),
  )

  const gzipCache = new Map()
  const gzipped = (file) => {
    if (!gzipCache.has(file))
      gzipCache.set(file, gzipSync(readFileSync(join(demoDist, file)), { level: 9 }).length)
    return gzipCache.get(file)
  }
  // Sources bundled into a chunk, from its sourcemap (build.sourcemap is on).
  const sourcesOf = (file) => {
    try {
      return JSON.parse(readFileSync(join(demoDist, `${file}.map`), 'utf8')).sources ?? []
    } catch {
      return []
    }
  }

  const loaded = new Set()
  const addWithStaticImports = (key) => {
    if (loaded.has(key) || !manifest[key]) return
    loaded.add(key)
    for (const imported of manifest[key].imports ?? []) addWithStaticImports(imported)
  }

  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry)
  if (entries.length === 0) {
    problems.push('the demo manifest has no entry chunk')
    return
  }
  for (const key of entries) addWithStaticImports(key)
  const firstLoad = new Set(loaded)

  const isJs = (key) => manifest[key].file.endsWith('.js')
  // The Connect view's lazy chunk is the dynamic entry made from a views/Connect/ module; when the
  // bundler merged it elsewhere, fall back to the chunks whose sourcemap lists such a module.
  const isConnectEntry = (key) => (manifest[key].src ?? '').includes(connectMarker)
  const bundlesConnect = (key) =>
    sourcesOf(manifest[key].file).some((source) => source.includes(connectMarker))
  if (connectSources.length === 0) {
    console.log(
      `The Connect view is missing: no file under packages/react/src has '${connectMarker}' in its path yet. ` +
        'Measuring the entry chunk and its static imports only.',
    )
  } else {
    const inEntry = [...loaded].some((key) => isJs(key) && bundlesConnect(key))
    const candidates = Object.keys(manifest).filter((key) => !loaded.has(key) && isJs(key))
    let lazy = candidates.filter(isConnectEntry)
    if (lazy.length === 0) lazy = candidates.filter(bundlesConnect)
    // The modal's frame is its own chunk too, fetched with the first view.
    lazy.push(...candidates.filter((key) => (manifest[key].src ?? '').includes(dialogMarker)))
    for (const key of lazy) addWithStaticImports(key)
    if (!inEntry && lazy.length === 0) {
      problems.push(
        `packages/react/src has the Connect view (${relative(root, connectSources[0])}), but no chunk of the demo ` +
          'contains it: does the demo render the modal?',
      )
    } else {
      const where = [...(inEntry ? ['the entry closure'] : []), ...lazy.map((key) => manifest[key].file)]
      console.log(`Connect view found in: ${where.join(', ')}`)
    }
  }

  let total = 0
  let react = 0
  let viem = 0
  let first = 0
  for (const key of loaded) {
    if (!isJs(key)) continue
    const size = gzipped(manifest[key].file)
    total += size
    if (manifest[key].name === 'vendor-react') react += size
    else if (manifest[key].name === 'vendor-viem') viem += size
    else if (firstLoad.has(key)) first += size
  }
  if (react === 0)
    problems.push('no vendor-react chunk in the demo: check the chunk groups in apps/demo/vite.config.ts')
  const portico = total - react - viem
  const overBudget = portico > PORTICO_BUDGET_KIB * 1024
  if (overBudget) {
    problems.push(
      `Portico on top of React and viem is ${kib(portico)}, over its budget of ${PORTICO_BUDGET_KIB} KiB`,
    )
  }
  rows.push(
    ['Demo, JS to show the Connect view (total)', kib(total), '', ''],
    ['  React (react, react-dom, scheduler)', kib(react), '', ''],
    ['  viem', viem ? kib(viem) : '0 (not loaded)', '', ''],
    [
      '  Portico on top of React and viem',
      kib(portico),
      `${PORTICO_BUDGET_KIB} KiB`,
      overBudget ? 'over' : 'ok',
    ],
    [
      '    of which the first load (the page, before the idle preload)',
      kib(first),
      `${FIRST_LOAD_BUDGET_KIB} KiB`,
      first > FIRST_LOAD_BUDGET_KIB * 1024 ? 'over' : 'ok',
    ],
  )
  if (first > FIRST_LOAD_BUDGET_KIB * 1024)
    problems.push(
      `Portico's share of the first load is ${kib(first)}, over its budget of ${FIRST_LOAD_BUDGET_KIB} KiB`,
    )
  // Every view opens inside the modal's frame: a view's own cost is what comes on top of both.
  const shown = new Set(firstLoad)
  const addShown = (key) => {
    if (shown.has(key) || !manifest[key]) return
    shown.add(key)
    for (const imported of manifest[key].imports ?? []) addShown(imported)
  }
  for (const key of Object.keys(manifest)) if ((manifest[key].src ?? '').includes(dialogMarker)) addShown(key)
  let frame = 0
  for (const key of shown)
    if (!firstLoad.has(key) && manifest[key].file.endsWith('.js')) frame += gzipped(manifest[key].file)
  if (frame === 0) problems.push('no chunk of the demo holds the modal frame (Modal/ModalDialog)')
  if (frame > FRAME_BUDGET_KIB * 1024)
    problems.push(`the modal's frame costs ${kib(frame)}, over its budget of ${FRAME_BUDGET_KIB} KiB`)
  rows.push([
    "  the modal's frame (dialog, header, notices), on top of the first load",
    kib(frame),
    `${FRAME_BUDGET_KIB} KiB`,
    frame > FRAME_BUDGET_KIB * 1024 ? 'over' : 'ok',
  ])
  measureViews(manifest, shown, gzipped, sourcesOf)
}

// What opening each view first costs, from the same manifest: the view's chunk and its static
// imports, less what the first load and the modal's frame already brought.
function measureViews(manifest, shown, gzipped, sourcesOf) {
  const viewsDir = join(root, 'packages/react/src/views')
  const views = existsSync(viewsDir)
    ? readdirSync(viewsDir, { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
        .sort()
    : []
  for (const view of views) {
    // The view's own module (views/X/X.tsx) is what the modal loads to show it; other lazy modules
    // of its folder load only when the view asks for them (e.g. Connect's optional layouts).
    const marker = `views/${view}/${view}.`
    let heads = Object.keys(manifest).filter(
      (key) => manifest[key].isDynamicEntry && (manifest[key].src ?? '').includes(marker),
    )
    // A view the modal loads through a module that gathers several (Modal/connectFlow) is in that
    // module's chunk.
    if (heads.length === 0)
      heads = Object.keys(manifest).filter(
        (key) =>
          manifest[key].isDynamicEntry &&
          sourcesOf(manifest[key].file).some((source) => source.includes(marker)),
      )
    const budget = VIEW_BUDGETS_KIB[view]
    const label = `  view ${view}, on top of the first load and the frame`
    if (budget === undefined)
      problems.push(`the view ${view} has no budget: add it to VIEW_BUDGETS_KIB in scripts/size.mjs`)
    if (heads.length === 0) {
      problems.push(`no chunk of the demo holds the view ${view}: is it in the modal's view loaders?`)
      rows.push([label, 'no chunk', budget === undefined ? 'none' : `${budget} KiB`, 'missing'])
      continue
    }
    const files = new Set()
    const add = (key) => {
      if (shown.has(key) || files.has(key) || !manifest[key]) return
      files.add(key)
      for (const imported of manifest[key].imports ?? []) add(imported)
    }
    for (const key of heads) add(key)
    const size = [...files]
      .filter((key) => manifest[key].file.endsWith('.js'))
      .reduce((sum, key) => sum + gzipped(manifest[key].file), 0)
    const over = budget !== undefined && size > budget * 1024
    if (over) problems.push(`opening the view ${view} costs ${kib(size)}, over its budget of ${budget} KiB`)
    rows.push([
      label,
      `${kib(size)} (${files.size} chunk${files.size === 1 ? '' : 's'})`,
      budget === undefined ? 'none' : `${budget} KiB`,
      budget === undefined ? 'no budget' : over ? 'over' : 'ok',
    ])
  }
  for (const view of Object.keys(VIEW_BUDGETS_KIB))
    if (!views.includes(view))
      problems.push(`VIEW_BUDGETS_KIB has ${view}, which is no longer a view folder: remove its budget`)
}

// --- (b) each package through size-limit -----------------------------------------------------

function measurePackages() {
  const checks = JSON.parse(readFileSync(join(root, '.size-limit.json'), 'utf8'))
  const missing = () => checks.filter((check) => !existsSync(join(root, check.path)))
  if (missing().length > 0) {
    console.log(
      `Not built yet: ${missing()
        .map((check) => check.path)
        .join(', ')}. Building the packages.`,
    )
    run('pnpm', ['build'])
  }
  const present = checks.filter((check) => existsSync(join(root, check.path)))
  let results = []
  if (present.length > 0) {
    // size-limit 12: the last line that runs on Node 20 (13 and later need Node 22).
    const result = spawnSync('pnpm', ['exec', 'size-limit', '--json'], { cwd: root, encoding: 'utf8' })
    try {
      results = JSON.parse(result.stdout)
    } catch {
      process.stderr.write(result.stdout ?? '')
      process.stderr.write(result.stderr ?? '')
      problems.push(`size-limit did not run (exit ${result.status})`)
    }
  }
  for (const check of checks) {
    const label = `${check.name} (dist, peers excluded)`
    if (!present.includes(check)) {
      problems.push(`${check.path} is missing after the build`)
      rows.push([label, 'not built', check.limit, 'missing'])
      continue
    }
    const measured = results.find((entry) => entry.name === check.name)
    if (!measured) {
      problems.push(`size-limit reported nothing for ${check.name}`)
      continue
    }
    if (!measured.passed)
      problems.push(`${check.name} is ${kib(measured.size)}, over its limit of ${check.limit}`)
    rows.push([label, kib(measured.size), check.limit, measured.passed ? 'ok' : 'over'])
  }
}

measureDemo()
measurePackages()

const header = ['Bundle', 'gzip', 'Budget', '']
const widths = header.map((_, column) => Math.max(...[header, ...rows].map((row) => row[column].length)))
const line = (row) => `| ${row.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`
console.log()
console.log(line(header))
console.log(`|${widths.map((width) => '-'.repeat(width + 2)).join('|')}|`)
for (const row of rows) console.log(line(row))
console.log()

if (problems.length > 0) {
  for (const problem of problems) console.error(`size: ${problem}`)
  process.exit(1)
}
console.log('All bundle budgets met.')
