// Everything of the adapter that needs @solana/kit's RPC, transaction building or the token program
// clients. solana.ts loads this module with `import()` on first use, so a page that only connects
// and signs never downloads it.
import { type AdapterTokenBalance, type Balance, type Network, ProviderRequestError } from '@portico/core'
import { isAddress } from '@solana/kit'
import {
  createGetTokenBalances,
  type GetTokenBalancesParameters,
  type SolanaKnownToken,
} from './getTokenBalances.js'
import { createRpcPool } from './rpc.js'
import { createSendCapabilities, type RpcSendCapabilities } from './send.js'
import { createWalletStandardSigner, type SolanaTransactionSigner } from './transactionSigner.js'
import { createWalletConnectSigner } from './walletConnectSigner.js'
import type { SolanaTransactionOptions, Wallet } from './walletStandard.js'

/** Who signs for a connector: a Wallet Standard wallet in the page, or the WalletConnect session. */
export type SolanaSender =
  | { type: 'walletStandard'; wallet: Wallet }
  | {
      type: 'walletConnect'
      name: string
      /** Throws when the session has no such account on the network. */
      checkAccount(network: Network, address: string): void
      request(network: Network, method: string, params: unknown): Promise<unknown>
    }

export interface RpcCapabilitiesOptions {
  requestTimeoutMs: number
  promptTimeoutMs: number
  transactionOptions: SolanaTransactionOptions
  confirmationPollingIntervalMs: number | undefined
  knownTokens: readonly SolanaKnownToken[]
  /** The sender behind a connected connector; throws NotConnectedError when it is not connected. */
  getSender(connectorId: string): SolanaSender
}

export type RpcCapabilities = RpcSendCapabilities & {
  getBalance(parameters: { address: string; network: Network }): Promise<Balance>
  getTokenBalances(parameters: GetTokenBalancesParameters): Promise<AdapterTokenBalance[]>
  /** Drops the RPC clients (the adapter was destroyed). */
  clear(): void
}

/** Balances, token balances, fee estimates, sends and confirmation waits over the networks' RPCs. */
export function createRpcCapabilities(options: RpcCapabilitiesOptions): RpcCapabilities {
  const rpcPool = createRpcPool(options.requestTimeoutMs)

  const getSigner = (connectorId: string, address: string, network: Network): SolanaTransactionSigner => {
    const sender = options.getSender(connectorId)
    if (sender.type === 'walletStandard')
      return createWalletStandardSigner({
        wallet: sender.wallet,
        address,
        network,
        promptTimeoutMs: options.promptTimeoutMs,
      })
    sender.checkAccount(network, address)
    return createWalletConnectSigner({
      name: sender.name,
      address,
      request: (method, params) => sender.request(network, method, params),
    })
  }

  return {
    async getBalance({ address, network }) {
      if (!isAddress(address))
        throw new ProviderRequestError('This is not a Solana address.', { details: address.slice(0, 100) })
      const balance = await rpcPool.request(network, 'getBalance', (rpc, abortSignal) =>
        rpc.getBalance(address, { commitment: 'confirmed' }).send({ abortSignal }),
      )
      return {
        value: BigInt(balance.value),
        decimals: network.nativeCurrency.decimals,
        symbol: network.nativeCurrency.symbol,
      }
    },
    getTokenBalances: createGetTokenBalances({ request: rpcPool.request, knownTokens: options.knownTokens }),
    ...createSendCapabilities({
      request: rpcPool.request,
      getSigner,
      transactionOptions: options.transactionOptions,
      confirmationPollingIntervalMs: options.confirmationPollingIntervalMs,
    }),
    clear: () => rpcPool.clear(),
  }
}
