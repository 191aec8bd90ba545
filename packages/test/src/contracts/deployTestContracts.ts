import {
  type Address,
  concat,
  createPublicClient,
  encodeDeployData,
  encodeFunctionData,
  getContractAddress,
  type Hash,
  type Hex,
  http,
  isAddressEqual,
  type PublicClient,
  parseAbi,
} from 'viem'
import { ANVIL_ADDRESSES } from '../accounts.js'
import { rpc } from '../anvil.js'
import {
  type CompiledContract,
  type CompiledTestContracts,
  compileTestContracts,
} from './compileTestContracts.js'
import {
  CREATE2_DEPLOYER_ADDRESS,
  MULTICALL3_ADDRESS,
  TEST_NFT,
  TEST_TOKENS,
  type TestTokenInfo,
  type TestTokenKey,
} from './testTokens.js'

const tokenAbi = parseAbi([
  'function balanceOf(address owner) view returns (uint256)',
  'function mint(address to, uint256 value)',
])
const nftAbi = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function mint(address to, uint256 tokenId)',
])

export interface TestTokenHolder {
  address: Address
  /** Base units per token; a token left out is not minted to this holder. */
  amounts: Partial<Record<TestTokenKey, bigint>>
}

export interface DeployTestTokensOptions {
  rpcUrl: string
  /** Defaults to `DEFAULT_TEST_TOKEN_HOLDERS`. Pass `[]` to mint nothing. */
  holders?: readonly TestTokenHolder[]
  /** Per transaction. Defaults to 30 s. */
  timeoutMs?: number
}

const DEFAULT_AMOUNTS: Record<TestTokenKey, bigint> = {
  PUSD: 1_000_000n * 10n ** 6n,
  PTK: 1_000n * 10n ** 18n,
  USDT: 500_000n * 10n ** 6n,
  ZERO: 10n,
}

/** Anvil accounts 0–4, each with 1,000,000 PUSD, 1,000 PTK, 500,000 USDT and 10 ZERO. */
export const DEFAULT_TEST_TOKEN_HOLDERS: readonly TestTokenHolder[] = ANVIL_ADDRESSES.map((address) => ({
  address,
  amounts: DEFAULT_AMOUNTS,
}))

/**
 * Installs `TestMulticall` at the Multicall3 address, deploys the test tokens at their `TEST_TOKENS`
 * addresses and tops each holder's balance up to the given amount. Safe to run again on the same
 * chain: code already in place is kept and a holder who already has the amount gets nothing.
 * Needs an anvil node (its `anvil_setCode` and its unlocked account 9, which sends the transactions).
 * @example
 * const anvil = await startAnvil({ chainId: 31337 })
 * const tokens = await deployTestTokens({ rpcUrl: anvil.rpcUrl })
 */
export async function deployTestTokens(options: DeployTestTokensOptions): Promise<readonly TestTokenInfo[]> {
  const { rpcUrl, holders = DEFAULT_TEST_TOKEN_HOLDERS, timeoutMs = 30_000 } = options
  const client = createClient(rpcUrl)
  const compiled = await compileTestContracts()
  await requireDeployer(client)

  const multicallCode = await client.getCode({ address: MULTICALL3_ADDRESS })
  if (!multicallCode || multicallCode === '0x') {
    await rpc(rpcUrl, 'anvil_setCode', [MULTICALL3_ADDRESS, compiled.TestMulticall.deployedBytecode])
  }

  await deployAll(
    client,
    rpcUrl,
    TEST_TOKENS.map((token) => ({
      address: token.address,
      salt: token.salt,
      initCode: tokenInitCode(compiled, token),
      label: token.key,
    })),
    timeoutMs,
  )

  const mints: { to: Address; data: Hex; label: string }[] = []
  const wanted = holders.flatMap((holder) =>
    TEST_TOKENS.flatMap((token) => {
      const amount = holder.amounts[token.key]
      return amount === undefined || amount <= 0n ? [] : [{ holder: holder.address, token, amount }]
    }),
  )
  const balances = await Promise.all(
    wanted.map(({ holder, token }) =>
      client.readContract({
        address: token.address,
        abi: tokenAbi,
        functionName: 'balanceOf',
        args: [holder],
      }),
    ),
  )
  wanted.forEach(({ holder, token, amount }, index) => {
    const missing = amount - (balances[index] ?? 0n)
    if (missing <= 0n) return
    mints.push({
      to: token.address,
      data: encodeFunctionData({ abi: tokenAbi, functionName: 'mint', args: [holder, missing] }),
      label: `mint ${token.key} to ${holder}`,
    })
  })
  await sendAll(client, rpcUrl, mints, timeoutMs)
  return TEST_TOKENS
}

export interface DeployTestNftOptions {
  rpcUrl: string
  /** Token ids to mint; an id that already belongs to `to` is skipped. */
  mints?: readonly { to: Address; tokenId: bigint }[]
  /** Per transaction. Defaults to 30 s. */
  timeoutMs?: number
}

/**
 * Deploys `TestNft` at `TEST_NFT.address` (kept if already there) and mints the given ids.
 * @example
 * const nft = await deployTestNft({ rpcUrl, mints: [{ to: ANVIL_ADDRESSES[0], tokenId: 1n }] })
 */
export async function deployTestNft(options: DeployTestNftOptions): Promise<typeof TEST_NFT> {
  const { rpcUrl, mints = [], timeoutMs = 30_000 } = options
  const client = createClient(rpcUrl)
  const compiled = await compileTestContracts()
  await requireDeployer(client)
  await deployAll(
    client,
    rpcUrl,
    [{ address: TEST_NFT.address, salt: TEST_NFT.salt, initCode: nftInitCode(compiled), label: 'TestNft' }],
    timeoutMs,
  )
  const owners = await Promise.all(
    mints.map(({ tokenId }) =>
      client.readContract({
        address: TEST_NFT.address,
        abi: nftAbi,
        functionName: 'ownerOf',
        args: [tokenId],
      }),
    ),
  )
  const transactions: { to: Address; data: Hex; label: string }[] = []
  mints.forEach(({ to, tokenId }, index) => {
    const owner = owners[index] ?? ZERO_ADDRESS
    if (isAddressEqual(owner, to)) return
    if (!isAddressEqual(owner, ZERO_ADDRESS)) {
      throw new Error(`Test NFT #${tokenId} already belongs to ${owner}, not ${to}.`)
    }
    transactions.push({
      to: TEST_NFT.address,
      data: encodeFunctionData({ abi: nftAbi, functionName: 'mint', args: [to, tokenId] }),
      label: `mint NFT #${tokenId} to ${to}`,
    })
  })
  await sendAll(client, rpcUrl, transactions, timeoutMs)
  return TEST_NFT
}

/** The CREATE2 init code (creation code and constructor arguments) of one test token. */
export function tokenInitCode(compiled: CompiledTestContracts, token: TestTokenInfo): Hex {
  const contract: CompiledContract = token.tetherStyle ? compiled.TetherStyleToken : compiled.TestToken
  return encodeDeployData({
    abi: contract.abi,
    bytecode: contract.bytecode,
    args: [token.name, token.symbol, token.decimals],
  })
}

/** The CREATE2 init code of the test NFT collection. */
export function nftInitCode(compiled: CompiledTestContracts): Hex {
  return encodeDeployData({
    abi: compiled.TestNft.abi,
    bytecode: compiled.TestNft.bytecode,
    args: [TEST_NFT.name, TEST_NFT.symbol],
  })
}

/** Where the CREATE2 deployer puts `initCode` with `salt`. */
export function create2Address(salt: Hex, initCode: Hex): Address {
  return getContractAddress({ from: CREATE2_DEPLOYER_ADDRESS, salt, bytecode: initCode, opcode: 'CREATE2' })
}

const ZERO_ADDRESS: Address = '0x0000000000000000000000000000000000000000'

function createClient(rpcUrl: string): PublicClient {
  return createPublicClient({ transport: http(rpcUrl, { batch: true }), pollingInterval: 25 })
}

async function requireDeployer(client: PublicClient): Promise<void> {
  const code = await client.getCode({ address: CREATE2_DEPLOYER_ADDRESS })
  if (!code || code === '0x') {
    throw new Error(
      `The chain has no CREATE2 deployer at ${CREATE2_DEPLOYER_ADDRESS}; anvil has one from genesis.`,
    )
  }
}

interface Deployment {
  address: Address
  salt: Hex
  initCode: Hex
  label: string
}

async function deployAll(
  client: PublicClient,
  rpcUrl: string,
  deployments: readonly Deployment[],
  timeoutMs: number,
): Promise<void> {
  for (const deployment of deployments) {
    const computed = create2Address(deployment.salt, deployment.initCode)
    if (!isAddressEqual(computed, deployment.address)) {
      throw new Error(
        `The ${deployment.label} contract now deploys to ${computed}, not ${deployment.address}: ` +
          'update the address in packages/test/src/contracts/testTokens.ts.',
      )
    }
  }
  const codes = await Promise.all(deployments.map(({ address }) => client.getCode({ address })))
  const missing = deployments.filter((_, index) => {
    const code = codes[index]
    return !code || code === '0x'
  })
  await sendAll(
    client,
    rpcUrl,
    missing.map(({ salt, initCode, label }) => ({
      to: CREATE2_DEPLOYER_ADDRESS,
      data: concat([salt, initCode]),
      label: `deploy ${label}`,
    })),
    timeoutMs,
  )
  const after = await Promise.all(missing.map(({ address }) => client.getCode({ address })))
  missing.forEach(({ address, label }, index) => {
    const code = after[index]
    if (!code || code === '0x') throw new Error(`Deploying ${label} left no code at ${address}.`)
  })
}

/**
 * Anvil's unlocked account 9 pays for deployments and mints: the wallets in tests and the demo use
 * accounts 0–4, whose ETH balances must stay exactly what tests expect.
 */
export const TEST_DEPLOYER_ADDRESS: Address = '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720'

/** Sends the transactions from the deployer account in order, then waits for every receipt. */
async function sendAll(
  client: PublicClient,
  rpcUrl: string,
  transactions: readonly { to: Address; data: Hex; label: string }[],
  timeoutMs: number,
): Promise<void> {
  const from = TEST_DEPLOYER_ADDRESS
  const hashes: Hash[] = []
  // One at a time: the node assigns the nonces in the order it receives them.
  for (const { to, data } of transactions) {
    hashes.push(await rpc<Hash>(rpcUrl, 'eth_sendTransaction', [{ from, to, data }]))
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

/** The NFT collections of `deployTestCollectibles`, at addresses fixed by their code. */
export interface TestCollectibles {
  /** An ERC-721 whose tokens carry their own metadata URI (`TestUriNft`). */
  uriNft: Address
  /** An ERC-1155 (`TestMultiToken`). */
  multiToken: Address
  /** A second `TestUriNft`, for a spam collection that airdrops to anyone. */
  spamNft: Address
}

const COLLECTIBLES_SALT = {
  uriNft: '0x706f727469636f2e746573742e5572694e465400000000000000000000000000',
  multiToken: '0x706f727469636f2e746573742e4d756c7469546f6b656e000000000000000000',
  spamNft: '0x706f727469636f2e746573742e5370616d4e4654000000000000000000000000',
} as const satisfies Record<keyof TestCollectibles, Hex>

const uriNftAbi = parseAbi([
  'function mint(address to, uint256 tokenId, string uri)',
  'function airdrop(address to, uint256 tokenId, string uri)',
  'function transferFrom(address from, address to, uint256 tokenId)',
])
const multiTokenAbi = parseAbi([
  'function setURI(string uri)',
  'function mint(address to, uint256 id, uint256 value)',
  'function mintBatch(address to, uint256[] ids, uint256[] values)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
])
/** ABIs of the calls tests make on `TestCollectibles`. */
export const TEST_COLLECTIBLES_ABI = { uriNft: uriNftAbi, multiToken: multiTokenAbi } as const

function collectiblesInitCode(compiled: CompiledTestContracts): Record<keyof TestCollectibles, Hex> {
  return {
    uriNft: encodeDeployData({
      abi: compiled.TestUriNft.abi,
      bytecode: compiled.TestUriNft.bytecode,
      args: ['Portico Test Collectibles', 'PTC'],
    }),
    multiToken: encodeDeployData({
      abi: compiled.TestMultiToken.abi,
      bytecode: compiled.TestMultiToken.bytecode,
      args: [''],
    }),
    spamNft: encodeDeployData({
      abi: compiled.TestUriNft.abi,
      bytecode: compiled.TestUriNft.bytecode,
      args: ['Free Claim Rewards', 'SPAM'],
    }),
  }
}

/**
 * Deploys an ERC-721 with per-token URIs, an ERC-1155 and a spam ERC-721 (each kept if already
 * there) and sets the ERC-1155's URI (`{id}` is replaced by clients). Mints nothing: tests mint
 * what they need with `TEST_COLLECTIBLES_ABI`.
 * @example
 * const { uriNft, multiToken } = await deployTestCollectibles({ rpcUrl, multiTokenUri: 'http://127.0.0.1:8080/{id}.json' })
 */
export async function deployTestCollectibles(options: {
  rpcUrl: string
  /** The ERC-1155's metadata URI; left as it is when omitted. */
  multiTokenUri?: string
  timeoutMs?: number
}): Promise<TestCollectibles> {
  const { rpcUrl, timeoutMs = 30_000 } = options
  const client = createClient(rpcUrl)
  const compiled = await compileTestContracts()
  await requireDeployer(client)
  const initCodes = collectiblesInitCode(compiled)
  const keys = ['uriNft', 'multiToken', 'spamNft'] as const
  const addresses = Object.fromEntries(
    keys.map((key) => [key, create2Address(COLLECTIBLES_SALT[key], initCodes[key])]),
  ) as unknown as TestCollectibles
  await deployAll(
    client,
    rpcUrl,
    keys.map((key) => ({
      address: addresses[key],
      salt: COLLECTIBLES_SALT[key],
      initCode: initCodes[key],
      label: key,
    })),
    timeoutMs,
  )
  if (options.multiTokenUri !== undefined) {
    await sendAll(
      client,
      rpcUrl,
      [
        {
          to: addresses.multiToken,
          data: encodeFunctionData({
            abi: multiTokenAbi,
            functionName: 'setURI',
            args: [options.multiTokenUri],
          }),
          label: 'set the ERC-1155 URI',
        },
      ],
      timeoutMs,
    )
  }
  return addresses
}

/**
 * Sends calls to the collectibles from the deployer account (it pays for them and never holds
 * NFTs), waiting for each to be mined.
 * @example
 * await sendCollectiblesCalls(rpcUrl, [{ to: uriNft, data: encodeFunctionData({ abi: TEST_COLLECTIBLES_ABI.uriNft, functionName: 'mint', args }) }])
 */
export async function sendCollectiblesCalls(
  rpcUrl: string,
  calls: readonly { to: Address; data: Hex }[],
  timeoutMs = 30_000,
): Promise<void> {
  await sendAll(
    createClient(rpcUrl),
    rpcUrl,
    calls.map((call, index) => ({ ...call, label: `collectibles call ${index}` })),
    timeoutMs,
  )
}
