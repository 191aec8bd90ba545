import type { Logger, Network } from '@portico/core'
import { InvalidResponseError } from '@portico/core'
import { decodeBitcoinAddress, isAddressOfFormat } from './bitcoinAddress.js'
import { BitcoinChainNotSupportedError } from './errors.js'
import { getAddressFormat, getChainKind } from './networks.js'
import type { BitcoinAccountPurpose, BitcoinWalletAccount, BitcoinWalletDriver } from './walletDriver.js'

// What a connection does once a wallet answered: loaded with the drivers, off the eager entry.

/** A connected wallet: its driver, its accounts by purpose, the active one, and its listener. */
export interface WalletSession {
  driver: BitcoinWalletDriver
  payment: BitcoinWalletAccount
  ordinals: BitcoinWalletAccount | undefined
  active: BitcoinAccountPurpose
  unsubscribe: () => void
}

/**
 * The ordinals account, if it is a valid address of its own: a single-address wallet (Unisat) holds
 * ordinals on its payment address, and the Account view then has nothing to switch between.
 */
function ordinalsOf(
  accounts: readonly BitcoinWalletAccount[],
  payment: BitcoinWalletAccount,
): BitcoinWalletAccount | undefined {
  const ordinals = accounts.find((account) => account.purpose === 'ordinals')
  if (!ordinals || ordinals.address === payment.address || !decodeBitcoinAddress(ordinals.address))
    return undefined
  return ordinals
}

export interface OpenSessionParameters {
  driver: BitcoinWalletDriver
  accounts: readonly BitcoinWalletAccount[]
  logger: Logger
  /** The addresses as core lists them, the active one first. */
  ordered: (session: WalletSession) => string[]
  /** Whether the session is still the connection's (a later connect replaces it). */
  isCurrent: (session: WalletSession) => boolean
  onAccounts: (accounts: string[]) => void
  /** The wallet forgot the site. */
  onGone: () => void
}

/** A session over the wallet's answer, following the accounts the wallet changes to. */
export function openSession(parameters: OpenSessionParameters): WalletSession {
  const { driver, accounts, logger, ordered, isCurrent } = parameters
  const payment = accounts.find((account) => account.purpose === 'payment')
  if (!payment || !decodeBitcoinAddress(payment.address))
    throw new InvalidResponseError('account list', { details: 'no valid payment address' })
  const session: WalletSession = {
    driver,
    payment,
    ordinals: ordinalsOf(accounts, payment),
    active: 'payment',
    unsubscribe: () => {},
  }
  session.unsubscribe = driver.onAccountsChanged(() => {
    if (!isCurrent(session)) return
    driver.getAccounts().then(
      (next) => {
        if (!isCurrent(session)) return
        const nextPayment = next?.find((account) => account.purpose === 'payment')
        if (!next || !nextPayment) {
          parameters.onGone()
          return
        }
        if (!decodeBitcoinAddress(nextPayment.address)) {
          logger.warn('bip122: dropped a malformed account change', next)
          return
        }
        const before = ordered(session).join(' ')
        session.payment = nextPayment
        session.ordinals = ordinalsOf(next, nextPayment)
        if (!session.ordinals) session.active = 'payment'
        const after = ordered(session)
        if (after.join(' ') !== before) parameters.onAccounts(after)
      },
      (error) => logger.warn('bip122: could not read the changed accounts', error),
    )
  })
  return session
}

/**
 * Asks the wallet to move to `network`'s chain when it can say where it is and move, re-reads its
 * accounts, and refuses when the payment address is still not one of the network.
 */
export async function moveSessionToChain(session: WalletSession, network: Network): Promise<void> {
  const { driver } = session
  const format = getAddressFormat(network)
  const wanted = getChainKind(network)
  const current = await driver.getChain?.().catch(() => undefined)
  if (
    driver.switchChain &&
    current !== undefined &&
    current !== wanted &&
    !(current === 'testnet' && wanted !== 'mainnet' && wanted !== 'regtest')
  )
    await driver.switchChain(wanted)
  const accounts = driver.switchChain ? await driver.getAccounts() : undefined
  const payment = accounts?.find((account) => account.purpose === 'payment')
  if (accounts && payment) {
    session.payment = payment
    session.ordinals = ordinalsOf(accounts, payment)
  }
  const decoded = decodeBitcoinAddress(session.payment.address)
  if (!decoded || !isAddressOfFormat(decoded, format))
    throw new BitcoinChainNotSupportedError({
      details: `${driver.connector.name}'s payment address ${session.payment.address} is not a ${format.label} address (${network.name}).`,
    })
}
