import { type Connector, InvalidResponseError, type Logger } from '@portico/core'
import { callWallet } from './callWallet.js'
import type { BtcProviderInfo, SatsConnectProvider } from './satsConnect.js'
import type {
  BitcoinAccountPurpose,
  BitcoinChainKind,
  BitcoinWalletAccount,
  BitcoinWalletDriver,
} from './walletDriver.js'

// sats-connect's RpcErrorCode.ACCESS_DENIED: the site has no permission (not connected, revoked).
const ACCESS_DENIED = -32002
const PURPOSES: readonly BitcoinAccountPurpose[] = ['payment', 'ordinals']
const CHAIN_NAMES: Record<string, BitcoinChainKind> = {
  Mainnet: 'mainnet',
  Testnet: 'testnet',
  Testnet4: 'testnet4',
  Signet: 'signet',
  Regtest: 'regtest',
}

/** An error answered inside a JSON-RPC response (`{ error: { code, message } }`), thrown as such. */
class SatsConnectRpcError extends Error {
  override name = 'SatsConnectRpcError'
  readonly code: number | undefined
  constructor(code: number | undefined, message: string) {
    super(message)
    this.code = code
  }
}

/** The result of a sats-connect JSON-RPC response, or its error thrown. */
async function request(provider: SatsConnectProvider, method: string, params: unknown): Promise<unknown> {
  const response = (await provider.request(method, params)) as
    | { result?: unknown; error?: { code?: unknown; message?: unknown } }
    | undefined
  if (response && typeof response === 'object' && response.error) {
    const { code, message } = response.error
    throw new SatsConnectRpcError(
      typeof code === 'number' ? code : undefined,
      typeof message === 'string' ? message : 'The wallet answered an error.',
    )
  }
  if (!response || typeof response !== 'object' || !('result' in response))
    throw new InvalidResponseError(method, { details: 'not a JSON-RPC response' })
  return response.result
}

/** The payment and ordinals accounts in a `getAccounts`/`getAddresses` result (a list or `{ addresses }`). */
function parseAccounts(result: unknown, method: string): BitcoinWalletAccount[] {
  const list = Array.isArray(result) ? result : (result as { addresses?: unknown } | undefined)?.addresses
  if (!Array.isArray(list)) throw new InvalidResponseError(method, { details: 'no address list' })
  const accounts: BitcoinWalletAccount[] = []
  for (const purpose of PURPOSES) {
    const entry = list.find(
      (item): item is { address: string; publicKey?: unknown; purpose: string } =>
        typeof item === 'object' &&
        item !== null &&
        item.purpose === purpose &&
        typeof item.address === 'string',
    )
    if (entry)
      accounts.push({
        address: entry.address,
        publicKey: typeof entry.publicKey === 'string' ? entry.publicKey : '',
        purpose,
      })
  }
  return accounts
}

function isAccessDenied(error: unknown): boolean {
  return (error as { code?: unknown } | undefined)?.code === ACCESS_DENIED
}

export interface SatsConnectDriverParameters {
  info: BtcProviderInfo
  provider: SatsConnectProvider
  connector: Connector
  promptTimeoutMs: number
  /** The text the wallet shows when it asks for access. */
  connectMessage?: string | undefined
  logger: Logger
}

/** One `btc_providers` wallet spoken to through sats-connect's request API. */
export function createSatsConnectDriver(parameters: SatsConnectDriverParameters): BitcoinWalletDriver {
  const { info, provider, connector, promptTimeoutMs } = parameters
  const call = (method: string, params: unknown, timeoutMs = promptTimeoutMs) =>
    callWallet(method, () => request(provider, method, params), timeoutMs)
  return {
    connector,

    async requestAccounts() {
      const result = await call('getAccounts', {
        purposes: PURPOSES,
        ...(parameters.connectMessage ? { message: parameters.connectMessage } : {}),
      })
      return parseAccounts(result, 'getAccounts')
    },

    async getAccounts() {
      try {
        return parseAccounts(await call('getAddresses', { purposes: PURPOSES }), 'getAddresses')
      } catch (error) {
        if (isAccessDenied((error as { cause?: unknown }).cause)) return undefined
        throw error
      }
    },

    async signMessage({ address, message, protocol }) {
      const result = await call('signMessage', {
        address,
        message,
        protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322',
      })
      const signature = (result as { signature?: unknown } | undefined)?.signature
      if (typeof signature !== 'string' || signature.length === 0) throw new InvalidResponseError('signature')
      return signature
    },

    async signPsbt({ psbt, address, inputs }) {
      const result = await call('signPsbt', {
        psbt,
        signInputs: { [address]: [...inputs] },
        broadcast: false,
      })
      const signed = (result as { psbt?: unknown } | undefined)?.psbt
      if (typeof signed !== 'string' || signed.length === 0) throw new InvalidResponseError('signed PSBT')
      return signed
    },

    async getChain() {
      const result = await call('wallet_getNetwork', null)
      const name = (result as { bitcoin?: { name?: unknown } } | undefined)?.bitcoin?.name
      return typeof name === 'string' ? CHAIN_NAMES[name] : undefined
    },

    async switchChain(chain) {
      const name = Object.keys(CHAIN_NAMES).find((key) => CHAIN_NAMES[key] === chain)
      await call('wallet_changeNetwork', { name })
    },

    async disconnect() {
      await call('wallet_renouncePermissions', null, 1_000)
    },

    onAccountsChanged(listener) {
      try {
        const off = provider.addListener?.('accountChange', () => listener())
        return typeof off === 'function' ? off : () => {}
      } catch (error) {
        parameters.logger.warn(`bip122: ${info.name} refused an account listener`, error)
        return () => {}
      }
    },
  }
}
