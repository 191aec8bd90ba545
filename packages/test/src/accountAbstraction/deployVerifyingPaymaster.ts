import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  type Abi,
  type Address,
  concat,
  createPublicClient,
  encodeAbiParameters,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
  numberToHex,
  type PublicClient,
  parseAbi,
  parseEther,
} from 'viem'
import { rpc } from '../anvil.js'
import { TEST_DEPLOYER_ADDRESS } from '../contracts/deployTestContracts.js'
import { deployAccountAbstraction, ENTRY_POINT_08_ADDRESS } from './deployAccountAbstraction.js'

/** The paymaster's functions a site (or a test) calls. */
export const PORTICO_VERIFYING_PAYMASTER_ABI = parseAbi([
  'function verifyingSigner() view returns (address)',
  'function setVerifyingSigner(address newSigner)',
  'function owner() view returns (address)',
  'function deposit() payable',
  'function getDeposit() view returns (uint256)',
  'function addStake(uint32 unstakeDelaySec) payable',
  'function withdrawTo(address withdrawAddress, uint256 amount)',
])

/** The EntryPoint's view of a deposit and stake. */
const ENTRY_POINT_DEPOSIT_ABI = parseAbi([
  'function getDepositInfo(address account) view returns ((uint256 deposit, bool staked, uint112 stake, uint32 unstakeDelaySec, uint48 withdrawTime) info)',
])

export interface CompiledPaymaster {
  abi: Abi
  /** Creation code without constructor arguments. */
  bytecode: Hex
}

const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  // EntryPoint v0.8 needs cancun itself; a paymaster beside it may use the same opcodes.
  evmVersion: 'cancun',
  metadata: { bytecodeHash: 'none', appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } },
} as const

const SOURCE = 'PorticoVerifyingPaymaster.sol'

const moduleDir = () => dirname(fileURLToPath(import.meta.url))
const packageRoot = () => join(moduleDir(), '..', '..')

let compiled: Promise<CompiledPaymaster> | undefined

/**
 * Compiles `PorticoVerifyingPaymaster.sol` with the bundled solc against the
 * `@account-abstraction/contracts` and OpenZeppelin sources, cached by source and compiler.
 */
export function compileVerifyingPaymaster(): Promise<CompiledPaymaster> {
  compiled ??= compileOrRead()
  compiled.catch(() => {
    compiled = undefined
  })
  return compiled
}

/** Where `PorticoVerifyingPaymaster.sol` is, for a site that compiles and deploys it itself. */
export function verifyingPaymasterSourcePath(): string {
  const here = join(moduleDir(), SOURCE)
  return existsSync(here) ? here : join(packageRoot(), 'src', 'accountAbstraction', SOURCE)
}

async function compileOrRead(): Promise<CompiledPaymaster> {
  const require = createRequire(import.meta.url)
  const source = readFileSync(verifyingPaymasterSourcePath(), 'utf8')
  const solcVersion = (require('solc/package.json') as { version: string }).version
  const key = createHash('sha256').update(JSON.stringify({ solcVersion, SETTINGS, source })).digest('hex')
  const cacheFile = join(packageRoot(), 'node_modules', '.cache', 'portico-paymaster', `${key}.json`)
  try {
    const cached = JSON.parse(readFileSync(cacheFile, 'utf8')) as CompiledPaymaster
    if (Array.isArray(cached.abi) && /^0x([0-9a-f]{2})+$/.test(cached.bytecode)) return cached
  } catch {
    // Not compiled yet, or a broken cache entry: compile again.
  }
  const aaRoot = dirname(require.resolve('@account-abstraction/contracts/package.json'))
  const fromAa = createRequire(join(aaRoot, 'package.json'))
  const ozRoot = dirname(fromAa.resolve('@openzeppelin/contracts/package.json'))
  const findImports = (path: string) => {
    const file = path.startsWith('@account-abstraction/contracts/')
      ? join(aaRoot, path.slice('@account-abstraction/contracts/'.length))
      : path.startsWith('@openzeppelin/contracts/')
        ? join(ozRoot, path.slice('@openzeppelin/contracts/'.length))
        : undefined
    if (!file || !existsSync(file)) return { error: `Not found: ${path}` }
    return { contents: readFileSync(file, 'utf8') }
  }
  const { default: solc } = await import('solc')
  const input = { language: 'Solidity', sources: { [SOURCE]: { content: source } }, settings: SETTINGS }
  const output = JSON.parse(solc.compile(JSON.stringify(input), { import: findImports })) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
  }
  const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error')
  if (errors.length > 0)
    throw new Error(
      `${SOURCE} does not compile:\n${errors.map((entry) => entry.formattedMessage).join('\n')}`,
    )
  const contract = output.contracts?.[SOURCE]?.PorticoVerifyingPaymaster
  if (!contract) throw new Error(`solc produced no output for ${SOURCE}.`)
  const result: CompiledPaymaster = { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  try {
    mkdirSync(dirname(cacheFile), { recursive: true })
    const temporary = `${cacheFile}.${process.pid}.tmp`
    writeFileSync(temporary, JSON.stringify(result))
    renameSync(temporary, cacheFile)
  } catch {
    // A read-only cache only costs the next run a compile.
  }
  return result
}

export interface DeployVerifyingPaymasterOptions {
  rpcUrl: string
  /** The address whose signatures the paymaster honours (the server's sponsorship key). */
  signer: Address
  /** What the paymaster holds at the EntryPoint to pay for operations. Defaults to 10 ETH. */
  deposit?: bigint
  /** Its stake at the EntryPoint (bundlers want paymasters staked). Defaults to 1 ETH. */
  stake?: bigint
  /** The stake's unstake delay. Defaults to one day. */
  unstakeDelaySec?: number
  /** Per transaction. Defaults to 30 s. */
  timeoutMs?: number
}

export interface VerifyingPaymasterDeployment {
  address: Address
  owner: Address
  signer: Address
}

/**
 * Deploys `PorticoVerifyingPaymaster` (unaudited; see the contract) on a local chain with EntryPoint
 * v0.8 (deployed first when missing), then deposits and stakes for it. Anvil's unlocked account 9
 * deploys and owns it. Each call deploys a new paymaster.
 * @example
 * const paymaster = await deployVerifyingPaymaster({ rpcUrl: anvil.rpcUrl, signer: signerAccount.address })
 */
export async function deployVerifyingPaymaster(
  options: DeployVerifyingPaymasterOptions,
): Promise<VerifyingPaymasterDeployment> {
  const {
    rpcUrl,
    signer,
    deposit = parseEther('10'),
    stake = parseEther('1'),
    unstakeDelaySec = 86_400,
    timeoutMs = 30_000,
  } = options
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 25 })
  await deployAccountAbstraction({ rpcUrl, timeoutMs })
  const { bytecode } = await compileVerifyingPaymaster()
  const owner = TEST_DEPLOYER_ADDRESS
  const creation = concat([
    bytecode,
    encodeAbiParameters(
      [{ type: 'address' }, { type: 'address' }, { type: 'address' }],
      [ENTRY_POINT_08_ADDRESS, signer, owner],
    ),
  ])
  const deployed = await send(
    client,
    rpcUrl,
    { data: creation },
    'deploy PorticoVerifyingPaymaster',
    timeoutMs,
  )
  const address = deployed.contractAddress
  if (!address) throw new Error('Deploying PorticoVerifyingPaymaster gave no contract address.')
  if (deposit > 0n)
    await send(
      client,
      rpcUrl,
      {
        to: address,
        value: deposit,
        data: encodeFunctionData({ abi: PORTICO_VERIFYING_PAYMASTER_ABI, functionName: 'deposit' }),
      },
      'deposit for the paymaster',
      timeoutMs,
    )
  if (stake > 0n)
    await send(
      client,
      rpcUrl,
      {
        to: address,
        value: stake,
        data: encodeFunctionData({
          abi: PORTICO_VERIFYING_PAYMASTER_ABI,
          functionName: 'addStake',
          args: [unstakeDelaySec],
        }),
      },
      'stake for the paymaster',
      timeoutMs,
    )
  return { address, owner, signer }
}

/** The paymaster's deposit at the EntryPoint, in wei: what it still has to pay for operations. */
export async function getPaymasterDeposit(rpcUrl: string, paymaster: Address): Promise<bigint> {
  const client = createPublicClient({ transport: http(rpcUrl) })
  const info = await client.readContract({
    address: ENTRY_POINT_08_ADDRESS,
    abi: ENTRY_POINT_DEPOSIT_ABI,
    functionName: 'getDepositInfo',
    args: [paymaster],
  })
  return info.deposit
}

async function send(
  client: PublicClient,
  rpcUrl: string,
  transaction: { to?: Address; data: Hex; value?: bigint },
  label: string,
  timeoutMs: number,
) {
  const hash = await rpc<Hash>(rpcUrl, 'eth_sendTransaction', [
    {
      from: TEST_DEPLOYER_ADDRESS,
      ...(transaction.to ? { to: transaction.to } : {}),
      data: transaction.data,
      ...(transaction.value ? { value: numberToHex(transaction.value) } : {}),
    },
  ])
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 25 })
  if (receipt.status !== 'success') throw new Error(`The transaction to ${label} reverted (${hash}).`)
  return receipt
}
