import { readFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { type Abi, type Address, createPublicClient, encodeDeployData, type Hash, type Hex, http } from 'viem'
import { rpc } from '../anvil.js'
import { TEST_DEPLOYER_ADDRESS } from '../contracts/deployTestContracts.js'

/** The server's OffchainResolver, compiled: what a site deploys to resolve its names through the gateway. */
export interface CompiledOffchainResolver {
  abi: Abi
  bytecode: Hex
}

// The contract ships with @portico/server (its `contracts/` folder); this private package reads it
// from the workspace rather than depending on the server, which depends on this package.
const sourcePath = () =>
  join(
    dirname(fileURLToPath(import.meta.url)),
    '..',
    '..',
    '..',
    'server',
    'contracts',
    'OffchainResolver.sol',
  )

let compiled: Promise<CompiledOffchainResolver> | undefined

/**
 * Compiles `packages/server/contracts/OffchainResolver.sol` with the bundled solc (once per process).
 * @example
 * const { abi, bytecode } = await compileOffchainResolver()
 */
export function compileOffchainResolver(): Promise<CompiledOffchainResolver> {
  compiled ??= (async () => {
    const { default: solc } = await import('solc')
    const input = {
      language: 'Solidity',
      sources: { 'OffchainResolver.sol': { content: readFileSync(sourcePath(), 'utf8') } },
      settings: {
        optimizer: { enabled: true, runs: 200 },
        evmVersion: 'paris',
        outputSelection: { '*': { OffchainResolver: ['abi', 'evm.bytecode.object'] } },
      },
    }
    const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
      errors?: { severity: string; formattedMessage: string }[]
      contracts?: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>>
    }
    const errors = (output.errors ?? []).filter((entry) => entry.severity === 'error')
    if (errors.length > 0) {
      throw new Error(
        `OffchainResolver does not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`,
      )
    }
    const contract = output.contracts?.['OffchainResolver.sol']?.OffchainResolver
    if (!contract) throw new Error('solc produced no output for OffchainResolver.')
    return { abi: contract.abi, bytecode: `0x${contract.evm.bytecode.object}` }
  })()
  compiled.catch(() => {
    compiled = undefined
  })
  return compiled
}

export interface DeployOffchainResolverOptions {
  rpcUrl: string
  /** The gateway URL templates (`http://127.0.0.1:8787/gateway/names/{sender}/{data}.json`). */
  urls: readonly string[]
  /** The addresses whose signatures the resolver trusts (the server's `names.gateway.signerKey`). */
  signers: readonly Address[]
  /** Sends the deployment; anvil's unlocked account 9 when omitted. */
  from?: Address
  /** Defaults to 30 s. */
  timeoutMs?: number
}

/**
 * Deploys the OffchainResolver on an anvil chain and resolves its address.
 * @example
 * const resolver = await deployOffchainResolver({ rpcUrl, urls: [gatewayUrl], signers: [signer] })
 */
export async function deployOffchainResolver(options: DeployOffchainResolverOptions): Promise<Address> {
  const { abi, bytecode } = await compileOffchainResolver()
  const data = encodeDeployData({ abi, bytecode, args: [options.urls, options.signers] })
  const hash = await rpc<Hash>(options.rpcUrl, 'eth_sendTransaction', [
    { from: options.from ?? TEST_DEPLOYER_ADDRESS, data },
  ])
  const client = createPublicClient({ transport: http(options.rpcUrl), pollingInterval: 25 })
  const receipt = await client.waitForTransactionReceipt({
    hash,
    timeout: options.timeoutMs ?? 30_000,
    pollingInterval: 25,
  })
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`Deploying OffchainResolver failed (${hash}).`)
  }
  return receipt.contractAddress
}
