// The chain half of the adapter, loaded with `import()` on the first balance read, fee estimate or
// send: @polkadot/api is several hundred kilobytes, and a page that only connects never needs it.
import { ApiPromise, HttpProvider, WsProvider } from '@polkadot/api'
import type { Signer, SubmittableExtrinsic } from '@polkadot/api/types'
import {
  type Balance,
  BaseError,
  type FeeEstimate,
  InvalidResponseError,
  type Logger,
  type Network,
  ProviderRequestError,
  ProviderTimeoutError,
  pollUntil,
  type SendParameters,
  withTimeout,
} from '@portico/core/adapter-kit'
import type * as Errors from './errors.js'
import type { SignerResult } from './injectedWeb3.js'
import type * as Networks from './networks.js'
import type * as Ss58 from './ss58.js'

/** A native balance, split as the Balances pallet keeps it; `value` is what can be sent. */
export interface PolkadotBalance extends Balance {
  /** Free balance, including what is frozen (staking, vesting, votes). */
  free: bigint
  /** Reserved by the runtime (deposits, identity). */
  reserved: bigint
  /** What a keep-alive transfer can move: free, less what is frozen and the existential deposit. */
  transferable: bigint
  /** The least an account must hold to exist. */
  existentialDeposit: bigint
}

/** How the chain code asks the wallet to sign: the extension's signer, for the account as it wrote it. */
export interface PolkadotSigner {
  address: string
  signPayload: (payload: Record<string, unknown>) => Promise<SignerResult>
}

export interface ChainCapabilities {
  getBalance(parameters: { address: string; network: Network }): Promise<PolkadotBalance>
  estimateFee(parameters: SendParameters): Promise<FeeEstimate>
  send(parameters: SendParameters & { connectorId: string }): Promise<string>
  waitForTransaction(parameters: {
    hash: string
    network: Network
    timeoutMs: number
  }): Promise<{ status: 'success' | 'reverted' }>
  /** Closes every node connection. */
  clear(): void
}

/**
 * The entry's own helpers, handed over rather than imported: this module then shares no chunk
 * with the entry, which would otherwise split the entry's download in two.
 */
export interface EntryHelpers {
  errors: Pick<
    typeof Errors,
    | 'PolkadotChainMismatchError'
    | 'PolkadotDispatchError'
    | 'PolkadotSendFailedError'
    | 'PolkadotSendValidationError'
  >
  getSs58Prefix: typeof Networks.getSs58Prefix
  ss58: Pick<typeof Ss58, 'checkSs58Address' | 'decodeSs58' | 'sameAccount'>
}

export interface CreateChainCapabilitiesParameters {
  helpers: EntryHelpers
  requestTimeoutMs: number
  inclusionTimeoutMs: number
  getSigner: (connectorId: string, address: string) => Promise<PolkadotSigner>
  logger: Logger
}

// What `send` hands its status callback: the status, the events and the dispatch error.
type SubmittableResult = Parameters<
  Extract<Parameters<SubmittableExtrinsic<'promise'>['send']>[0], (...args: never[]) => unknown>
>[0]

type ProviderOption = NonNullable<NonNullable<ConstructorParameters<typeof ApiPromise>[0]>['provider']>

// The pallets read here, as every Substrate runtime with Balances has them (the API types them only
// with its generated augmentation, which would tie the adapter to one runtime's metadata).
interface Codec {
  toBigInt(): bigint
}
interface Pallets {
  query: {
    system: { account(address: string): Promise<{ data: unknown; nonce: Codec }>; events(): Promise<unknown> }
  }
  consts: { balances: { existentialDeposit: Codec } }
  tx: { balances: { transferKeepAlive(to: string, amount: bigint): SubmittableExtrinsic<'promise'> } }
}
const pallets = (api: unknown) => api as Pallets

// 64 bytes (sr25519, ed25519), 65 (ecdsa, or either with a type byte), 66 (ecdsa with one).
const HEX_SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){64,66}$/

type Outcome = { status: 'success' | 'reverted'; error?: string }
// How far back a wait for a transaction this page did not send looks for it.
const SCAN_DEPTH = 50
const POLL_INTERVAL_MS = 1_000

export function createChainCapabilities({
  helpers,
  requestTimeoutMs,
  inclusionTimeoutMs,
  getSigner,
  logger,
}: CreateChainCapabilitiesParameters): ChainCapabilities {
  const {
    PolkadotChainMismatchError,
    PolkadotDispatchError,
    PolkadotSendFailedError,
    PolkadotSendValidationError,
  } = helpers.errors
  const { checkSs58Address, decodeSs58, sameAccount } = helpers.ss58
  const { getSs58Prefix } = helpers
  const apis = new Map<string, Promise<ApiPromise>>()
  // What became of the transactions this page sent, by hash.
  const outcomes = new Map<string, Promise<Outcome>>()

  /** One API per network, checked to be the chain the network names; a failed one is dropped. */
  const getApi = (network: Network): Promise<ApiPromise> => {
    const cached = apis.get(network.caipNetworkId)
    if (cached) return cached
    const created = connect(network).catch((error) => {
      apis.delete(network.caipNetworkId)
      throw error
    })
    apis.set(network.caipNetworkId, created)
    return created
  }

  const connect = async (network: Network): Promise<ApiPromise> => {
    const urls = network.rpcUrls.default.http
    const sockets = urls.filter((url) => /^wss?:/.test(url))
    const provider = sockets.length > 0 ? new WsProvider(sockets, 1_000) : new HttpProvider(urls[0])
    const api = new ApiPromise({ provider: provider as ProviderOption, noInitWarn: true })
    try {
      await withTimeout(
        api.isReadyOrError,
        requestTimeoutMs,
        () =>
          new ProviderRequestError('The Polkadot node did not answer in time.', {
            details: `${network.name} at ${urls.join(', ')}`,
          }),
      )
    } catch (error) {
      void api.disconnect().catch(() => {})
      if (error instanceof BaseError) throw error
      throw new ProviderRequestError('The Polkadot node could not be reached.', {
        cause: error,
        details: network.name,
      })
    }
    const genesis = api.genesisHash.toHex().slice(2, 34)
    if (genesis !== String(network.id).toLowerCase()) {
      void api.disconnect().catch(() => {})
      throw new PolkadotChainMismatchError({
        details: `The node at ${urls[0]} has genesis ${genesis}, not ${network.id} (${network.name}).`,
      })
    }
    return api
  }

  /** A node request, bounded. */
  const request = <T>(promise: Promise<T>, what: string): Promise<T> =>
    withTimeout(
      promise,
      requestTimeoutMs,
      () => new ProviderRequestError('The Polkadot node did not answer in time.', { details: what }),
    )

  const readBalance = async (api: ApiPromise, address: string) => {
    const account = await request(pallets(api).query.system.account(address), `system.account ${address}`)
    const data = account.data as unknown as Record<string, { toBigInt(): bigint } | undefined>
    const free = data.free?.toBigInt() ?? 0n
    const reserved = data.reserved?.toBigInt() ?? 0n
    // Runtimes since 2023 keep one `frozen`; older ones two (`miscFrozen`, `feeFrozen`).
    const frozen =
      data.frozen?.toBigInt() ?? bigMax(data.miscFrozen?.toBigInt() ?? 0n, data.feeFrozen?.toBigInt() ?? 0n)
    return { free, reserved, frozen }
  }

  const existentialDepositOf = (api: ApiPromise) => pallets(api).consts.balances.existentialDeposit.toBigInt()

  const getBalance = async ({
    address,
    network,
  }: {
    address: string
    network: Network
  }): Promise<PolkadotBalance> => {
    const api = await getApi(network)
    const { free, reserved, frozen } = await readBalance(api, address)
    const existentialDeposit = existentialDepositOf(api)
    // Frozen funds may sit in the reserve; what is left frozen in free, or the deposit, stays.
    const untouchable = bigMax(frozen - reserved, existentialDeposit)
    const transferable = bigMax(free - untouchable, 0n)
    return {
      value: transferable,
      decimals: network.nativeCurrency.decimals,
      symbol: network.nativeCurrency.symbol,
      free,
      reserved,
      transferable,
      existentialDeposit,
      parts: { free, reserved, transferable },
    }
  }

  /** The transfer, checked against the chain's rules before the wallet is asked; answers it and its fee. */
  const plan = async ({ address, network, to, amount, token }: SendParameters) => {
    if (token !== undefined) throw new PolkadotSendValidationError('tokenNotSupported', { details: token })
    if (typeof amount !== 'bigint' || amount < 0n || amount >= 1n << 128n)
      throw new PolkadotSendValidationError('invalidAmount', { details: String(amount) })
    const prefix = getSs58Prefix(network)
    if (!decodeSs58(address)) throw new PolkadotSendValidationError('invalidSender', { details: address })
    const receiver = checkSs58Address(to, prefix)
    if (receiver === 'otherPrefix')
      throw new PolkadotSendValidationError('receiverOtherNetwork', {
        details: `${to} has SS58 prefix ${decodeSs58(to)?.prefix}; ${network.name} uses ${prefix}.`,
      })
    if (receiver === 'invalid') throw new PolkadotSendValidationError('invalidReceiver', { details: to })
    const api = await getApi(network)
    // Keep-alive: the chain refuses a transfer that would take the sender below the existential deposit.
    const transfer = pallets(api).tx.balances.transferKeepAlive(to, amount)
    const info = await request(transfer.paymentInfo(address), 'paymentInfo')
    const fee = info.partialFee.toBigInt()
    const existentialDeposit = existentialDepositOf(api)
    const self = sameAccount(address, to)
    if (amount > 0n && !self) {
      const sender = await readBalance(api, address)
      const spendable = sender.free - bigMax(sender.frozen - sender.reserved, 0n)
      if (amount + fee > spendable)
        throw new PolkadotSendValidationError('insufficientBalance', {
          details: `${amount} + fee ${fee} > ${spendable} spendable`,
        })
      if (sender.free - amount - fee < existentialDeposit)
        throw new PolkadotSendValidationError('wouldReapSender', {
          details: `${sender.free} - ${amount} - fee ${fee} < existential deposit ${existentialDeposit}`,
        })
      const target = await readBalance(api, to)
      if (target.free + amount < existentialDeposit)
        throw new PolkadotSendValidationError('receiverBelowExistentialDeposit', {
          details: `${target.free} + ${amount} < existential deposit ${existentialDeposit}`,
        })
    }
    return { api, transfer, fee, existentialDeposit }
  }

  const estimateFee = async (parameters: SendParameters): Promise<FeeEstimate> => {
    const { fee, existentialDeposit } = await plan(parameters)
    return { fee, breakdown: { partialFee: fee, existentialDeposit } }
  }

  /** Follows a submitted transfer to its block: InBlock or Finalized, whichever comes first. */
  const follow = (
    api: ApiPromise,
    transfer: SubmittableExtrinsic<'promise'>,
    hash: string,
  ): Promise<Outcome> =>
    new Promise<Outcome>((resolve, reject) => {
      let unsubscribe: (() => void) | undefined
      let settled = false
      const finish = (settle: () => void) => {
        if (settled) return
        settled = true
        unsubscribe?.()
        settle()
      }
      const onStatus = (result: SubmittableResult) => {
        const { status } = result
        if (status.isInBlock || status.isFinalized) {
          const failure = result.dispatchError
          if (!failure) return finish(() => resolve({ status: 'success' }))
          let error: string = failure.type
          if (failure.isModule) {
            try {
              const meta = api.registry.findMetaError(failure.asModule)
              error = `${meta.section}.${meta.name}`
            } catch (caught) {
              logger.debug('polkadot: unknown module error', caught)
            }
          }
          return finish(() => resolve({ status: 'reverted', error }))
        }
        if (status.isInvalid || status.isDropped || status.isUsurped)
          finish(() =>
            reject(
              new PolkadotSendFailedError({
                details: `${hash}: the node reported the transaction ${status.type}.`,
              }),
            ),
          )
      }
      transfer
        .send(onStatus)
        .then((off) => {
          unsubscribe = off
          if (settled) off()
        })
        .catch((error) =>
          finish(() =>
            reject(
              new PolkadotSendFailedError({
                cause: error,
                details: `${hash}: ${error instanceof Error ? error.message : String(error)}`,
              }),
            ),
          ),
        )
    })

  const send = async (parameters: SendParameters & { connectorId: string }): Promise<string> => {
    const signer = await getSigner(parameters.connectorId, parameters.address)
    const { api, transfer } = await plan(parameters)
    // The wallet's own answers (a decline, no answer in time) come out of signPayload as Portico errors.
    // The node's next index counts the pool; the state's nonce corrects a cached answer that
    // predates the sender's last inclusion (the API memoizes the call for a moment).
    const [pooled, account] = await Promise.all([
      request(api.rpc.system.accountNextIndex(signer.address), 'system.accountNextIndex'),
      request(pallets(api).query.system.account(signer.address), 'system.account'),
    ])
    const stateNonce = account.nonce.toBigInt()
    await transfer.signAsync(signer.address, {
      nonce: bigMax(pooled.toBigInt(), stateNonce),
      signer: {
        signPayload: async (payload: Parameters<NonNullable<Signer['signPayload']>>[0]) => {
          const result = await signer.signPayload(payload as unknown as Record<string, unknown>)
          const signature = (result as { signature?: unknown } | undefined)?.signature
          if (typeof signature !== 'string' || !HEX_SIGNATURE.test(signature))
            throw new InvalidResponseError('signature')
          // The extrinsic is built here from the payload the visitor approved, never taken from the wallet.
          return { id: 0, signature: signature as `0x${string}` }
        },
      } satisfies Signer,
    })
    const hash = transfer.hash.toHex()
    const outcome = follow(api, transfer, hash)
    outcomes.set(hash, outcome)
    // Nobody may ask for the outcome again; its failure is reported here or by waitForTransaction.
    outcome.catch(() => {})
    // The visitor sees the outcome with its module error's name; a block slower than the bound
    // leaves the hash to waitForTransaction.
    let timer: ReturnType<typeof setTimeout> | undefined
    const included = await Promise.race([
      outcome,
      new Promise<undefined>((resolve) => {
        timer = setTimeout(() => resolve(undefined), inclusionTimeoutMs)
      }),
    ]).finally(() => clearTimeout(timer))
    if (included?.status === 'reverted')
      throw new PolkadotDispatchError({ error: included.error ?? 'unknown', hash })
    return hash
  }

  /** A transaction this page did not send (a reload): looked for in the latest blocks. */
  const findInBlocks = async (
    api: ApiPromise,
    hash: string,
    seen: Set<string>,
  ): Promise<Outcome | undefined> => {
    const head = await request(api.rpc.chain.getHeader(), 'chain.getHeader')
    let blockHash = head.hash
    for (let depth = 0; depth < SCAN_DEPTH && !seen.has(blockHash.toHex()); depth++) {
      seen.add(blockHash.toHex())
      const { block } = await request(api.rpc.chain.getBlock(blockHash), 'chain.getBlock')
      const index = block.extrinsics.findIndex((extrinsic) => extrinsic.hash.toHex() === hash)
      if (index >= 0) {
        const at = await api.at(blockHash)
        const events = (await request(
          pallets(at).query.system.events(),
          'system.events',
        )) as unknown as Array<{
          phase: { isApplyExtrinsic: boolean; asApplyExtrinsic: { toNumber(): number } }
          event: { section: string; method: string }
        }>
        const failed = events.some(
          ({ phase, event }) =>
            phase.isApplyExtrinsic &&
            phase.asApplyExtrinsic.toNumber() === index &&
            event.section === 'system' &&
            event.method === 'ExtrinsicFailed',
        )
        return { status: failed ? 'reverted' : 'success' }
      }
      if (block.header.number.toNumber() === 0) break
      blockHash = block.header.parentHash
    }
    return undefined
  }

  const waitForTransaction = async ({
    hash,
    network,
    timeoutMs,
  }: {
    hash: string
    network: Network
    timeoutMs: number
  }): Promise<{ status: 'success' | 'reverted' }> => {
    const onTimeout = (cause?: unknown) =>
      new ProviderTimeoutError({ timeoutMs, details: `${hash} was not seen in a block.`, cause })
    const tracked = outcomes.get(hash)
    if (tracked) {
      const { status } = await withTimeout(tracked, timeoutMs, () => onTimeout())
      return { status }
    }
    if (!/^0x[0-9a-fA-F]{64}$/.test(hash))
      throw new ProviderRequestError('This is not a Polkadot transaction hash.', { details: hash })
    const seen = new Set<string>()
    const outcome = await pollUntil({
      poll: async () => findInBlocks(await getApi(network), hash.toLowerCase(), seen),
      intervalMs: POLL_INTERVAL_MS,
      timeoutMs,
      onTimeout,
    })
    return { status: outcome.status }
  }

  return {
    getBalance,
    estimateFee,
    send,
    waitForTransaction,
    clear() {
      for (const api of apis.values()) void api.then((ready) => ready.disconnect()).catch(() => {})
      apis.clear()
      outcomes.clear()
    },
  }
}

function bigMax(a: bigint, b: bigint): bigint {
  return a > b ? a : b
}
