import { type Connector, InvalidResponseError, type Logger } from '@portico/core'
import {
  getWalletFeature,
  STANDARD_DISCONNECT,
  STANDARD_EVENTS,
  type StandardDisconnectFeature,
  type StandardEventsFeature,
  type WalletStandardAccount,
  type WalletStandardWallet,
} from '@portico/core/adapter-kit'
import { decodeBitcoinAddress } from './bitcoinAddress.js'
import {
  BITCOIN_CONNECT,
  BITCOIN_SIGN_AND_SEND_TRANSACTION,
  BITCOIN_SIGN_MESSAGE,
  BITCOIN_SIGN_TRANSACTION,
  type BitcoinConnectFeature,
  type BitcoinSignAndSendTransactionFeature,
  type BitcoinSignMessageFeature,
  type BitcoinSignTransactionFeature,
  getBitcoinStandardChain,
} from './bitcoinWalletStandard.js'
import { fromBase64, requireBytes, requireTxid, toBase64, toHex } from './bytes.js'
import { callWallet } from './callWallet.js'
import type {
  BitcoinAccountPurpose,
  BitcoinPsbtRequest,
  BitcoinWalletAccount,
  BitcoinWalletDriver,
} from './walletDriver.js'

function isAccount(value: unknown): value is WalletStandardAccount {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as WalletStandardAccount).address === 'string' &&
    decodeBitcoinAddress((value as WalletStandardAccount).address) !== undefined
  )
}

export interface BitcoinStandardDriverParameters {
  wallet: WalletStandardWallet
  connector: Connector
  promptTimeoutMs: number
  logger: Logger
}

/** One Wallet Standard wallet spoken to through its `bitcoin:` and `standard:` features. */
export function createBitcoinStandardDriver(
  parameters: BitcoinStandardDriverParameters,
): BitcoinWalletDriver {
  const { wallet, connector, promptTimeoutMs, logger } = parameters
  // The purpose of each address as connect answered it: the standard's accounts carry none.
  const purposeOf = new Map<string, BitcoinAccountPurpose>()
  const standardAccounts = new Map<string, WalletStandardAccount>()

  const toAccounts = (list: readonly WalletStandardAccount[]): BitcoinWalletAccount[] => {
    const accounts: BitcoinWalletAccount[] = []
    for (const account of list) {
      standardAccounts.set(account.address, account)
      // An address connect did not name (a change in the wallet): taproot holds ordinals.
      const purpose =
        purposeOf.get(account.address) ??
        (decodeBitcoinAddress(account.address)?.type === 'p2tr' ? 'ordinals' : 'payment')
      if (accounts.some((known) => known.purpose === purpose)) continue
      accounts.push({
        address: account.address,
        publicKey: account.publicKey instanceof Uint8Array ? toHex(account.publicKey) : '',
        purpose,
      })
    }
    return accounts
  }
  const accountOf = (address: string): WalletStandardAccount => {
    const account =
      wallet.accounts.find((candidate) => candidate.address === address) ?? standardAccounts.get(address)
    if (!account) throw new InvalidResponseError('account list', { details: `no account ${address}` })
    return account
  }
  const psbtInput = ({ psbt, address, inputs, chain }: BitcoinPsbtRequest) => ({
    psbt: fromBase64(psbt),
    inputsToSign: [{ account: accountOf(address), signingIndexes: [...inputs] }],
    chain: getBitcoinStandardChain(chain),
  })

  const signTransaction = getWalletFeature<BitcoinSignTransactionFeature>(
    wallet,
    BITCOIN_SIGN_TRANSACTION,
    'signTransaction',
  )
  const signAndSend = getWalletFeature<BitcoinSignAndSendTransactionFeature>(
    wallet,
    BITCOIN_SIGN_AND_SEND_TRANSACTION,
    'signAndSendTransaction',
  )

  return {
    connector,

    async requestAccounts() {
      const feature = getWalletFeature<BitcoinConnectFeature>(wallet, BITCOIN_CONNECT, 'connect')!
      const purposes: BitcoinAccountPurpose[] = ['payment', 'ordinals']
      const output = await callWallet(
        BITCOIN_CONNECT,
        () => feature.connect({ purposes: [...purposes] }),
        promptTimeoutMs,
      )
      const list = (output as { accounts?: unknown } | undefined)?.accounts
      if (!Array.isArray(list) || !list.every(isAccount))
        throw new InvalidResponseError('account list', { details: 'bitcoin:connect gave no valid accounts' })
      // The standard answers the accounts in the order of the purposes; one account serves both.
      list.forEach((account, index) => {
        const purpose = purposes[index]
        if (purpose && !purposeOf.has(account.address)) purposeOf.set(account.address, purpose)
      })
      return toAccounts(list)
    },

    async getAccounts() {
      // The standard's wallet lists the accounts the site may use; none means not authorised.
      const list = wallet.accounts.filter(isAccount)
      return list.length > 0 ? toAccounts(list) : undefined
    },

    async signMessage({ address, message }) {
      const feature = getWalletFeature<BitcoinSignMessageFeature>(wallet, BITCOIN_SIGN_MESSAGE, 'signMessage')
      if (!feature)
        throw new InvalidResponseError('signature', { details: `${wallet.name} cannot sign messages` })
      const outputs = await callWallet(
        BITCOIN_SIGN_MESSAGE,
        () =>
          feature.signMessage({ account: accountOf(address), message: new TextEncoder().encode(message) }),
        promptTimeoutMs,
      )
      const signature = Array.isArray(outputs)
        ? (outputs[0] as { signature?: unknown })?.signature
        : undefined
      return toBase64(requireBytes(signature, 'signature'))
    },

    ...(signTransaction && {
      async signPsbt(request: BitcoinPsbtRequest) {
        const output = await callWallet(
          BITCOIN_SIGN_TRANSACTION,
          () => signTransaction.signTransaction({ ...psbtInput(request), broadcast: false }),
          promptTimeoutMs,
        )
        return toBase64(
          requireBytes((output as { signedPsbt?: unknown } | undefined)?.signedPsbt, 'signed PSBT'),
        )
      },
    }),

    ...(signAndSend && {
      async signAndSendPsbt(request: BitcoinPsbtRequest) {
        const outputs = await callWallet(
          BITCOIN_SIGN_AND_SEND_TRANSACTION,
          () => signAndSend.signAndSendTransaction(psbtInput(request)),
          promptTimeoutMs,
        )
        return requireTxid(Array.isArray(outputs) ? (outputs[0] as { txId?: unknown })?.txId : undefined)
      },
    }),

    async disconnect() {
      const feature = getWalletFeature<StandardDisconnectFeature>(wallet, STANDARD_DISCONNECT, 'disconnect')
      await feature?.disconnect()
    },

    onAccountsChanged(listener) {
      const events = getWalletFeature<StandardEventsFeature>(wallet, STANDARD_EVENTS, 'on')
      if (!events) return () => {}
      try {
        const off = events.on('change', (change) => {
          if (change && 'accounts' in change) listener()
        })
        return typeof off === 'function' ? off : () => {}
      } catch (error) {
        logger.warn(`bip122: ${wallet.name} refused a change listener`, error)
        return () => {}
      }
    },
  }
}
