import { createRequire } from 'node:module'
import {
  type Address,
  concat,
  createPublicClient,
  encodeAbiParameters,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  isAddressEqual,
  type PublicClient,
  pad,
} from 'viem'
import { rpc } from '../anvil.js'
import { TEST_DEPLOYER_ADDRESS } from '../contracts/deployTestContracts.js'
import { CREATE2_DEPLOYER_ADDRESS } from '../contracts/testTokens.js'

/** ERC-4337 EntryPoint v0.8 at the address every chain has it (and the only one alto knows as v0.8). */
export const ENTRY_POINT_08_ADDRESS: Address = '0x4337084D9E255Ff0702461CF8895CE9E3b5Ff108'

/** The salt the EntryPoint v0.8 is deployed with through the CREATE2 deployer on public chains. */
export const ENTRY_POINT_08_SALT: Hex = '0x0a59dbff790c23c976a548690c27297883cc66b4c67024f9117b0238995e35e9'

/**
 * `SimpleAccountFactory` (v0.8) for the EntryPoint above, through the CREATE2 deployer with a zero
 * salt: the address public chains have it at, and viem's default for 0.8 simple accounts.
 */
export const SIMPLE_ACCOUNT_FACTORY_08_ADDRESS: Address = '0x13E9ed32155810FDbd067D4522C492D6f68E5944'

/**
 * `Simple7702Account` (v0.8), the delegation target of an EIP-7702 EOA: the address public chains
 * have it at, and the default implementation of viem's `toSimple7702SmartAccount`.
 */
export const SIMPLE_7702_ACCOUNT_08_ADDRESS: Address = '0xe6Cae83BdE06E4c305530e199D7217f42808555B'

const ZERO_SALT: Hex = pad('0x', { size: 32 })

interface Artifact {
  abi: readonly unknown[]
  bytecode: Hex
}

function loadArtifact(name: 'EntryPoint' | 'SimpleAccountFactory' | 'Simple7702Account'): Artifact {
  const require = createRequire(import.meta.url)
  return require(`@account-abstraction/contracts/artifacts/${name}.json`) as Artifact
}

export interface DeployAccountAbstractionOptions {
  rpcUrl: string
  /** Per transaction. Defaults to 30 s. */
  timeoutMs?: number
}

export interface AccountAbstractionDeployment {
  entryPoint: Address
  simpleAccountFactory: Address
  simple7702Account: Address
}

/**
 * Deploys ERC-4337 v0.8 on a local chain at the addresses public chains have it: the EntryPoint,
 * `SimpleAccountFactory` and `Simple7702Account` of `@account-abstraction/contracts@0.8.0`, sent
 * through the CREATE2 deployer (anvil has it from genesis) by anvil's unlocked account 9. Contracts
 * already there are kept, so calling it twice (or after `startAlto`) is harmless.
 *
 * What a test of the embedded wallet's smart account does with it:
 * @example
 * const anvil = await startAnvil({ chainId: 31337 })
 * const aa = await deployAccountAbstraction(anvil) // { entryPoint, simpleAccountFactory, simple7702Account }
 * const alto = await startAlto({ rpcUrl: anvil.rpcUrl }) // alto.rpcUrl is the bundler
 * // viem: createBundlerClient({ transport: http(alto.rpcUrl), ... }) with
 * // toSimple7702SmartAccount({ client, owner }) (the default implementation is aa.simple7702Account)
 * // or a SimpleAccount from aa.simpleAccountFactory (see toTestSimpleSmartAccount).
 * afterAll(async () => { await alto.stop(); await anvil.stop() })
 */
export async function deployAccountAbstraction(
  options: DeployAccountAbstractionOptions,
): Promise<AccountAbstractionDeployment> {
  const { rpcUrl, timeoutMs = 30_000 } = options
  const client = createPublicClient({ transport: http(rpcUrl), pollingInterval: 25 })
  if (!(await hasCode(client, CREATE2_DEPLOYER_ADDRESS)))
    throw new Error(
      `The chain has no CREATE2 deployer at ${CREATE2_DEPLOYER_ADDRESS}; anvil has one from genesis.`,
    )
  const entryPointCode = loadArtifact('EntryPoint').bytecode
  await deployThroughCreate2(client, rpcUrl, {
    label: 'EntryPoint v0.8',
    address: ENTRY_POINT_08_ADDRESS,
    salt: ENTRY_POINT_08_SALT,
    initCode: entryPointCode,
    timeoutMs,
  })
  const factoryCode = concat([
    loadArtifact('SimpleAccountFactory').bytecode,
    encodeAbiParameters([{ type: 'address' }], [ENTRY_POINT_08_ADDRESS]),
  ])
  await deployThroughCreate2(client, rpcUrl, {
    label: 'SimpleAccountFactory v0.8',
    address: SIMPLE_ACCOUNT_FACTORY_08_ADDRESS,
    salt: ZERO_SALT,
    initCode: factoryCode,
    timeoutMs,
  })
  await deployThroughCreate2(client, rpcUrl, {
    label: 'Simple7702Account v0.8',
    address: SIMPLE_7702_ACCOUNT_08_ADDRESS,
    salt: ZERO_SALT,
    initCode: loadArtifact('Simple7702Account').bytecode,
    timeoutMs,
  })
  return {
    entryPoint: ENTRY_POINT_08_ADDRESS,
    simpleAccountFactory: SIMPLE_ACCOUNT_FACTORY_08_ADDRESS,
    simple7702Account: SIMPLE_7702_ACCOUNT_08_ADDRESS,
  }
}

async function deployThroughCreate2(
  client: PublicClient,
  rpcUrl: string,
  target: { label: string; address: Address; salt: Hex; initCode: Hex; timeoutMs: number },
): Promise<void> {
  const computed = getContractAddress({
    from: CREATE2_DEPLOYER_ADDRESS,
    salt: target.salt,
    bytecode: target.initCode,
    opcode: 'CREATE2',
  })
  // A different artifact would put the contract elsewhere, where neither alto nor viem looks.
  if (!isAddressEqual(computed, target.address))
    throw new Error(`${target.label} would deploy to ${computed}, not ${target.address}.`)
  if (await hasCode(client, target.address)) return
  const hash = await rpc<Hash>(rpcUrl, 'eth_sendTransaction', [
    {
      from: TEST_DEPLOYER_ADDRESS,
      to: CREATE2_DEPLOYER_ADDRESS,
      data: concat([target.salt, target.initCode]),
    },
  ])
  const receipt = await client.waitForTransactionReceipt({
    hash,
    timeout: target.timeoutMs,
    pollingInterval: 25,
  })
  if (receipt.status !== 'success') throw new Error(`Deploying ${target.label} reverted (${hash}).`)
  if (!(await hasCode(client, target.address)))
    throw new Error(`Deploying ${target.label} left no code at ${target.address}.`)
}

async function hasCode(client: PublicClient, address: Address): Promise<boolean> {
  const code = await client.getCode({ address })
  return code !== undefined && code !== '0x'
}
