import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  erc20Abi,
  getAddress,
  http,
  type PublicClient,
  parseAbi,
  parseEventLogs,
} from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ADDRESSES, ANVIL_INITIAL_BALANCE } from '../accounts.js'
import { type AnvilInstance, rpc, startAnvil } from '../anvil.js'
import { type CompiledTestContracts, compileTestContracts } from './compileTestContracts.js'
import {
  create2Address,
  deployTestNft,
  deployTestTokens,
  nftInitCode,
  tokenInitCode,
} from './deployTestContracts.js'
import { MULTICALL3_ADDRESS, TEST_NFT, TEST_TOKENS } from './testTokens.js'

const token = (key: string) => TEST_TOKENS.find((entry) => entry.key === key)!

describe('compileTestContracts', () => {
  it('puts every contract at the address its constant names (update testTokens.ts if this fails)', {
    timeout: 60_000,
  }, async () => {
    const compiled = await compileTestContracts()
    const expected = Object.fromEntries(TEST_TOKENS.map(({ key, address }) => [key, address]))
    const actual = Object.fromEntries(
      TEST_TOKENS.map((entry) => [entry.key, create2Address(entry.salt, tokenInitCode(compiled, entry))]),
    )
    expect(actual).toEqual(expected)
    expect(create2Address(TEST_NFT.salt, nftInitCode(compiled))).toBe(TEST_NFT.address)
  })

  it('compiles again when the cached output is corrupt', { timeout: 60_000 }, async () => {
    const first = mkdtempSync(join(tmpdir(), 'portico-contracts-'))
    const second = mkdtempSync(join(tmpdir(), 'portico-contracts-'))
    try {
      const compiled = await compileTestContracts({ cacheDir: first })
      const [file] = readdirSync(first)
      expect(file).toMatch(/^[0-9a-f]{64}\.json$/)
      writeFileSync(join(second, file!), '{"TestToken": {"abi": [], "bytecode": "0x6')
      const again = await compileTestContracts({ cacheDir: second })
      expect(again.TestToken.bytecode).toBe(compiled.TestToken.bytecode)
      const rewritten = JSON.parse(readFileSync(join(second, file!), 'utf8')) as CompiledTestContracts
      expect(rewritten.TetherStyleToken.deployedBytecode).toBe(compiled.TetherStyleToken.deployedBytecode)
    } finally {
      rmSync(first, { recursive: true, force: true })
      rmSync(second, { recursive: true, force: true })
    }
  })
})

describe('deployTestTokens', () => {
  let anvil: AnvilInstance
  let client: PublicClient
  const balanceOf = (address: Address, holder: Address) =>
    client.readContract({ address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] })

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_411 })
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    await deployTestTokens({ rpcUrl: anvil.rpcUrl })
  }, 60_000)
  afterAll(() => anvil?.stop())

  it('deploys each token at its constant address with its name, symbol and decimals', async () => {
    for (const entry of TEST_TOKENS) {
      const [name, symbol, decimals] = await Promise.all([
        client.readContract({ address: entry.address, abi: erc20Abi, functionName: 'name' }),
        client.readContract({ address: entry.address, abi: erc20Abi, functionName: 'symbol' }),
        client.readContract({ address: entry.address, abi: erc20Abi, functionName: 'decimals' }),
      ])
      expect({ name, symbol, decimals }).toEqual({
        name: entry.name,
        symbol: entry.symbol,
        decimals: entry.decimals,
      })
    }
  })

  it('mints the default amounts to anvil accounts 0 to 4', async () => {
    for (const holder of ANVIL_ADDRESSES) {
      expect(await balanceOf(token('PUSD').address, holder)).toBe(1_000_000_000_000n)
      expect(await balanceOf(token('PTK').address, holder)).toBe(1_000n * 10n ** 18n)
      expect(await balanceOf(token('USDT').address, holder)).toBe(500_000_000_000n)
      expect(await balanceOf(token('ZERO').address, holder)).toBe(10n)
    }
  })

  it("leaves the wallets' ETH untouched: the deployer account pays for everything", async () => {
    for (const holder of ANVIL_ADDRESSES)
      expect(await client.getBalance({ address: holder })).toBe(ANVIL_INITIAL_BALANCE)
  })

  it('changes nothing when run again on the same chain', async () => {
    const blockBefore = await client.getBlockNumber()
    const tokens = await deployTestTokens({ rpcUrl: anvil.rpcUrl })
    expect(tokens.map(({ address }) => address)).toEqual(TEST_TOKENS.map(({ address }) => address))
    expect(await client.getBlockNumber()).toBe(blockBefore)
    expect(await balanceOf(token('PUSD').address, ANVIL_ADDRESSES[2]!)).toBe(1_000_000_000_000n)
  })

  it('tops given holders up to the given amounts only', async () => {
    const holder = getAddress('0x00000000000000000000000000000000000a11ce')
    await deployTestTokens({ rpcUrl: anvil.rpcUrl, holders: [{ address: holder, amounts: { USDT: 7n } }] })
    await deployTestTokens({ rpcUrl: anvil.rpcUrl, holders: [{ address: holder, amounts: { USDT: 9n } }] })
    expect(await balanceOf(token('USDT').address, holder)).toBe(9n)
    expect(await balanceOf(token('PUSD').address, holder)).toBe(0n)
  })

  it('answers a Tether-style transfer with no data and a standard one with true', async () => {
    const from = ANVIL_ADDRESSES[0]!
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [ANVIL_ADDRESSES[1]!, 5n],
    })
    const tether = await rpc(anvil.rpcUrl, 'eth_call', [{ from, to: token('USDT').address, data }, 'latest'])
    const standard = await rpc(anvil.rpcUrl, 'eth_call', [
      { from, to: token('PUSD').address, data },
      'latest',
    ])
    expect(tether).toBe('0x')
    expect(standard).toBe(`0x${'1'.padStart(64, '0')}`)
  })

  it('reverts a transfer of more than the sender holds, for both kinds of token', async () => {
    const from = ANVIL_ADDRESSES[0]!
    const data = encodeFunctionData({
      abi: erc20Abi,
      functionName: 'transfer',
      args: [ANVIL_ADDRESSES[1]!, 10n ** 30n],
    })
    for (const key of ['USDT', 'PUSD']) {
      await expect(
        rpc(anvil.rpcUrl, 'eth_call', [{ from, to: token(key).address, data }, 'latest']),
      ).rejects.toThrow(/balance too low/)
    }
  })

  it('answers viem multicall through the contract at the Multicall3 address', async () => {
    const holder = ANVIL_ADDRESSES[3]!
    const multicallAbi = parseAbi(['function getEthBalance(address) view returns (uint256)'])
    const results = await client.multicall({
      multicallAddress: MULTICALL3_ADDRESS,
      contracts: [
        { address: token('PTK').address, abi: erc20Abi, functionName: 'balanceOf', args: [holder] },
        { address: MULTICALL3_ADDRESS, abi: multicallAbi, functionName: 'getEthBalance', args: [holder] },
        // No contract here: the call fails without failing the others.
        {
          address: getAddress('0x000000000000000000000000000000000000dead'),
          abi: erc20Abi,
          functionName: 'decimals',
        },
      ],
    })
    expect(results[0]).toEqual({ status: 'success', result: 1_000n * 10n ** 18n })
    expect(results[1]).toEqual({ status: 'success', result: await client.getBalance({ address: holder }) })
    expect(results[2]?.status).toBe('failure')
  })
})

describe('deployTestNft', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_412 })
  })
  afterAll(() => anvil?.stop())

  it('mints ids whose Transfer events carry the token id as a topic', async () => {
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    const owner = ANVIL_ADDRESSES[1]!
    const nft = await deployTestNft({ rpcUrl: anvil.rpcUrl, mints: [{ to: owner, tokenId: 42n }] })
    expect(nft.address).toBe(TEST_NFT.address)
    const abi = parseAbi([
      'function ownerOf(uint256) view returns (address)',
      'event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)',
    ])
    expect(
      await client.readContract({ address: nft.address, abi, functionName: 'ownerOf', args: [42n] }),
    ).toBe(owner)
    const logs = await client.getLogs({ address: nft.address, fromBlock: 0n })
    const [transfer] = parseEventLogs({ abi, logs, eventName: 'Transfer' })
    expect(transfer?.topics).toHaveLength(4)
    expect(transfer?.args.tokenId).toBe(42n)
    await expect(
      deployTestNft({ rpcUrl: anvil.rpcUrl, mints: [{ to: ANVIL_ADDRESSES[2]!, tokenId: 42n }] }),
    ).rejects.toThrow(/already belongs to/)
  })
})
