import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  getContractAddress,
  hashMessage,
  http,
  type PublicClient,
  serializeErc6492Signature,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ANVIL_ADDRESSES, ANVIL_INITIAL_BALANCE, ANVIL_PRIVATE_KEYS } from '../accounts.js'
import { type AnvilInstance, revert, snapshot, startAnvil } from '../anvil.js'
import { compileTestContracts } from './compileTestContracts.js'
import {
  deploySmartWallet,
  deploySmartWalletFactory,
  getSmartWalletAddress,
  TEST_SMART_WALLET_ABI,
  TEST_SMART_WALLET_FACTORY,
  TEST_SMART_WALLET_FACTORY_ABI,
} from './deploySmartWallet.js'
import { CREATE2_DEPLOYER_ADDRESS } from './testTokens.js'

const MAGIC_VALUE = '0x1626ba7e'
const INVALID = '0xffffffff'
const owner = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const stranger = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])
const SALT_ONE = `0x${'01'.padStart(64, '0')}` as const

describe('smart wallet test contracts', () => {
  let anvil: AnvilInstance
  let client: PublicClient
  let clean: string
  const codeAt = async (address: Address) => (await client.getCode({ address })) ?? '0x'

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_413 })
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    clean = await snapshot(anvil.rpcUrl)
  }, 60_000)
  beforeEach(async () => {
    await revert(anvil.rpcUrl, clean)
    clean = await snapshot(anvil.rpcUrl)
  })
  afterAll(() => anvil?.stop())

  it('puts the factory at its constant address (update TEST_SMART_WALLET_FACTORY if this fails)', {
    timeout: 60_000,
  }, async () => {
    const { TestSmartWalletFactory } = await compileTestContracts()
    const computed = getContractAddress({
      from: CREATE2_DEPLOYER_ADDRESS,
      salt: TEST_SMART_WALLET_FACTORY.salt,
      bytecode: TestSmartWalletFactory.bytecode,
      opcode: 'CREATE2',
    })
    expect(computed).toBe(TEST_SMART_WALLET_FACTORY.address)
    expect(await codeAt(computed)).toBe('0x')
    expect(await deploySmartWalletFactory({ rpcUrl: anvil.rpcUrl })).toBe(TEST_SMART_WALLET_FACTORY.address)
    expect(await codeAt(computed)).toBe(TestSmartWalletFactory.deployedBytecode)
  })

  it('deploys the account at the address computed offline and by the factory, owned by the owner', async () => {
    const expected = await getSmartWalletAddress({ owner: owner.address, salt: SALT_ONE })
    expect(await codeAt(expected)).toBe('0x')
    const wallet = await deploySmartWallet({ rpcUrl: anvil.rpcUrl, owner: owner.address, salt: SALT_ONE })
    expect(wallet).toBe(expected)
    expect(await codeAt(wallet)).not.toBe('0x')
    const onChain = await client.readContract({
      address: TEST_SMART_WALLET_FACTORY.address,
      abi: TEST_SMART_WALLET_FACTORY_ABI,
      functionName: 'getAddress',
      args: [owner.address, SALT_ONE],
    })
    expect(onChain).toBe(expected)
    expect(
      await client.readContract({ address: wallet, abi: TEST_SMART_WALLET_ABI, functionName: 'owner' }),
    ).toBe(owner.address)
  })

  it('gives another salt or another owner another account', async () => {
    const first = await getSmartWalletAddress({ owner: owner.address })
    expect(await getSmartWalletAddress({ owner: owner.address, salt: SALT_ONE })).not.toBe(first)
    expect(await getSmartWalletAddress({ owner: stranger.address })).not.toBe(first)
  })

  it('sends nothing when the account is deployed again, and createAccount returns it without reverting', async () => {
    const wallet = await deploySmartWallet({ rpcUrl: anvil.rpcUrl, owner: owner.address })
    const blockBefore = await client.getBlockNumber()
    expect(await deploySmartWallet({ rpcUrl: anvil.rpcUrl, owner: owner.address })).toBe(wallet)
    expect(await client.getBlockNumber()).toBe(blockBefore)
    const { result } = await client.simulateContract({
      address: TEST_SMART_WALLET_FACTORY.address,
      abi: TEST_SMART_WALLET_FACTORY_ABI,
      functionName: 'createAccount',
      args: [owner.address, `0x${'0'.repeat(64)}`],
      account: stranger.address,
    })
    expect(result).toBe(wallet)
  })

  it("leaves the owner's ETH untouched: account 9 pays for the deployments", async () => {
    await deploySmartWallet({ rpcUrl: anvil.rpcUrl, owner: owner.address })
    expect(await client.getBalance({ address: owner.address })).toBe(ANVIL_INITIAL_BALANCE)
    expect(await client.getBalance({ address: ANVIL_ADDRESSES[1]! })).toBe(ANVIL_INITIAL_BALANCE)
  })

  it("answers ERC-1271 with the magic value only for its owner's 65-byte signature of the hash", async () => {
    const wallet = await deploySmartWallet({ rpcUrl: anvil.rpcUrl, owner: owner.address })
    const message = 'sign in to shop.example'
    const hash = hashMessage(message)
    const isValid = (signature: `0x${string}`) =>
      client.readContract({
        address: wallet,
        abi: TEST_SMART_WALLET_ABI,
        functionName: 'isValidSignature',
        args: [hash, signature],
      })
    const signed = await owner.signMessage({ message })
    expect(await isValid(signed)).toBe(MAGIC_VALUE)
    expect(await isValid(await stranger.signMessage({ message }))).toBe(INVALID)
    expect(await isValid(await owner.signMessage({ message: 'another message' }))).toBe(INVALID)
    expect(await isValid(signed.slice(0, 130) as `0x${string}`)).toBe(INVALID)
    expect(await isValid(`0x${'00'.repeat(65)}`)).toBe(INVALID)
  })

  it('lets a counterfactual account sign with an ERC-6492 wrapper around the factory call', async () => {
    await deploySmartWalletFactory({ rpcUrl: anvil.rpcUrl })
    const account = await getSmartWalletAddress({ owner: owner.address, salt: SALT_ONE })
    const message = 'sign in before the account exists'
    const wrap = async (signer: typeof owner) =>
      serializeErc6492Signature({
        address: TEST_SMART_WALLET_FACTORY.address,
        data: encodeFunctionData({
          abi: TEST_SMART_WALLET_FACTORY_ABI,
          functionName: 'createAccount',
          args: [owner.address, SALT_ONE],
        }),
        signature: await signer.signMessage({ message }),
      })
    expect(await client.verifyMessage({ address: account, message, signature: await wrap(owner) })).toBe(true)
    expect(await client.verifyMessage({ address: account, message, signature: await wrap(stranger) })).toBe(
      false,
    )
    // Verification simulates the deployment; nothing is written to the chain.
    expect(await codeAt(account)).toBe('0x')
  })
})
