import { type Connector, InvalidResponseError, type Logger } from '@portico/core'
import { decodeBitcoinAddress } from './bitcoinAddress.js'
import { fromBase64, fromHex, toBase64, toHex } from './bytes.js'
import { callWallet } from './callWallet.js'
import type { BitcoinChainKind, BitcoinWalletAccount, BitcoinWalletDriver } from './walletDriver.js'

/**
 * The Unisat-style injected API (`window.unisat`; OKX's `okxwallet.bitcoin`, Bitget's
 * `bitkeep.unisat`): one address per account, hex PSBTs, EIP-1193-like events.
 */
export interface UnisatProvider {
  requestAccounts(): Promise<string[]>
  getAccounts(): Promise<string[]>
  getPublicKey?(): Promise<string>
  getNetwork?(): Promise<string>
  getChain?(): Promise<{ enum?: string } | undefined>
  switchChain?(chain: string): Promise<unknown>
  switchNetwork?(network: string): Promise<unknown>
  signMessage(message: string, type?: 'ecdsa' | 'bip322-simple'): Promise<string>
  signPsbt(
    psbtHex: string,
    options?: { autoFinalized?: boolean; toSignInputs?: { index: number; address?: string }[] },
  ): Promise<string>
  pushPsbt?(psbtHex: string): Promise<string>
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

// Unisat's chain enums, for the chains the adapter knows.
const CHAINS: Record<string, BitcoinChainKind> = {
  BITCOIN_MAINNET: 'mainnet',
  BITCOIN_TESTNET: 'testnet',
  BITCOIN_TESTNET4: 'testnet4',
  BITCOIN_SIGNET: 'signet',
}
// Its older network names (`getNetwork`/`switchNetwork`).
const NETWORKS: Record<string, BitcoinChainKind> = { livenet: 'mainnet', testnet: 'testnet' }

export interface UnisatDriverParameters {
  provider: UnisatProvider
  connector: Connector
  promptTimeoutMs: number
  logger: Logger
}

/** A Unisat-style wallet: its one address is the payment address and holds the ordinals too. */
export function createUnisatDriver(parameters: UnisatDriverParameters): BitcoinWalletDriver {
  const { provider, connector, promptTimeoutMs, logger } = parameters
  const silentTimeoutMs = Math.min(promptTimeoutMs, 10_000)

  const toAccounts = async (list: unknown, method: string): Promise<BitcoinWalletAccount[] | undefined> => {
    if (!Array.isArray(list))
      throw new InvalidResponseError('account list', { details: `${method}: not a list` })
    if (list.length === 0) return undefined
    const address = list[0]
    if (typeof address !== 'string' || !decodeBitcoinAddress(address))
      throw new InvalidResponseError('account list', {
        details: `${method}: ${String(address)} is no address`,
      })
    // The key is only needed to build taproot inputs; a wallet that will not say is still usable.
    const publicKey = provider.getPublicKey
      ? await callWallet('getPublicKey', () => provider.getPublicKey!(), silentTimeoutMs).catch(() => '')
      : ''
    return [{ address, publicKey: typeof publicKey === 'string' ? publicKey : '', purpose: 'payment' }]
  }

  return {
    connector,

    async requestAccounts() {
      const list = await callWallet('requestAccounts', () => provider.requestAccounts(), promptTimeoutMs)
      const accounts = await toAccounts(list, 'requestAccounts')
      if (!accounts) throw new InvalidResponseError('account list', { details: 'requestAccounts: empty' })
      return accounts
    },

    async getAccounts() {
      return toAccounts(
        await callWallet('getAccounts', () => provider.getAccounts(), silentTimeoutMs),
        'getAccounts',
      )
    },

    async signMessage({ message, protocol }) {
      const signature = await callWallet(
        'signMessage',
        () => provider.signMessage(message, protocol === 'ecdsa' ? 'ecdsa' : 'bip322-simple'),
        promptTimeoutMs,
      )
      if (typeof signature !== 'string' || signature.length === 0) throw new InvalidResponseError('signature')
      return signature
    },

    async signPsbt({ psbt, address, inputs }) {
      const signed = await callWallet(
        'signPsbt',
        () =>
          provider.signPsbt(toHex(fromBase64(psbt)), {
            // The adapter finalizes after checking the wallet signed what it was given.
            autoFinalized: false,
            toSignInputs: inputs.map((index) => ({ index, address })),
          }),
        promptTimeoutMs,
      )
      return toBase64(fromHex(signed, 'signed PSBT'))
    },

    async getChain() {
      if (provider.getChain) {
        const chain = await callWallet('getChain', () => provider.getChain!(), silentTimeoutMs)
        return chain?.enum ? CHAINS[chain.enum] : undefined
      }
      if (provider.getNetwork) {
        const network = await callWallet('getNetwork', () => provider.getNetwork!(), silentTimeoutMs)
        return typeof network === 'string' ? NETWORKS[network] : undefined
      }
      return undefined
    },

    ...((provider.switchChain || provider.switchNetwork) && {
      async switchChain(chain: BitcoinChainKind) {
        const name = Object.keys(CHAINS).find((key) => CHAINS[key] === chain)
        if (provider.switchChain && name) {
          await callWallet('switchChain', () => provider.switchChain!(name), promptTimeoutMs)
          return
        }
        const network = Object.keys(NETWORKS).find((key) => NETWORKS[key] === chain)
        if (provider.switchNetwork && network)
          await callWallet('switchNetwork', () => provider.switchNetwork!(network), promptTimeoutMs)
      },
    }),

    onAccountsChanged(listener) {
      if (typeof provider.on !== 'function') return () => {}
      const handler = () => listener()
      try {
        provider.on('accountsChanged', handler)
        // A network change gives the wallet's address on the other chain: re-read it as well.
        provider.on('networkChanged', handler)
      } catch (error) {
        logger.warn(`bip122: ${connector.name} refused an account listener`, error)
        return () => {}
      }
      return () => {
        try {
          provider.removeListener?.('accountsChanged', handler)
          provider.removeListener?.('networkChanged', handler)
        } catch (error) {
          logger.debug(`bip122: ${connector.name} refused to remove a listener`, error)
        }
      }
    },
  }
}
