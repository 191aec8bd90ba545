// `pnpm typecheck`: every workspace package's `typecheck`, with the libraries checked in one program.
//
// Each library's tsconfig.json resolves the other libraries to their sources (the @portico/source
// condition), so checking them one program per package checked core's files once for every package
// that imports core. A library whose tsconfig.json resolves to the same compiler options and file set
// as tsconfig.packages.json is checked there instead, each file once, with the same options; any
// other workspace package (the apps, or a library with options of its own) runs its own `typecheck`
// script as before. A new package joins by itself: nothing here lists packages.
// At most two checks run at once, one per core.
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { join, relative } from 'node:path'
import { fileURLToPath } from 'node:url'
import ts from 'typescript'

const root = fileURLToPath(new URL('..', import.meta.url))
const sharedConfig = join(root, 'tsconfig.packages.json')

function parse(configFile) {
  const read = ts.readConfigFile(configFile, ts.sys.readFile)
  if (read.error) throw new Error(ts.flattenDiagnosticMessageText(read.error.messageText, '\n'))
  const parsed = ts.parseJsonConfigFileContent(
    read.config,
    ts.sys,
    join(configFile, '..'),
    undefined,
    configFile,
  )
  if (parsed.errors.length > 0)
    throw new Error(
      parsed.errors.map((error) => ts.flattenDiagnosticMessageText(error.messageText, '\n')).join('\n'),
    )
  const { configFilePath: _path, noEmit: _noEmit, ...options } = parsed.options
  // `lib` holds resolved file names; the same names in another order are the same libraries.
  if (options.lib) options.lib = [...options.lib].sort()
  if (options.types) options.types = [...options.types].sort()
  return { options: JSON.stringify(options, Object.keys(options).sort()), fileNames: parsed.fileNames }
}

const shared = parse(sharedConfig)
const sharedFiles = new Set(shared.fileNames)

const jobs = [{ name: 'the libraries (tsconfig.packages.json)', command: 'tsc', args: ['-p', sharedConfig] }]
const inShared = []
for (const group of ['packages', 'apps']) {
  const groupDir = join(root, group)
  if (!existsSync(groupDir)) continue
  for (const entry of readdirSync(groupDir, { withFileTypes: true })) {
    const dir = join(groupDir, entry.name)
    if (!entry.isDirectory() || !existsSync(join(dir, 'package.json'))) continue
    const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'))
    const script = pkg.scripts?.typecheck
    if (!script) continue
    // Covered by the shared program only when its own check would be that same check on a subset.
    const own = script === 'tsc -p tsconfig.json --noEmit' ? parse(join(dir, 'tsconfig.json')) : undefined
    if (own && own.options === shared.options && own.fileNames.every((file) => sharedFiles.has(file))) {
      inShared.push(relative(root, dir))
      continue
    }
    jobs.push({
      name: `${pkg.name} (its own typecheck)`,
      command: 'pnpm',
      args: ['run', 'typecheck'],
      cwd: dir,
    })
  }
}
console.log(`one program for ${inShared.join(', ')}`)

function run({ name, command, args, cwd = root }) {
  const started = Date.now()
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk) => (output += chunk))
    child.stderr.on('data', (chunk) => (output += chunk))
    child.on('error', (error) => resolve({ name, ok: false, output: String(error), seconds: 0 }))
    child.on('close', (code) =>
      resolve({ name, ok: code === 0, output, seconds: ((Date.now() - started) / 1000).toFixed(1) }),
    )
  })
}

const queue = [...jobs]
const results = []
await Promise.all(
  [0, 1].map(async () => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const result = await run(job)
      results.push(result)
      console.log(`${result.ok ? 'ok    ' : 'FAILED'} ${result.name} (${result.seconds}s)`)
      if (result.output.trim()) console.log(result.output.trimEnd())
    }
  }),
)
process.exit(results.every((result) => result.ok) ? 0 : 1)
