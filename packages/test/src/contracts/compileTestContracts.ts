import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Abi, Hex } from 'viem'

/** The test contracts, by the name of their Solidity file and contract. */
export type TestContractName =
  | 'TestToken'
  | 'TetherStyleToken'
  | 'TestMulticall'
  | 'TestNft'
  | 'TestUriNft'
  | 'TestMultiToken'
  | 'TestSmartWallet'
  | 'TestSmartWalletFactory'
  | 'TestPriceFeed'
  | 'TestUniversalResolver'
  | 'TestCcipResolver'
  | 'TestIdRegistry'
  | 'TestKeyRegistry'

export const TEST_CONTRACT_NAMES = [
  'TestToken',
  'TetherStyleToken',
  'TestMulticall',
  'TestNft',
  'TestUriNft',
  'TestMultiToken',
  'TestSmartWallet',
  'TestSmartWalletFactory',
  'TestPriceFeed',
  'TestUniversalResolver',
  'TestCcipResolver',
  'TestIdRegistry',
  'TestKeyRegistry',
] as const satisfies readonly TestContractName[]

export interface CompiledContract {
  abi: Abi
  /** Creation code, without constructor arguments. */
  bytecode: Hex
  /** Runtime code as deployed (for `anvil_setCode`; only meaningful without immutables). */
  deployedBytecode: Hex
}

export type CompiledTestContracts = Record<TestContractName, CompiledContract>

export interface CompileTestContractsOptions {
  /** Where compiled output is kept between runs. Defaults to this package's `node_modules/.cache`. */
  cacheDir?: string
}

// Metadata is left out of the bytecode so an edited comment does not move the CREATE2 addresses,
// and `paris` avoids PUSH0 so the code also runs on chains started with an older hardfork.
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'paris',
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const

// Paths from the module's own file path, not `new URL(…, import.meta.url)`: in a happy-dom test
// environment `URL` is the DOM's, which node's fileURLToPath refuses.
const moduleDir = () => dirname(fileURLToPath(import.meta.url))
const packageRoot = () => join(moduleDir(), '..', '..')

/** Compiled output of the same sources and compiler within this process. */
const memory = new Map<string, Promise<CompiledTestContracts>>()

/**
 * Compiles the Solidity test contracts with the bundled solc, reading a cached result when the
 * sources and compiler are unchanged (a corrupt cache entry is compiled again).
 * @example
 * const { TestToken } = await compileTestContracts()
 */
export function compileTestContracts(
  options: CompileTestContractsOptions = {},
): Promise<CompiledTestContracts> {
  const sources = readSources()
  const solcVersion = (createRequire(import.meta.url)('solc/package.json') as { version: string }).version
  const key = createHash('sha256')
    .update(JSON.stringify({ solcVersion, settings: SETTINGS, sources }))
    .digest('hex')
  const cacheDir = options.cacheDir ?? join(packageRoot(), 'node_modules', '.cache', 'portico-test-contracts')
  const memoKey = `${cacheDir}\0${key}`
  let pending = memory.get(memoKey)
  if (!pending) {
    pending = loadOrCompile(sources, join(cacheDir, `${key}.json`))
    // A failed compile is not remembered, so the next call tries again.
    pending.catch(() => memory.delete(memoKey))
    memory.set(memoKey, pending)
  }
  return pending
}

/** Reads the `.sol` files next to this module (from `dist/`, the ones in `src/`). */
function readSources(): Record<string, string> {
  const here = moduleDir()
  const folder = existsSync(join(here, 'TestToken.sol')) ? here : join(packageRoot(), 'src', 'contracts')
  const sources: Record<string, string> = {}
  for (const name of TEST_CONTRACT_NAMES) {
    sources[`${name}.sol`] = readFileSync(join(folder, `${name}.sol`), 'utf8')
  }
  return sources
}

async function loadOrCompile(
  sources: Record<string, string>,
  cacheFile: string,
): Promise<CompiledTestContracts> {
  const cached = readCache(cacheFile)
  if (cached) return cached
  const compiled = await compile(sources)
  try {
    mkdirSync(join(cacheFile, '..'), { recursive: true })
    // Write then rename, so a parallel reader never sees half a file.
    const temporary = `${cacheFile}.${process.pid}.${Date.now()}.tmp`
    writeFileSync(temporary, JSON.stringify(compiled))
    renameSync(temporary, cacheFile)
  } catch {
    // A read-only cache only costs the next run a compile.
  }
  return compiled
}

function readCache(cacheFile: string): CompiledTestContracts | undefined {
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(cacheFile, 'utf8'))
  } catch {
    return undefined
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined
  const entries = parsed as Record<string, unknown>
  for (const name of TEST_CONTRACT_NAMES) {
    if (!isCompiledContract(entries[name])) return undefined
  }
  return parsed as CompiledTestContracts
}

function isCompiledContract(value: unknown): value is CompiledContract {
  if (typeof value !== 'object' || value === null) return false
  const { abi, bytecode, deployedBytecode } = value as Record<string, unknown>
  const isCode = (code: unknown) => typeof code === 'string' && /^0x([0-9a-f]{2})+$/.test(code)
  return Array.isArray(abi) && isCode(bytecode) && isCode(deployedBytecode)
}

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[]
  contracts?: Record<
    string,
    Record<string, { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }>
  >
}

async function compile(sources: Record<string, string>): Promise<CompiledTestContracts> {
  // solc is loaded only on a cache miss: loading the compiler alone takes most of a second.
  const { default: solc } = await import('solc')
  const input = {
    language: 'Solidity',
    sources: Object.fromEntries(Object.entries(sources).map(([file, content]) => [file, { content }])),
    settings: SETTINGS,
  }
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as SolcOutput
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error')
  if (errors.length > 0) {
    throw new Error(`The test contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  }
  const result: Partial<CompiledTestContracts> = {}
  for (const name of TEST_CONTRACT_NAMES) {
    const contract = output.contracts?.[`${name}.sol`]?.[name]
    if (!contract) throw new Error(`solc produced no output for ${name}.`)
    result[name] = {
      abi: contract.abi,
      bytecode: `0x${contract.evm.bytecode.object}`,
      deployedBytecode: `0x${contract.evm.deployedBytecode.object}`,
    }
  }
  return result as CompiledTestContracts
}
