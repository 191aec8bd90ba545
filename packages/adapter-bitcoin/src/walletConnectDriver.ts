// The WALLET_CONNECT connector's driver, loaded with the other drivers on the first connect.
import {
  type AdapterContext,
  type Connector,
  InvalidResponseError,
  NotConnectedError,
  parseCaipAddress,
  type WalletConnect,
} from '@portico/core'
import { decodeBitcoinAddress } from './bitcoinAddress.js'
import { callWallet } from './callWallet.js'
import { isUnsupportedMethod } from './isUnsupportedMethod.js'
import type { BitcoinWalletAccount, BitcoinWalletDriver } from './walletDriver.js'

interface SessionAccount {
  chainId: string
  address: string
}

/** The session's `bip122:` accounts that decode as Bitcoin addresses. */
function bitcoinAccountsOf(accounts: readonly string[]): SessionAccount[] {
  const found: SessionAccount[] = []
  for (const account of accounts) {
    const parsed = parseCaipAddress(account, 'bip122')
    if (parsed && decodeBitcoinAddress(parsed.address))
      found.push({ chainId: `bip122:${parsed.reference}`, address: parsed.address })
  }
  return found
}

/** A signature as the adapter hands it on: base64. WalletConnect's reference says hex; some wallets answer base64. */
function toBase64Signature(signature: string): string {
  if (!/^(?:[0-9a-fA-F]{2})+$/.test(signature)) return signature
  let binary = ''
  for (let index = 0; index < signature.length; index += 2)
    binary += String.fromCharCode(Number.parseInt(signature.slice(index, index + 2), 16))
  return btoa(binary)
}

/** The payment and ordinals entries of a `getAccountAddresses` result (or `bip122_addressesChanged` data). */
function parseAccountAddresses(result: unknown, payment: string): BitcoinWalletAccount[] {
  if (!Array.isArray(result)) throw new InvalidResponseError('getAccountAddresses', { details: 'not a list' })
  const entries = result.filter(
    (entry): entry is { address: string; publicKey?: unknown; intention?: unknown } =>
      typeof entry === 'object' &&
      entry !== null &&
      typeof entry.address === 'string' &&
      decodeBitcoinAddress(entry.address) !== undefined,
  )
  const key = (entry: { publicKey?: unknown } | undefined) =>
    typeof entry?.publicKey === 'string' && /^(?:[0-9a-fA-F]{2})+$/.test(entry.publicKey)
      ? entry.publicKey
      : ''
  // The connected account is the first external address (the reference's account identifier): payments use it.
  const paymentEntry = entries.find((entry) => entry.address === payment)
  const ordinals = entries.find((entry) => entry.intention === 'ordinal' && entry.address !== payment)
  return [
    { address: payment, publicKey: key(paymentEntry), purpose: 'payment' },
    ...(ordinals
      ? [{ address: ordinals.address, publicKey: key(ordinals), purpose: 'ordinals' as const }]
      : []),
  ]
}

/**
 * The `bip122` namespace of the shared WalletConnect session as a wallet driver: pairing is core's;
 * this reads the session's `bip122:` account (the wallet's first external address, the payment
 * account), asks `getAccountAddresses` for its ordinals address and keys, and sends `signMessage`,
 * `signPsbt` and `sendTransfer` to the chain the account is on.
 */
export function createWalletConnectDriver(
  service: WalletConnect,
  connector: Connector,
  // Positional, and the context whole: the call sits in the eager entry, where every byte counts.
  context: AdapterContext,
  promptTimeoutMs: number,
): BitcoinWalletDriver {
  const { logger } = context
  // The last `getAccountAddresses` answer, for the session's payment address it was asked with.
  let known: BitcoinWalletAccount[] | undefined
  let refreshing: Promise<void> | undefined
  const listeners = new Set<() => void>()

  /** The session's account on the first configured network it has one on. */
  const sessionAccount = (): SessionAccount | undefined => {
    const accounts = bitcoinAccountsOf(service.getSession()?.accounts ?? [])
    for (const network of context.networks()) {
      const found = accounts.find((account) => account.chainId === network.caipNetworkId)
      if (found) return found
    }
    return undefined
  }
  const requireAccount = (): SessionAccount => {
    const account = sessionAccount()
    if (!account) throw new NotConnectedError('bip122')
    return account
  }
  const request = (method: string, params: unknown) => {
    const { chainId } = requireAccount()
    return callWallet(method, () => service.request({ chainId, method, params }), promptTimeoutMs)
  }
  const askAddresses = async (payment: string): Promise<BitcoinWalletAccount[]> => {
    const result = await request('getAccountAddresses', {
      account: payment,
      intentions: ['payment', 'ordinal'],
    })
    known = parseAccountAddresses(result, payment)
    return known
  }
  const fromSession = (payment: string): BitcoinWalletAccount[] =>
    known?.[0]?.address === payment ? known : [{ address: payment, publicKey: '', purpose: 'payment' }]
  const notify = () => {
    for (const listener of listeners) listener()
  }

  return {
    connector,

    async requestAccounts() {
      if (!service.getSession()) throw new NotConnectedError('bip122')
      const account = sessionAccount()
      if (!account)
        throw new InvalidResponseError('account list', {
          details: 'The WalletConnect session has no Bitcoin account on a configured network.',
        })
      try {
        return await askAddresses(account.address)
      } catch (error) {
        // A wallet without getAccountAddresses still has its connected account: payments work, ordinals do not.
        if (!isUnsupportedMethod(error)) throw error
        logger.debug('bip122: the WalletConnect wallet does not offer getAccountAddresses', error)
        return fromSession(account.address)
      }
    },

    async getAccounts() {
      if (!service.getSession()) await service.reconnect()
      const account = sessionAccount()
      if (!account) return undefined
      const accounts = fromSession(account.address)
      // After a reload only the session is known: its ordinals address is asked for without holding up the reconnect.
      if (accounts.length === 1 && !refreshing)
        refreshing = askAddresses(account.address)
          .then(notify, (error) =>
            logger.debug('bip122: getAccountAddresses after a reconnect failed', error),
          )
          .finally(() => {
            refreshing = undefined
          })
      return accounts
    },

    async signMessage({ address, message, protocol }) {
      const result = await request('signMessage', {
        account: requireAccount().address,
        address,
        message,
        protocol,
      })
      const signature = (result as { signature?: unknown } | null)?.signature
      if (typeof signature !== 'string' || signature.length === 0) throw new InvalidResponseError('signature')
      return toBase64Signature(signature)
    },

    async signPsbt({ psbt, address, inputs }) {
      const result = await request('signPsbt', {
        account: requireAccount().address,
        psbt,
        signInputs: inputs.map((index) => ({ address, index, sighashTypes: [1] })),
        broadcast: false,
      })
      const signed = (result as { psbt?: unknown } | null)?.psbt
      if (typeof signed !== 'string' || signed.length === 0) throw new InvalidResponseError('signed PSBT')
      return signed
    },

    async sendTransfer({ address, to, amount }) {
      const result = await request('sendTransfer', {
        account: address,
        recipientAddress: to,
        amount: amount.toString(),
      })
      const txid = (result as { txid?: unknown } | null)?.txid
      if (typeof txid !== 'string' || !/^[0-9a-f]{64}$/i.test(txid)) throw new InvalidResponseError('txid')
      return txid.toLowerCase()
    },

    async disconnect() {
      known = undefined
      // SPEC §4: the session is the wallet's link to every namespace; ending it disconnects them all.
      await service.disconnect()
    },

    onAccountsChanged(listener) {
      listeners.add(listener)
      let payment = sessionAccount()?.address
      const unsubscribe = service.subscribe((event) => {
        if (event.type === 'disconnect') {
          known = undefined
          listener()
          return
        }
        if (event.type !== 'accountsChanged') return
        const next = sessionAccount()?.address
        if (next === payment) return
        payment = next
        known = undefined
        listener()
      })
      return () => {
        listeners.delete(listener)
        unsubscribe()
      }
    },
  }
}
