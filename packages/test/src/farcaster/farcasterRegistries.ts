/**
 * The Farcaster registries Sign In With Farcaster reads, on a local anvil chain: minimal ID and key
 * registries of our own (`TestIdRegistry.sol`, `TestKeyRegistry.sol`; the real ones' artifacts are
 * not on npm) placed at the real Optimism addresses, so a server reads them exactly as it reads
 * Optimism, only through another RPC URL.
 */
import { type Address, encodeAbiParameters, encodeFunctionData, type Hex, parseAbi } from 'viem'
import { rpc } from '../anvil.js'
import { compileTestContracts } from '../contracts/compileTestContracts.js'

/** The IdRegistry's address on Optimism, where the local copy is placed too. */
export const FARCASTER_ID_REGISTRY_ADDRESS: Address = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** The KeyRegistry's address on Optimism, where the local copy is placed too. */
export const FARCASTER_KEY_REGISTRY_ADDRESS: Address = '0x00000000Fc1237824fb747aBDE0FF18990E59b7e'

export const TEST_ID_REGISTRY_ABI = parseAbi([
  'function register(address to) returns (uint256 fid)',
  'function transfer(address to)',
  'function idOf(address owner) view returns (uint256)',
  'function custodyOf(uint256 fid) view returns (address)',
  'function idCounter() view returns (uint256)',
])

export const TEST_KEY_REGISTRY_ABI = parseAbi([
  'function add(uint256 fid, uint32 keyType, bytes key)',
  'function remove(uint256 fid, bytes key)',
])

/**
 * Places the ID and key registries at their Optimism addresses on an anvil chain (idempotent: the
 * code is set again, the registered fids stay).
 * @example
 * await deployFarcasterRegistries(anvil.rpcUrl)
 */
export async function deployFarcasterRegistries(rpcUrl: string): Promise<void> {
  const { TestIdRegistry, TestKeyRegistry } = await compileTestContracts()
  await rpc(rpcUrl, 'anvil_setCode', [FARCASTER_ID_REGISTRY_ADDRESS, TestIdRegistry.deployedBytecode])
  await rpc(rpcUrl, 'anvil_setCode', [FARCASTER_KEY_REGISTRY_ADDRESS, TestKeyRegistry.deployedBytecode])
}

/** Sends a transaction as `from` through anvil's impersonation (no key needed) and waits for it. */
async function sendAs(rpcUrl: string, from: Address, to: Address, data: Hex): Promise<void> {
  await rpc(rpcUrl, 'anvil_setBalance', [from, '0x8ac7230489e80000'])
  await rpc(rpcUrl, 'anvil_impersonateAccount', [from])
  try {
    const hash = await rpc<Hex>(rpcUrl, 'eth_sendTransaction', [{ from, to, data }])
    // anvil mines at once unless it was started with a block time: poll briefly for the receipt.
    for (let attempt = 0; attempt < 200; attempt++) {
      const receipt = await rpc<{ status: Hex } | null>(rpcUrl, 'eth_getTransactionReceipt', [hash])
      if (receipt) {
        if (receipt.status !== '0x1') throw new Error(`The registry transaction ${hash} reverted.`)
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    throw new Error(`The registry transaction ${hash} was not mined.`)
  } finally {
    await rpc(rpcUrl, 'anvil_stopImpersonatingAccount', [from])
  }
}

/**
 * Registers `custody` in the local ID registry and returns its new fid (or the fid it already has).
 * @example
 * const fid = await registerFid(anvil.rpcUrl, custody.address)
 */
export async function registerFid(rpcUrl: string, custody: Address): Promise<bigint> {
  const read = async () =>
    BigInt(
      await rpc<Hex>(rpcUrl, 'eth_call', [
        {
          to: FARCASTER_ID_REGISTRY_ADDRESS,
          data: encodeFunctionData({ abi: TEST_ID_REGISTRY_ABI, functionName: 'idOf', args: [custody] }),
        },
        'latest',
      ]),
    )
  const existing = await read()
  if (existing !== 0n) return existing
  await sendAs(
    rpcUrl,
    custody,
    FARCASTER_ID_REGISTRY_ADDRESS,
    encodeFunctionData({ abi: TEST_ID_REGISTRY_ABI, functionName: 'register', args: [custody] }),
  )
  return read()
}

/**
 * Adds `authAddress` as an auth address (key type 2) of `fid`, sent by the fid's custody address.
 * @example
 * await addAuthAddress(anvil.rpcUrl, { fid, custody: custody.address, authAddress: app.address })
 */
export async function addAuthAddress(
  rpcUrl: string,
  { fid, custody, authAddress }: { fid: bigint; custody: Address; authAddress: Address },
): Promise<void> {
  const key = encodeAbiParameters([{ type: 'address' }], [authAddress])
  await sendAs(
    rpcUrl,
    custody,
    FARCASTER_KEY_REGISTRY_ADDRESS,
    encodeFunctionData({ abi: TEST_KEY_REGISTRY_ABI, functionName: 'add', args: [fid, 2, key] }),
  )
}
