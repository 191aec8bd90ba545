/**
 * Chainlink USD price feeds (AggregatorV3Interface): `latestRoundData` read with the feed's
 * `decimals`. An answer is refused when it is not above zero (a broken or paused feed) or older
 * than the feed's heartbeat (a feed that stopped updating); the caller then asks the pools.
 */
import { type Address, formatUnits, type PublicClient, parseAbi } from 'viem'

export const aggregatorV3Abi = parseAbi([
  'function decimals() view returns (uint8)',
  'function latestRoundData() view returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)',
])

/** Why a feed's answer was not used. */
export type PriceFeedRefusalCode = 'PRICE_FEED_STALE' | 'PRICE_FEED_NOT_POSITIVE'

export type PriceFeedReading =
  | { ok: true; price: number; updatedAt: number }
  | { ok: false; code: PriceFeedRefusalCode; message: string }

export interface PriceFeedReader {
  /** The feed's answer in USD, or why it was refused. Rejects when the node fails. */
  read(client: PublicClient, feed: { feed: Address; heartbeatSeconds: number }): Promise<PriceFeedReading>
}

/**
 * @example
 * const feeds = createPriceFeedReader({ now: Date.now })
 * const reading = await feeds.read(client, { feed, heartbeatSeconds: 3600 })
 * if (reading.ok) console.log(reading.price)
 */
export function createPriceFeedReader(parameters: { now: () => number }): PriceFeedReader {
  /** A feed's decimals never change; a failed read is asked again. */
  const decimalsOf = new Map<string, Promise<number>>()

  const decimals = (client: PublicClient, feed: Address) => {
    const key = feed.toLowerCase()
    let known = decimalsOf.get(key)
    if (!known) {
      known = client.readContract({ address: feed, abi: aggregatorV3Abi, functionName: 'decimals' })
      known.catch(() => decimalsOf.delete(key))
      decimalsOf.set(key, known)
    }
    return known
  }

  return {
    async read(client, { feed, heartbeatSeconds }) {
      const [places, [, answer, , updatedAt]] = await Promise.all([
        decimals(client, feed),
        client.readContract({ address: feed, abi: aggregatorV3Abi, functionName: 'latestRoundData' }),
      ])
      if (answer <= 0n) {
        return {
          ok: false,
          code: 'PRICE_FEED_NOT_POSITIVE',
          message: `The price feed ${feed} answered ${answer}, not a price.`,
        }
      }
      const age = Math.floor(parameters.now() / 1000) - Number(updatedAt)
      // updatedAt 0 is a round that never completed.
      if (updatedAt === 0n || age > heartbeatSeconds) {
        return {
          ok: false,
          code: 'PRICE_FEED_STALE',
          message: `The price feed ${feed} last updated ${age} s ago, beyond its ${heartbeatSeconds} s heartbeat.`,
        }
      }
      return { ok: true, price: Number(formatUnits(answer, places)), updatedAt: Number(updatedAt) }
    },
  }
}
