/**
 * Esplora-compatible routes for each `bip122:` chain, under `/v1/bitcoin/<caipNetworkId>/…`: the
 * Bitcoin adapter reads balances, UTXOs and history and broadcasts through them as it would through
 * any Esplora. They sit under `/v1/`, so the project, origin and rate-limit checks of every `/v1/*`
 * request (createApp's middleware) apply to them as to the RPC proxy.
 */
import type { BalanceResponse, HistoryResponse, Transaction } from '@portico/core/api'
import type { Context, Hono } from 'hono'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import { readBody } from '../http/readBody.js'
import { toDecimalString, usdValue } from '../portfolio/amounts.js'
import type { PriceSource } from '../portfolio/prices.js'
import { createBcoinBackend } from './bcoinBackend.js'
import { addressToOutputScript, InvalidBitcoinAddressError } from './bitcoinAddress.js'
import {
  type BitcoinBackend,
  BitcoinUpstreamError,
  TransactionRefusedError,
  UnsupportedAddressError,
} from './bitcoinBackend.js'
import type { BitcoinChainConfig, BitcoinConfig } from './bitcoinConfig.js'
import { CHAIN_TXS_PER_PAGE, type EsploraTx } from './esplora.js'
import { createEsploraBackend } from './esploraBackend.js'
import { MAX_RAW_TX_BYTES, parseRawTransaction, RawTransactionError } from './rawTransaction.js'

export const BITCOIN_ROUTE_PREFIX = '/v1/bitcoin'

/** Confirmed transactions change only in a re-org: reused longer than the rest. */
const CONFIRMED_TX_CACHE_MS = 60_000
const FEE_CACHE_MS = 30_000
/** Entries kept per chain before the cache starts over; bounds the memory a caller can make it use. */
const MAX_CACHE_ENTRIES = 5_000

const TXID = /^[0-9a-fA-F]{64}$/

export interface BitcoinRoutesOptions {
  config: BitcoinConfig
  fetch?: typeof fetch
  now?: () => number
}

interface ChainService {
  chain: BitcoinChainConfig
  backend: BitcoinBackend
  /** Answers being computed or reused: in-flight requests for the same key share one upstream call. */
  cache: Map<string, { expires: number; value: Promise<unknown> }>
}

/** What the account routes (`/v1/account/:address/balance`) read of the Bitcoin chains. */
export interface BitcoinAccounts {
  /** Whether `chainId` is one of the configured `bip122:` chains. */
  serves(chainId: string): boolean
  /**
   * The address's BTC, confirmed plus unconfirmed (what a wallet shows, a pending payment included),
   * as the portfolio answers for other chains. Refuses like the Esplora routes do.
   */
  balances(chainId: string, address: string, prices: PriceSource): Promise<BalanceResponse>
  /**
   * The address's transactions as the activity route answers them: one BTC transfer each, its net
   * effect on the address (fees included in a send), pending ones first. `cursor` is the last
   * confirmed txid of the previous page.
   */
  history(chainId: string, address: string, prices: PriceSource, cursor?: string): Promise<HistoryResponse>
}

/**
 * Registers the routes; call after the `/v1` project and origin middleware. Returns what the
 * account routes need to serve `bip122:` balances from the same upstream and cache.
 */
export function registerBitcoinRoutes(app: Hono<AppEnv>, options: BitcoinRoutesOptions): BitcoinAccounts {
  const { config } = options
  const now = options.now ?? Date.now
  const fetchImpl = options.fetch ?? fetch
  const services = new Map<string, ChainService>()
  for (const chain of config.chains) {
    const backendOptions = { url: chain.upstream.url, timeoutMs: config.timeoutMs, fetch: fetchImpl }
    const backend =
      chain.upstream.kind === 'bcoin'
        ? createBcoinBackend({ ...backendOptions, network: chain.network })
        : createEsploraBackend(backendOptions)
    services.set(chain.caipNetworkId, { chain, backend, cache: new Map() })
  }

  const serviceOf = (c: Context<AppEnv>): ChainService => serviceFor(c.req.param('chainId') ?? '')
  const serviceFor = (chainId: string): ChainService => {
    const service = services.get(chainId)
    if (!service) {
      const known = [...services.keys()].join(', ') || 'none'
      throw new ApiRefusal(
        'UNSUPPORTED_CHAIN',
        `This server serves no Bitcoin chain ${clip(chainId)}. Bitcoin chains it serves: ${known}.`,
      )
    }
    return service
  }

  const addressOf = (c: Context<AppEnv>, service: ChainService) =>
    checkAddress(c.req.param('address') ?? '', service)
  const checkAddress = (address: string, service: ChainService) => {
    try {
      return { address, script: addressToOutputScript(address, service.chain.network) }
    } catch (error) {
      if (error instanceof InvalidBitcoinAddressError) throw new ApiRefusal('INVALID_ADDRESS', error.message)
      throw error
    }
  }

  const txidOf = (c: Context<AppEnv>, name = 'txid'): string => {
    const txid = c.req.param(name) ?? ''
    if (!TXID.test(txid)) {
      throw new ApiRefusal('BAD_REQUEST', `"${clip(txid)}" is not a transaction id (64 hex digits).`)
    }
    return txid.toLowerCase()
  }

  /** Reuses a live answer for `key`, or asks the upstream once; failures are not kept. */
  const cached = <T>(
    service: ChainService,
    key: string,
    ttlMs: (value: T) => number,
    work: () => Promise<T>,
  ) => {
    const hit = service.cache.get(key)
    if (hit && hit.expires > now()) return hit.value as Promise<T>
    if (service.cache.size >= MAX_CACHE_ENTRIES) service.cache.clear()
    const value = work()
    // In flight: shared until it settles, then kept for its own lifetime.
    service.cache.set(key, { expires: Number.POSITIVE_INFINITY, value })
    value.then(
      (settled) => {
        const entry = service.cache.get(key)
        if (entry?.value === value) service.cache.set(key, { expires: now() + ttlMs(settled), value })
      },
      () => {
        if (service.cache.get(key)?.value === value) service.cache.delete(key)
      },
    )
    return value
  }

  const upstream = async <T>(service: ChainService, work: () => Promise<T>): Promise<T> => {
    try {
      return await work()
    } catch (error) {
      if (error instanceof UnsupportedAddressError) throw new ApiRefusal('INVALID_ADDRESS', error.message)
      if (error instanceof BitcoinUpstreamError) {
        throw new ApiRefusal(
          error.kind === 'timeout' ? 'UPSTREAM_TIMEOUT' : 'UPSTREAM_ERROR',
          `${service.chain.name}: ${error.message}`,
        )
      }
      throw error
    }
  }

  const route = (path: string) => `${BITCOIN_ROUTE_PREFIX}/:chainId${path}`
  const short = config.cacheMs

  app.get(route('/address/:address'), async (c) => {
    const service = serviceOf(c)
    const { address, script } = addressOf(c, service)
    return c.json(
      await upstream(service, () =>
        cached(
          service,
          `address:${address}`,
          () => short,
          () => service.backend.address(address, script),
        ),
      ),
    )
  })

  app.get(route('/address/:address/utxo'), async (c) => {
    const service = serviceOf(c)
    const { address, script } = addressOf(c, service)
    return c.json(
      await upstream(service, () =>
        cached(
          service,
          `utxo:${address}`,
          () => short,
          () => service.backend.utxo(address, script),
        ),
      ),
    )
  })

  app.get(route('/address/:address/txs'), async (c) => {
    const service = serviceOf(c)
    const { address, script } = addressOf(c, service)
    return c.json(
      await upstream(service, () =>
        cached(
          service,
          `txs:${address}`,
          () => short,
          () => service.backend.txs(address, script),
        ),
      ),
    )
  })

  app.get(route('/address/:address/txs/chain/:after'), async (c) => {
    const service = serviceOf(c)
    const { address, script } = addressOf(c, service)
    const after = txidOf(c, 'after')
    return c.json(
      await upstream(service, () =>
        cached(
          service,
          `txs:${address}:${after}`,
          () => short,
          () => service.backend.txs(address, script, after),
        ),
      ),
    )
  })

  const notFound = (txid: string) =>
    new ApiRefusal('NOT_FOUND', `Transaction ${txid} is not known to this chain's node.`)

  app.get(route('/tx/:txid'), async (c) => {
    const service = serviceOf(c)
    const txid = txidOf(c)
    const tx = await upstream(service, () =>
      cached(
        service,
        `tx:${txid}`,
        (value) => (value?.status.confirmed ? CONFIRMED_TX_CACHE_MS : short),
        () => service.backend.tx(txid),
      ),
    )
    if (!tx) throw notFound(txid)
    return c.json(tx)
  })

  app.get(route('/tx/:txid/status'), async (c) => {
    const service = serviceOf(c)
    const txid = txidOf(c)
    const status = await upstream(service, () =>
      cached(
        service,
        `status:${txid}`,
        () => short,
        () => service.backend.txStatus(txid),
      ),
    )
    if (!status) throw notFound(txid)
    return c.json(status)
  })

  app.post(route('/tx'), async (c) => {
    const service = serviceOf(c)
    // Hex doubles the bytes; a little room for surrounding whitespace.
    const hex = (await readBody(c.req.raw, MAX_RAW_TX_BYTES * 2 + 64)).trim()
    try {
      parseRawTransaction(hex)
    } catch (error) {
      if (error instanceof RawTransactionError) {
        throw new ApiRefusal('BAD_REQUEST', `The body is not a raw transaction: ${error.message}`)
      }
      throw error
    }
    let txid: string
    try {
      txid = await upstream(service, () => service.backend.broadcast(hex.toLowerCase()))
    } catch (error) {
      if (error instanceof TransactionRefusedError) {
        const refusal = new ApiRefusal('TX_REJECTED', error.message)
        return c.json({ error: { ...refusal.toBody().error, reason: error.reason } }, 400)
      }
      throw error
    }
    // Balances, UTXOs and histories changed: the next reads must see the new transaction.
    service.cache.clear()
    return c.text(txid)
  })

  app.get(route('/fee-estimates'), async (c) => {
    const service = serviceOf(c)
    return c.json(
      await upstream(service, () =>
        cached(
          service,
          'fees',
          () => FEE_CACHE_MS,
          () => service.backend.feeEstimates(),
        ),
      ),
    )
  })

  app.get(route('/blocks/tip/height'), async (c) => {
    const service = serviceOf(c)
    const height = await upstream(service, () =>
      cached(
        service,
        'tip',
        () => short,
        () => service.backend.tipHeight(),
      ),
    )
    return c.text(String(height))
  })

  app.all(`${BITCOIN_ROUTE_PREFIX}/*`, (c) => {
    throw new ApiRefusal(
      'NOT_FOUND',
      `${c.req.method} ${clip(c.req.path)} is not a Bitcoin route. Routes: GET address/:address, address/:address/utxo, address/:address/txs, tx/:txid, tx/:txid/status, fee-estimates, blocks/tip/height; POST tx.`,
    )
  })

  const toActivity = (
    chainId: string,
    address: string,
    tx: EsploraTx,
    price: number,
    currency: { name: string; symbol: string },
  ): Transaction => {
    const received = tx.vout
      .filter((o) => o.scriptpubkey_address === address)
      .reduce((sum, o) => sum + BigInt(o.value), 0n)
    const spent = tx.vin
      .filter((i) => i.prevout?.scriptpubkey_address === address)
      .reduce((sum, i) => sum + BigInt(i.prevout?.value ?? 0), 0n)
    const net = received - spent
    const amount = net < 0n ? -net : net
    const direction = net > 0n ? 'in' : net < 0n ? 'out' : 'self'
    const counterpart =
      direction === 'in'
        ? tx.vin.find((i) => i.prevout?.scriptpubkey_address && i.prevout.scriptpubkey_address !== address)
            ?.prevout?.scriptpubkey_address
        : tx.vout.find((o) => o.scriptpubkey_address && o.scriptpubkey_address !== address)
            ?.scriptpubkey_address
    const blockTime = tx.status.block_time
    return {
      id: tx.txid,
      metadata: {
        operationType: direction === 'in' ? 'receive' : 'send',
        hash: tx.txid,
        // A pending transaction has no block yet: now, so it sorts first as the list shows it.
        minedAt: new Date(blockTime !== undefined ? blockTime * 1000 : now()).toISOString(),
        sentFrom: direction === 'in' ? (counterpart ?? '') : address,
        sentTo: direction === 'in' ? address : (counterpart ?? address),
        status: tx.status.confirmed ? 'confirmed' : 'pending',
        nonce: 0,
        chain: chainId,
      },
      transfers: [
        {
          direction,
          quantity: { numeric: toDecimalString(amount, 8) },
          fungible_info: { name: currency.name, symbol: currency.symbol },
          ...(price > 0 ? { price, value: usdValue(amount, 8, price) } : {}),
        },
      ],
    }
  }

  return {
    serves: (chainId) => services.has(chainId),
    async history(chainId, address, prices, cursor) {
      const service = serviceFor(chainId)
      const checked = checkAddress(address, service)
      if (cursor !== undefined && !TXID.test(cursor)) {
        throw new ApiRefusal(
          'BAD_REQUEST',
          'The cursor is not one this server gave: pass the `next` of the previous page.',
        )
      }
      const after = cursor?.toLowerCase()
      const txs = await upstream(service, () =>
        cached(
          service,
          after ? `txs:${checked.address}:${after}` : `txs:${checked.address}`,
          () => short,
          () => service.backend.txs(checked.address, checked.script, after),
        ),
      )
      const price = priceOf(service, prices)
      const confirmed = txs.filter((tx) => tx.status.confirmed)
      const last = confirmed.at(-1)
      return {
        data: txs.map((tx) =>
          toActivity(chainId, checked.address, tx, price, {
            name: service.chain.currencyName,
            symbol: service.chain.symbol,
          }),
        ),
        next: confirmed.length >= CHAIN_TXS_PER_PAGE && last ? last.txid : null,
      }
    },
    async balances(chainId, address, prices) {
      const service = serviceFor(chainId)
      const checked = checkAddress(address, service)
      const stats = await upstream(service, () =>
        cached(
          service,
          `address:${checked.address}`,
          () => short,
          () => service.backend.address(checked.address, checked.script),
        ),
      )
      const sats =
        BigInt(stats.chain_stats.funded_txo_sum) -
        BigInt(stats.chain_stats.spent_txo_sum) +
        BigInt(stats.mempool_stats.funded_txo_sum) -
        BigInt(stats.mempool_stats.spent_txo_sum)
      const price = priceOf(service, prices)
      return {
        balances: [
          {
            name: service.chain.currencyName,
            symbol: service.chain.symbol,
            chainId,
            value: usdValue(sats, 8, price),
            price,
            quantity: { decimals: '8', numeric: toDecimalString(sats, 8) },
          },
        ],
      }
    },
  }
}

/** A test network's coins have no price, whatever the price source says about the chain. */
function priceOf(
  service: ChainService,
  prices: { getPrice(parameters: { chainId: string }): number | undefined },
) {
  return service.chain.network === 'mainnet'
    ? (prices.getPrice({ chainId: service.chain.caipNetworkId }) ?? 0)
    : 0
}

function clip(text: string): string {
  return text.length > 100 ? `${text.slice(0, 100)}…` : text
}
