import { type Address, encodeDeployData, encodeFunctionData, getContractAddress } from 'viem'
import { rpc } from '../anvil.js'
import { compileTestContracts } from '../contracts/compileTestContracts.js'
import { TEST_DEPLOYER_ADDRESS } from '../contracts/deployTestContracts.js'
import { createClient, sendAll } from './deploySwapContracts.js'
import { TEST_PRICE_FEED_ABI } from './swapAbis.js'

export interface DeployPriceFeedOptions {
  /** Decimals of the answer: Chainlink's USD feeds use 8. */
  decimals?: number
  /** Such as "ETH / USD". */
  description: string
  /** The first answer, in units of `decimals`; reported at the block's time. */
  answer: bigint
  /** An unlocked account of the node. Defaults to the test deployer (anvil's account 9). */
  from?: Address
  /** Per transaction. Defaults to 30 s. */
  timeoutMs?: number
}

/**
 * Deploys a `TestPriceFeed` (AggregatorV3Interface) with a first answer. Each call deploys a new
 * feed at the deployer's next nonce.
 * @example
 * const feed = await deployPriceFeed(rpcUrl, { description: 'ETH / USD', answer: 3_100n * 10n ** 8n })
 */
export async function deployPriceFeed(rpcUrl: string, options: DeployPriceFeedOptions): Promise<Address> {
  const { decimals = 8, description, answer, from = TEST_DEPLOYER_ADDRESS, timeoutMs = 30_000 } = options
  const { TestPriceFeed } = await compileTestContracts()
  const client = createClient(rpcUrl)
  const nonce = await client.getTransactionCount({ address: from, blockTag: 'pending' })
  const data = encodeDeployData({
    abi: TestPriceFeed.abi,
    bytecode: TestPriceFeed.bytecode,
    args: [decimals, description, answer],
  })
  const hash = await rpc<`0x${string}`>(rpcUrl, 'eth_sendTransaction', [{ from, data }])
  const receipt = await client.waitForTransactionReceipt({ hash, timeout: timeoutMs, pollingInterval: 25 })
  if (receipt.status !== 'success') throw new Error(`Deploying the ${description} feed reverted (${hash}).`)
  return getContractAddress({ from, nonce: BigInt(nonce) })
}

/**
 * Starts a new round of a `TestPriceFeed`: `answer` reported at `updatedAt` (unix seconds), which
 * may be long past (a stale feed) and `answer` zero or below (a broken one).
 * @example
 * await setPriceFeedAnswer(rpcUrl, feed, { answer: 0n, updatedAt: BigInt(Math.floor(Date.now() / 1000)) })
 */
export async function setPriceFeedAnswer(
  rpcUrl: string,
  feed: Address,
  round: { answer: bigint; updatedAt: bigint; from?: Address; timeoutMs?: number },
): Promise<void> {
  const from = round.from ?? TEST_DEPLOYER_ADDRESS
  await sendAll(
    createClient(rpcUrl),
    rpcUrl,
    from,
    [
      {
        to: feed,
        data: encodeFunctionData({
          abi: TEST_PRICE_FEED_ABI,
          functionName: 'setRoundData',
          args: [round.answer, round.updatedAt],
        }),
        label: `set the answer of ${feed}`,
      },
    ],
    round.timeoutMs ?? 30_000,
  )
}
