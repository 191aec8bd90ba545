import {
  type Address,
  concat,
  createPublicClient,
  encodeFunctionData,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  isAddressEqual,
  type PublicClient,
  pad,
  parseAbi,
} from 'viem'
import { rpc } from '../anvil.js'
import { compileTestContracts } from './compileTestContracts.js'
import { TEST_DEPLOYER_ADDRESS } from './deployTestContracts.js'
import { CREATE2_DEPLOYER_ADDRESS } from './testTokens.js'

/**
 * Where `deploySmartWalletFactory` puts `TestSmartWalletFactory`: CREATE2 through the deployer with
 * `portico.test.SmartWalletFactory` as salt. `deploySmartWallet.test.ts` fails, naming the new
 * address, when a source change moves it.
 */
export const TEST_SMART_WALLET_FACTORY = {
  address: '0x36EA841D3d49502680be6D2AE65ef362d5954C77',
  salt: '0x706f727469636f2e746573742e536d61727457616c6c6574466163746f727900',
} as const satisfies { address: Address; salt: Hex }

/** The factory's functions, for ERC-6492 wrappers (`createAccount` calldata) and reads. */
export const TEST_SMART_WALLET_FACTORY_ABI = parseAbi([
  'function createAccount(address owner, bytes32 salt) returns (address account)',
  'function getAddress(address owner, bytes32 salt) view returns (address)',
  'event AccountCreated(address indexed account, address indexed owner, bytes32 salt)',
])

/** The account's ERC-1271 function and its owner. */
export const TEST_SMART_WALLET_ABI = parseAbi([
  'function isValidSignature(bytes32 hash, bytes signature) view returns (bytes4)',
  'function owner() view returns (address)',
])

const ZERO_SALT: Hex = pad('0x', { size: 32 })

export interface DeploySmartWalletFactoryOptions {
  rpcUrl: string
  /** Per transaction. Defaults to 30 s. */
  timeoutMs?: number
}

export interface DeploySmartWalletOptions extends DeploySmartWalletFactoryOptions {
  /** The key that signs for the account. */
  owner: Address
  /** With `owner`, picks the account's address. Defaults to 32 zero bytes. */
  salt?: Hex
}

/**
 * Deploys `TestSmartWalletFactory` at `TEST_SMART_WALLET_FACTORY.address` (kept if already there),
 * paid by anvil's account 9 so the wallets' balances stay untouched.
 * @example
 * const factory = await deploySmartWalletFactory({ rpcUrl: anvil.rpcUrl })
 */
export async function deploySmartWalletFactory(options: DeploySmartWalletFactoryOptions): Promise<Address> {
  const { rpcUrl, timeoutMs = 30_000 } = options
  const client = createClient(rpcUrl)
  const { TestSmartWalletFactory } = await compileTestContracts()
  const { address, salt } = TEST_SMART_WALLET_FACTORY
  const computed = getContractAddress({
    from: CREATE2_DEPLOYER_ADDRESS,
    salt,
    bytecode: TestSmartWalletFactory.bytecode,
    opcode: 'CREATE2',
  })
  if (!isAddressEqual(computed, address))
    throw new Error(
      `TestSmartWalletFactory now deploys to ${computed}, not ${address}: ` +
        'update TEST_SMART_WALLET_FACTORY in packages/test/src/contracts/deploySmartWallet.ts.',
    )
  if (await hasCode(client, address)) return address
  if (!(await hasCode(client, CREATE2_DEPLOYER_ADDRESS)))
    throw new Error(
      `The chain has no CREATE2 deployer at ${CREATE2_DEPLOYER_ADDRESS}; anvil has one from genesis.`,
    )
  await send(client, rpcUrl, CREATE2_DEPLOYER_ADDRESS, concat([salt, TestSmartWalletFactory.bytecode]), {
    label: 'deploy TestSmartWalletFactory',
    timeoutMs,
  })
  if (!(await hasCode(client, address)))
    throw new Error(`Deploying TestSmartWalletFactory left no code at ${address}.`)
  return address
}

/**
 * Deploys the `TestSmartWallet` of `owner` and `salt` through the factory (deploying the factory
 * first when needed) and resolves its address; an account already deployed is returned as is.
 * @example
 * const wallet = await deploySmartWallet({ rpcUrl: anvil.rpcUrl, owner: ANVIL_ADDRESSES[0]! })
 */
export async function deploySmartWallet(options: DeploySmartWalletOptions): Promise<Address> {
  const { rpcUrl, owner, salt = ZERO_SALT, timeoutMs = 30_000 } = options
  const client = createClient(rpcUrl)
  const factory = await deploySmartWalletFactory({ rpcUrl, timeoutMs })
  const account = await getSmartWalletAddress({ owner, salt })
  if (await hasCode(client, account)) return account
  const data = encodeFunctionData({
    abi: TEST_SMART_WALLET_FACTORY_ABI,
    functionName: 'createAccount',
    args: [owner, salt],
  })
  await send(client, rpcUrl, factory, data, { label: `create the smart wallet of ${owner}`, timeoutMs })
  if (!(await hasCode(client, account)))
    throw new Error(`Creating the smart wallet of ${owner} left no code at ${account}.`)
  return account
}

/**
 * The address the factory gives the account of `owner` and `salt`, computed offline: the same
 * before and after it is deployed, on every chain.
 * @example
 * const counterfactual = await getSmartWalletAddress({ owner, salt })
 */
export async function getSmartWalletAddress(parameters: { owner: Address; salt?: Hex }): Promise<Address> {
  const { TestSmartWallet } = await compileTestContracts()
  // The factory hashes `creationCode ++ abi.encode(owner)`: the owner padded to one word.
  const initCode = concat([TestSmartWallet.bytecode, pad(parameters.owner, { size: 32 })])
  return getContractAddress({
    from: TEST_SMART_WALLET_FACTORY.address,
    salt: parameters.salt ?? ZERO_SALT,
    bytecode: initCode,
    opcode: 'CREATE2',
  })
}

function createClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl), pollingInterval: 25 })
}

async function hasCode(client: PublicClient, address: Address): Promise<boolean> {
  const code = await client.getCode({ address })
  return code !== undefined && code !== '0x'
}

async function send(
  client: PublicClient,
  rpcUrl: string,
  to: Address,
  data: Hex,
  { label, timeoutMs }: { label: string; timeoutMs: number },
): Promise<void> {
  // Account 9 is unlocked on anvil, as in deployTestContracts: no key is needed to send from it.
  const hash = await rpc<Hash>(rpcUrl, 'eth_sendTransaction', [{ from: TEST_DEPLOYER_ADDRESS, to, data }])
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 25 })
  if (receipt.status !== 'success') throw new Error(`The transaction to ${label} reverted (${hash}).`)
}
