import {
  type Address,
  decodeFunctionData,
  encodeFunctionData,
  type Hex,
  type LocalAccount,
  type PublicClient,
  parseAbi,
  type TypedData,
  type TypedDataDefinition,
} from 'viem'
import {
  entryPoint08Abi,
  getUserOperationTypedData,
  type SmartAccount,
  toSmartAccount,
} from 'viem/account-abstraction'
import { readContract } from 'viem/actions'
import { ENTRY_POINT_08_ADDRESS, SIMPLE_ACCOUNT_FACTORY_08_ADDRESS } from './deployAccountAbstraction.js'

const STUB_SIGNATURE: Hex =
  '0xfffffffffffffffffffffffffffffff0000000000000000000000000000000007aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa1c'

/** `SimpleAccount` v0.8's calls (its `BaseAccount`), the same as `Simple7702Account`'s. */
export const SIMPLE_ACCOUNT_08_ABI = parseAbi([
  'struct Call { address target; uint256 value; bytes data; }',
  'function execute(address target, uint256 value, bytes data)',
  'function executeBatch(Call[] calls)',
  'function owner() view returns (address)',
])

/** `SimpleAccountFactory` v0.8: the address is computed on chain; creating goes through the EntryPoint. */
export const SIMPLE_ACCOUNT_FACTORY_08_ABI = parseAbi([
  'function createAccount(address owner, uint256 salt) returns (address)',
  'function getAddress(address owner, uint256 salt) view returns (address)',
])

export interface ToTestSimpleSmartAccountParameters {
  /** A client of the chain (reads the counterfactual address from the factory). */
  client: PublicClient
  owner: LocalAccount
  /** With `owner`, picks the account. Defaults to 0. */
  salt?: bigint
  factory?: Address
}

/**
 * A viem smart account over `SimpleAccount` v0.8 (`@account-abstraction/contracts`), deployed by
 * its first user operation through `SimpleAccountFactory`. viem ships no SimpleAccount of its own;
 * this one is for tests: the owner signs the v0.8 user operation hash (EIP-712), as the contract checks.
 * @example
 * const account = await toTestSimpleSmartAccount({ client, owner: privateKeyToAccount(key) })
 * await bundler.sendUserOperation({ account, calls: [{ to, value }] })
 */
export async function toTestSimpleSmartAccount(
  parameters: ToTestSimpleSmartAccountParameters,
): Promise<SmartAccount> {
  const { client, owner, salt = 0n, factory = SIMPLE_ACCOUNT_FACTORY_08_ADDRESS } = parameters
  const entryPoint = { abi: entryPoint08Abi, address: ENTRY_POINT_08_ADDRESS, version: '0.8' } as const
  let address: Address | undefined
  const account = await toSmartAccount({
    client,
    entryPoint,
    async decodeCalls(data: Hex) {
      const decoded = decodeFunctionData({ abi: SIMPLE_ACCOUNT_08_ABI, data })
      if (decoded.functionName === 'execute') {
        const [to, value, callData] = decoded.args
        return [{ to, value, data: callData }]
      }
      if (decoded.functionName === 'executeBatch')
        return decoded.args[0].map((call) => ({ to: call.target, value: call.value, data: call.data }))
      throw new Error(`A SimpleAccount call cannot be ${decoded.functionName}.`)
    },
    async encodeCalls(calls) {
      const [only] = calls
      if (calls.length === 1 && only)
        return encodeFunctionData({
          abi: SIMPLE_ACCOUNT_08_ABI,
          functionName: 'execute',
          args: [only.to, only.value ?? 0n, only.data ?? '0x'],
        })
      return encodeFunctionData({
        abi: SIMPLE_ACCOUNT_08_ABI,
        functionName: 'executeBatch',
        args: [calls.map((call) => ({ target: call.to, value: call.value ?? 0n, data: call.data ?? '0x' }))],
      })
    },
    async getAddress() {
      address ??= await readContract(client, {
        address: factory,
        abi: SIMPLE_ACCOUNT_FACTORY_08_ABI,
        functionName: 'getAddress',
        args: [owner.address, salt],
      })
      return address
    },
    async getFactoryArgs() {
      return {
        factory,
        factoryData: encodeFunctionData({
          abi: SIMPLE_ACCOUNT_FACTORY_08_ABI,
          functionName: 'createAccount',
          args: [owner.address, salt],
        }),
      }
    },
    async getStubSignature() {
      // Recoverable (r below the curve order, low s): the account's check fails without reverting,
      // so gas estimation walks the real validation path.
      return STUB_SIGNATURE
    },
    async signMessage({ message }) {
      return owner.signMessage({ message })
    },
    async signTypedData(typedData) {
      return owner.signTypedData(typedData as TypedDataDefinition<TypedData, string>)
    },
    async signUserOperation(userOperation) {
      const { chainId = client.chain?.id, ...rest } = userOperation
      if (chainId === undefined)
        throw new Error('The client has no chain: pass chainId to sign a user operation.')
      const sender = await this.getAddress()
      return owner.signTypedData(
        getUserOperationTypedData({
          chainId,
          entryPointAddress: ENTRY_POINT_08_ADDRESS,
          userOperation: { ...rest, sender },
        }),
      )
    },
  })
  return account as unknown as SmartAccount
}
