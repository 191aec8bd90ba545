import { createRequire } from 'node:module'
import {
  type Abi,
  type Address,
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  isAddressEqual,
  keccak256,
  labelhash,
  namehash,
  type PublicClient,
  parseAbi,
  parseEther,
  stringToBytes,
  toHex,
  zeroHash,
} from 'viem'
import { normalize } from 'viem/ens'
import { rpc } from '../anvil.js'
import { compileTestContracts } from '../contracts/compileTestContracts.js'

// Node only: the registry, public resolver and reverse registrar come from the npm artifacts
// pinned in packages/test/package.json (@ensdomains/ens 0.6.2, @ensdomains/resolver 0.3.1); the
// universal resolver is our own (src/contracts/TestUniversalResolver.sol, compiled with solc).

/**
 * Who deploys and owns the test ENS: an address nobody has a key for, impersonated on anvil. It
 * owns the root, so the helpers below can create any name and set any record without spending the
 * test wallets' ETH, and its first four nonces fix the contracts' addresses on every fresh chain.
 */
export const ENS_DEPLOYER_ADDRESS: Address = '0x0000000000000000000000000000000000e25e00'

/** Where `deployEns` puts the contracts on a chain where the deployer has sent nothing before. */
export interface EnsDeployment {
  registry: Address
  publicResolver: Address
  reverseRegistrar: Address
  /** What viem's getEnsName / getEnsAddress / getEnsText need as `universalResolverAddress`. */
  universalResolver: Address
}

const nonceAddress = (nonce: number) =>
  getContractAddress({ from: ENS_DEPLOYER_ADDRESS, nonce: BigInt(nonce) })

/** The test ENS's addresses (nonces 0–3 of `ENS_DEPLOYER_ADDRESS`), the same on every anvil chain. */
export const TEST_ENS: EnsDeployment = {
  registry: nonceAddress(0),
  publicResolver: nonceAddress(1),
  reverseRegistrar: nonceAddress(2),
  universalResolver: nonceAddress(3),
}

/** The calls the helpers make on the registry and the public resolver. */
export const ENS_REGISTRY_ABI = parseAbi([
  'function owner(bytes32 node) view returns (address)',
  'function resolver(bytes32 node) view returns (address)',
  'function setSubnodeOwner(bytes32 node, bytes32 label, address owner) returns (bytes32)',
  'function setResolver(bytes32 node, address resolver)',
])
export const ENS_PUBLIC_RESOLVER_ABI = parseAbi([
  'function addr(bytes32 node) view returns (address)',
  'function setAddr(bytes32 node, address addr)',
  'function text(bytes32 node, string key) view returns (string)',
  'function setText(bytes32 node, string key, string value)',
  'function name(bytes32 node) view returns (string)',
  'function setName(bytes32 node, string name)',
])

/** Where the chain is: the JSON-RPC URL of an anvil node (the helpers use anvil_* methods). */
export interface EnsChainOptions {
  rpcUrl: string
  /** Per transaction. Defaults to 30 s. */
  timeoutMs?: number
}

interface Artifact {
  abi: Abi
  bytecode: Hex
}

function loadArtifact(path: string): Artifact {
  const json = createRequire(import.meta.url)(path) as { abi: Abi; bytecode: string }
  if (!/^0x([0-9a-f]{2})+$/i.test(json.bytecode)) throw new Error(`${path} holds no deployable bytecode.`)
  return { abi: json.abi, bytecode: json.bytecode as Hex }
}

/**
 * Deploys the ENS registry, the public resolver, the reverse registrar (owning `addr.reverse`,
 * with the public resolver as default) and the universal resolver at `TEST_ENS`'s addresses, and
 * creates `eth`. On a chain that already has them it only checks they are there. Names are then
 * made with `registerEnsName`, primary names with `setEnsPrimaryName`; an off-chain (ENSIP-10 +
 * CCIP-Read) resolver is hooked to a name with
 * `setEnsResolver({ rpcUrl, name: 'myshop.eth', resolver })`, after which
 * `getEnsAddress(client, { name: 'alice.myshop.eth', universalResolverAddress: TEST_ENS.universalResolver })`
 * reaches it through the universal resolver, which passes the resolver's OffchainLookup through.
 * @example
 * const ens = await deployEns({ rpcUrl: anvil.rpcUrl })
 * await registerEnsName({ rpcUrl: anvil.rpcUrl, name: 'alice.eth', address, texts: { avatar: 'https://…' } })
 * await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address, name: 'alice.eth' })
 */
export async function deployEns(options: EnsChainOptions): Promise<EnsDeployment> {
  const { rpcUrl } = options
  const client = createClient(rpcUrl)
  await useDeployer(rpcUrl)
  const codes = await Promise.all(Object.values(TEST_ENS).map((address) => client.getCode({ address })))
  if (codes.every((code) => code !== undefined && code !== '0x')) return TEST_ENS
  const nonce = await client.getTransactionCount({ address: ENS_DEPLOYER_ADDRESS })
  if (nonce !== 0) {
    throw new Error(
      `The ENS deployer ${ENS_DEPLOYER_ADDRESS} has sent ${nonce} transactions on this chain but the ` +
        'test ENS is not at TEST_ENS: deploy it on a fresh chain (or revert to a snapshot taken before).',
    )
  }
  const registry = loadArtifact('@ensdomains/ens/build/contracts/ENSRegistry.json')
  const resolver = loadArtifact('@ensdomains/resolver/build/contracts/PublicResolver.json')
  const reverse = loadArtifact('@ensdomains/ens/build/contracts/ReverseRegistrar.json')
  const { TestUniversalResolver } = await compileTestContracts()
  const deployments: Hex[] = [
    registry.bytecode,
    encodeDeployData({ abi: resolver.abi, bytecode: resolver.bytecode, args: [TEST_ENS.registry] }),
    encodeDeployData({
      abi: reverse.abi,
      bytecode: reverse.bytecode,
      args: [TEST_ENS.registry, TEST_ENS.publicResolver],
    }),
    encodeDeployData({
      abi: TestUniversalResolver.abi,
      bytecode: TestUniversalResolver.bytecode,
      args: [TEST_ENS.registry],
    }),
  ]
  await sendAll(
    client,
    rpcUrl,
    deployments.map((data, index) => ({ data, label: `deploy ENS contract ${index}` })),
    options.timeoutMs,
  )
  const reverseNode = namehash('reverse')
  await sendAll(
    client,
    rpcUrl,
    [
      registryCall('setSubnodeOwner', [zeroHash, labelhash('eth'), ENS_DEPLOYER_ADDRESS], 'create eth'),
      registryCall(
        'setSubnodeOwner',
        [zeroHash, labelhash('reverse'), ENS_DEPLOYER_ADDRESS],
        'create reverse',
      ),
      registryCall(
        'setSubnodeOwner',
        [reverseNode, labelhash('addr'), TEST_ENS.reverseRegistrar],
        'give addr.reverse to the reverse registrar',
      ),
    ],
    options.timeoutMs,
  )
  return TEST_ENS
}

export interface RegisterEnsNameOptions extends EnsChainOptions {
  /** A full name such as `alice.eth`; it is normalised (ENSIP-15) first. Parents are created. */
  name: string
  /** The ETH address the name resolves to (`addr(bytes32)`). */
  address?: Address
  /** Text records, e.g. `{ avatar: 'https://…/alice.png' }`. */
  texts?: Record<string, string>
  /** The name's resolver. Defaults to the public resolver. */
  resolver?: Address
}

/**
 * Creates `name` (and its missing parents) owned by the deployer, sets its resolver and, on the
 * public resolver, its address and text records. Calling it again updates the records.
 * @example
 * await registerEnsName({ rpcUrl, name: 'alice.eth', address: ANVIL_ADDRESSES[0], texts: { avatar: 'data:image/png;base64,…' } })
 */
export async function registerEnsName(options: RegisterEnsNameOptions): Promise<Hex> {
  const { rpcUrl, address, texts = {}, resolver = TEST_ENS.publicResolver } = options
  const name = normalize(options.name)
  const client = createClient(rpcUrl)
  await useDeployer(rpcUrl)
  await createNode(client, rpcUrl, name, options.timeoutMs)
  const node = namehash(name)
  const calls: Transaction[] = [registryCall('setResolver', [node, resolver], `set the resolver of ${name}`)]
  if (address) calls.push(resolverCall('setAddr', [node, address], `set the address of ${name}`, resolver))
  for (const [key, value] of Object.entries(texts)) {
    calls.push(resolverCall('setText', [node, key, value], `set ${key} of ${name}`, resolver))
  }
  await sendAll(client, rpcUrl, calls, options.timeoutMs)
  return node
}

export interface SetEnsResolverOptions extends EnsChainOptions {
  name: string
  /** Any contract: the public resolver, or an ENSIP-10 wildcard / CCIP-Read resolver. */
  resolver: Address
}

/**
 * Points `name` (created with its parents if missing) at `resolver`: the hook for an off-chain
 * resolver contract, which then answers for the name and every name under it (ENSIP-10).
 * @example
 * await setEnsResolver({ rpcUrl, name: 'myshop.eth', resolver: offchainResolver })
 */
export async function setEnsResolver(options: SetEnsResolverOptions): Promise<void> {
  await registerEnsName({
    rpcUrl: options.rpcUrl,
    name: options.name,
    resolver: options.resolver,
    ...timeout(options),
  })
}

export interface SetEnsTextOptions extends EnsChainOptions {
  name: string
  key: string
  value: string
}

/**
 * Sets one text record of a name on the public resolver (an empty value clears it).
 * @example
 * await setEnsText({ rpcUrl, name: 'alice.eth', key: 'avatar', value: 'ipfs://bafy…' })
 */
export async function setEnsText(options: SetEnsTextOptions): Promise<void> {
  const name = normalize(options.name)
  await useDeployer(options.rpcUrl)
  await sendAll(
    createClient(options.rpcUrl),
    options.rpcUrl,
    [resolverCall('setText', [namehash(name), options.key, options.value], `set ${options.key} of ${name}`)],
    options.timeoutMs,
  )
}

export interface SetEnsPrimaryNameOptions extends EnsChainOptions {
  address: Address
  /** The name `address` reverse-resolves to; an empty string clears it. */
  name: string
}

/**
 * Sets the reverse record `<address>.addr.reverse` → `name` on the public resolver, as the reverse
 * registrar would for a transaction from `address`, but without one: the deployer takes
 * `addr.reverse` back for a moment (it owns `reverse`), so the account's nonce and balance stay
 * untouched. The name is not checked here: a primary name that does not resolve back to the address
 * is exactly what some tests need.
 * @example
 * await setEnsPrimaryName({ rpcUrl, address: ANVIL_ADDRESSES[0], name: 'alice.eth' })
 */
export async function setEnsPrimaryName(options: SetEnsPrimaryNameOptions): Promise<Hex> {
  const { rpcUrl, address } = options
  const name = options.name === '' ? '' : normalize(options.name)
  const client = createClient(rpcUrl)
  await useDeployer(rpcUrl)
  const addrReverse = namehash('addr.reverse')
  const label = keccak256(stringToBytes(address.slice(2).toLowerCase()))
  const node = keccak256(`${addrReverse}${label.slice(2)}` as Hex)
  await sendAll(
    client,
    rpcUrl,
    [
      registryCall(
        'setSubnodeOwner',
        [namehash('reverse'), labelhash('addr'), ENS_DEPLOYER_ADDRESS],
        'take addr.reverse',
      ),
      registryCall(
        'setSubnodeOwner',
        [addrReverse, label, ENS_DEPLOYER_ADDRESS],
        `take the reverse node of ${address}`,
      ),
      registryCall('setResolver', [node, TEST_ENS.publicResolver], `set the reverse resolver of ${address}`),
      resolverCall('setName', [node, name], `set the primary name of ${address}`),
      registryCall('setSubnodeOwner', [addrReverse, label, address], `give the reverse node to ${address}`),
      registryCall(
        'setSubnodeOwner',
        [namehash('reverse'), labelhash('addr'), TEST_ENS.reverseRegistrar],
        'give addr.reverse back to the reverse registrar',
      ),
    ],
    options.timeoutMs,
  )
  return node
}

interface Transaction {
  to?: Address
  data: Hex
  label: string
}

function registryCall(
  functionName: 'setSubnodeOwner' | 'setResolver',
  args: readonly unknown[],
  label: string,
): Transaction {
  const data = encodeFunctionData({ abi: ENS_REGISTRY_ABI, functionName, args } as never)
  return { to: TEST_ENS.registry, data, label }
}

function resolverCall(
  functionName: 'setAddr' | 'setText' | 'setName',
  args: readonly unknown[],
  label: string,
  resolver: Address = TEST_ENS.publicResolver,
): Transaction {
  const data = encodeFunctionData({ abi: ENS_PUBLIC_RESOLVER_ABI, functionName, args } as never)
  return { to: resolver, data, label }
}

/** Creates the labels of `name` from the root down that have no owner yet. */
async function createNode(
  client: PublicClient,
  rpcUrl: string,
  name: string,
  timeoutMs?: number,
): Promise<void> {
  const labels = name.split('.')
  const calls: Transaction[] = []
  for (let index = labels.length - 1; index >= 0; index--) {
    const parent = index === labels.length - 1 ? zeroHash : namehash(labels.slice(index + 1).join('.'))
    const child = labels.slice(index).join('.')
    const owner = await client.readContract({
      address: TEST_ENS.registry,
      abi: ENS_REGISTRY_ABI,
      functionName: 'owner',
      args: [namehash(child)],
    })
    if (isAddressEqual(owner, ENS_DEPLOYER_ADDRESS)) continue
    if (!isAddressEqual(owner, '0x0000000000000000000000000000000000000000')) {
      throw new Error(`${child} belongs to ${owner}, not to the ENS deployer: it cannot be changed here.`)
    }
    calls.push(
      registryCall(
        'setSubnodeOwner',
        [parent, labelhash(labels[index] ?? ''), ENS_DEPLOYER_ADDRESS],
        `create ${child}`,
      ),
    )
  }
  await sendAll(client, rpcUrl, calls, timeoutMs)
}

async function useDeployer(rpcUrl: string): Promise<void> {
  await rpc(rpcUrl, 'anvil_impersonateAccount', [ENS_DEPLOYER_ADDRESS])
  const balance = BigInt(await rpc<Hex>(rpcUrl, 'eth_getBalance', [ENS_DEPLOYER_ADDRESS, 'latest']))
  if (balance < parseEther('10'))
    await rpc(rpcUrl, 'anvil_setBalance', [ENS_DEPLOYER_ADDRESS, toHex(parseEther('100'))])
}

/** Sends the transactions in order from the deployer, then waits for every receipt. */
async function sendAll(
  client: PublicClient,
  rpcUrl: string,
  transactions: readonly Transaction[],
  timeoutMs = 30_000,
): Promise<void> {
  const hashes: Hash[] = []
  for (const { to, data } of transactions) {
    const request = to ? { from: ENS_DEPLOYER_ADDRESS, to, data } : { from: ENS_DEPLOYER_ADDRESS, data }
    hashes.push(await rpc<Hash>(rpcUrl, 'eth_sendTransaction', [request]))
  }
  const receipts = await Promise.all(
    hashes.map((hash) => client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 25 })),
  )
  receipts.forEach((receipt, index) => {
    if (receipt.status !== 'success') {
      throw new Error(
        `The transaction to ${transactions[index]?.label} reverted (${receipt.transactionHash}).`,
      )
    }
  })
}

function createClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl), pollingInterval: 25 })
}

function timeout(options: EnsChainOptions): { timeoutMs?: number } {
  return options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }
}
