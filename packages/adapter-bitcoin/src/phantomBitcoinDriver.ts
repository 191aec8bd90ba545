import { type Connector, InvalidResponseError, type Logger } from '@portico/core'
import { decodeBitcoinAddress } from './bitcoinAddress.js'
import { fromBase64, requireBytes, toBase64 } from './bytes.js'
import { callWallet } from './callWallet.js'
import type { BitcoinAccountPurpose, BitcoinWalletAccount, BitcoinWalletDriver } from './walletDriver.js'

/** Phantom's bitcoin provider (`window.phantom.bitcoin`): accounts with purposes, byte PSBTs. */
export interface PhantomBitcoinProvider {
  requestAccounts(): Promise<
    { address: string; publicKey?: string; purpose?: string; addressType?: string }[]
  >
  signMessage(address: string, message: Uint8Array): Promise<{ signature: Uint8Array }>
  signPSBT(
    psbt: Uint8Array,
    options: {
      inputsToSign: { address: string; signingIndexes: number[]; sigHash?: number }[]
      finalize?: boolean
    },
  ): Promise<Uint8Array>
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

const PURPOSES: readonly BitcoinAccountPurpose[] = ['payment', 'ordinals']

/** The payment and ordinals accounts of a `requestAccounts` answer. */
function parseAccounts(list: unknown): BitcoinWalletAccount[] {
  if (!Array.isArray(list)) throw new InvalidResponseError('account list', { details: 'not a list' })
  const accounts: BitcoinWalletAccount[] = []
  for (const purpose of PURPOSES) {
    const entry = list.find(
      (item) =>
        typeof item === 'object' &&
        item !== null &&
        item.purpose === purpose &&
        typeof item.address === 'string' &&
        decodeBitcoinAddress(item.address) !== undefined,
    ) as { address: string; publicKey?: unknown } | undefined
    if (entry)
      accounts.push({
        address: entry.address,
        publicKey: typeof entry.publicKey === 'string' ? entry.publicKey : '',
        purpose,
      })
  }
  if (!accounts.some((account) => account.purpose === 'payment'))
    throw new InvalidResponseError('account list', { details: 'no payment address' })
  return accounts
}

export interface PhantomBitcoinDriverParameters {
  provider: PhantomBitcoinProvider
  connector: Connector
  promptTimeoutMs: number
  logger: Logger
}

/** Phantom's bitcoin provider behind the driver interface. */
export function createPhantomBitcoinDriver(parameters: PhantomBitcoinDriverParameters): BitcoinWalletDriver {
  const { provider, connector, promptTimeoutMs, logger } = parameters
  // The accounts an `accountsChanged` event carried, read by the next `getAccounts` instead of
  // asking again (which could prompt): an empty list means the wallet forgot the site.
  let changed: { accounts: BitcoinWalletAccount[] | undefined } | undefined
  // The wallet said it forgot the site: nothing is asked again without the visitor.
  let forgotten = false
  return {
    connector,

    async requestAccounts() {
      forgotten = false
      return parseAccounts(
        await callWallet('requestAccounts', () => provider.requestAccounts(), promptTimeoutMs),
      )
    },

    async getAccounts() {
      if (changed) {
        const { accounts } = changed
        changed = undefined
        return accounts
      }
      if (forgotten) return undefined
      // The provider has no silent read: it answers `requestAccounts` without a prompt for a site it
      // trusts, and the reconnect's bound ends the wait when it would ask.
      return parseAccounts(
        await callWallet('requestAccounts', () => provider.requestAccounts(), promptTimeoutMs),
      )
    },

    async signMessage({ address, message }) {
      const result = await callWallet(
        'signMessage',
        () => provider.signMessage(address, new TextEncoder().encode(message)),
        promptTimeoutMs,
      )
      return toBase64(requireBytes((result as { signature?: unknown } | undefined)?.signature, 'signature'))
    },

    async signPsbt({ psbt, address, inputs }) {
      const signed = await callWallet(
        'signPSBT',
        () =>
          provider.signPSBT(fromBase64(psbt), {
            inputsToSign: [{ address, signingIndexes: [...inputs] }],
            finalize: false,
          }),
        promptTimeoutMs,
      )
      return toBase64(requireBytes(signed, 'signed PSBT'))
    },

    onAccountsChanged(listener) {
      if (typeof provider.on !== 'function') return () => {}
      const handler = (list: unknown) => {
        try {
          forgotten = Array.isArray(list) && list.length === 0
          changed = { accounts: forgotten ? undefined : parseAccounts(list) }
        } catch (error) {
          logger.warn(`bip122: ${connector.name} reported malformed accounts`, error)
          return
        }
        listener()
      }
      try {
        provider.on('accountsChanged', handler)
      } catch (error) {
        logger.warn(`bip122: ${connector.name} refused an account listener`, error)
        return () => {}
      }
      return () => {
        try {
          provider.removeListener?.('accountsChanged', handler)
        } catch (error) {
          logger.debug(`bip122: ${connector.name} refused to remove a listener`, error)
        }
      }
    },
  }
}
