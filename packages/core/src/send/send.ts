import { type Snapshot, snapshot } from 'valtio/vanilla'
import type { TokenBalance } from '../api/schemas.js'
import { getIsSmartAccount } from '../connection/smartAccount.js'
import { formatUnits } from '../format/formatUnits.js'
import { ParseUnitsError, type ParseUnitsReason, parseUnits } from '../format/parseUnits.js'
import type { Network } from '../network/types.js'
import type { Portico, PorticoState } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { SendState } from '../state.js'
import { isNativeToken, scaledPrice, toBaseUnits, tokenDecimals, usdOf, usdToNumber } from './amounts.js'

/** The send form with what it is read against: the account's tokens, its network and address. */
export interface SendInfo extends Readonly<SendState> {
  /** The account's tokens on the active network, native first (SPEC §3 tokenBalances). */
  tokenBalances: readonly TokenBalance[]
  /** The network's own currency among them, when known. */
  nativeToken: TokenBalance | undefined
  address: string | undefined
  network: Network | undefined
  /** The fee in whole native tokens, exact, once estimated. */
  feeAmount: string | undefined
  /** The native currency's symbol, for the fee. */
  feeSymbol: string | undefined
  isSmartAccount: boolean
  /**
   * The site's name when its paymaster pays this smart account's network fee ('Network fee: paid
   * by <site>'); undefined when the account pays.
   */
  feePaidBy: string | undefined
}

const sendForm = /* @__PURE__ */ defineSelector((portico: Portico): SendInfo => {
  const { send, modal, chains } = portico.state
  const namespace = modal.activeChain
  const chain = namespace ? chains[namespace] : undefined
  const tokenBalances = chain?.accountState.tokenBalance ?? []
  const network = chain?.networkState.caipNetwork as Network | undefined
  const decimals = network?.nativeCurrency.decimals
  return {
    ...send,
    token: currentToken(send.token, tokenBalances),
    tokenBalances,
    nativeToken: tokenBalances.find(isNativeToken),
    address: chain?.accountState.status === 'connected' ? chain.accountState.address : undefined,
    network,
    feeAmount: send.fee !== undefined && decimals !== undefined ? formatUnits(send.fee, decimals) : undefined,
    feeSymbol: network?.nativeCurrency.symbol,
    isSmartAccount: getIsSmartAccount(portico),
    feePaidBy:
      getIsSmartAccount(portico) && chain?.accountState.smartAccountSponsored
        ? (portico.options.metadata?.name ?? 'this site')
        : undefined,
  }
})
/**
 * The send form and its context, for the Send views.
 *
 * @example
 * const { token, sendTokenAmount, tokenBalances } = getSend(portico)
 */
export const getSend = sendForm.get
/** Calls `onChange(send, previous)` when the form or what it is read against changes; returns the unsubscribe. */
export const watchSend = sendForm.watch

/**
 * The first thing that stops a send, in the order the form is filled in. The view turns each into
 * the primary button's label.
 */
export type SendProblem =
  | 'notConnected'
  | 'noToken'
  | 'noAmount'
  | 'invalidAmount'
  | 'tooManyDecimals'
  | 'zeroAmount'
  | 'insufficientFunds'
  | 'noReceiver'
  | 'invalidAddress'
  | 'noFeeEstimate'
  | 'insufficientGas'
  | 'unsupportedChain'

export interface SendValidation {
  /** The first problem; undefined when the send can go ahead. */
  problem: SendProblem | undefined
  /** Why the amount could not be read, when it could not. */
  amountError: ParseUnitsReason | undefined
  /** The amount in the token's base units, when it could be read. */
  amount: bigint | undefined
  /** Sending to the connected address itself: allowed, but worth a warning. */
  toSelf: boolean
  /** The amount's value in USD when the token's price is known (display only). */
  amountInUSD: number | undefined
  /** The fee's value in USD when the native price is known (display only). */
  feeInUSD: number | undefined
}

/** What validation reads; plain data so the read and `sendTokens` check the same thing. */
export interface SendCheckInput {
  send: Pick<SendState, 'token' | 'sendTokenAmount' | 'decimalSeparator' | 'receiverAddress' | 'fee'>
  address: string | undefined
  network: Network | undefined
  unsupported: boolean
  tokenBalances: readonly TokenBalance[]
  /** The exact native balance from the adapter, in whole tokens, when read. */
  nativeBalance: string | undefined
  isSmartAccount: boolean
  isAddress: ((address: string) => boolean) | undefined
}

/** The SPEC §5 Sending checks over plain data; see `getSendValidation`. */
export function checkSend(input: SendCheckInput): SendValidation {
  const { send, network } = input
  const token = currentToken(send.token, input.tokenBalances)
  let amountError: ParseUnitsReason | undefined
  let amount: bigint | undefined
  if (token) {
    try {
      amount = parseUnits(send.sendTokenAmount, tokenDecimals(token), {
        decimalSeparator: send.decimalSeparator,
      })
    } catch (error) {
      if (!(error instanceof ParseUnitsError)) throw error
      amountError = error.reason
    }
  }
  const toSelf =
    input.address !== undefined &&
    send.receiverAddress !== '' &&
    send.receiverAddress.toLowerCase() === input.address.toLowerCase()
  const tokenPrice = token ? scaledPrice(token.price) : undefined
  const amountInUSD =
    token && amount !== undefined && tokenPrice
      ? usdToNumber(usdOf(amount, tokenDecimals(token), tokenPrice))
      : undefined

  const native = input.tokenBalances.find(isNativeToken)
  const nativeDecimals = network?.nativeCurrency.decimals ?? (native ? tokenDecimals(native) : undefined)
  const nativePrice = native ? scaledPrice(native.price) : undefined
  const nativeNumeric = input.nativeBalance ?? native?.quantity.numeric
  const nativeBalance =
    nativeNumeric !== undefined && nativeDecimals !== undefined
      ? toBaseUnits(nativeNumeric, nativeDecimals)
      : undefined
  const feeInUSD =
    send.fee !== undefined && nativePrice && nativeDecimals !== undefined
      ? usdToNumber(usdOf(send.fee, nativeDecimals, nativePrice))
      : undefined

  const result = (problem: SendProblem | undefined): SendValidation => ({
    problem,
    amountError,
    amount,
    toSelf,
    amountInUSD,
    feeInUSD,
  })

  if (!input.address || !network) return result('notConnected')
  // A token picked on another network is not this network's token, whatever its balance says.
  if (!token || token.chainId !== network.caipNetworkId) return result('noToken')
  if (amountError === 'empty') return result('noAmount')
  if (amountError === 'tooManyDecimals') return result('tooManyDecimals')
  if (amountError || amount === undefined) return result('invalidAmount')
  if (amount === 0n) return result('zeroAmount')
  const balance = toBaseUnits(token.quantity.numeric, tokenDecimals(token))
  if (amount > balance) return result('insufficientFunds')
  if (send.receiverAddress === '') return result('noReceiver')
  if (!input.isAddress?.(send.receiverAddress)) return result('invalidAddress')

  // SPEC §5: never short of gas for smart accounts.
  if (!input.isSmartAccount) {
    const native = isNativeToken(token)
    // SPEC §5: a native send also needs the gas price; a token send can leave it to the wallet.
    if (send.fee === undefined) {
      if (native) return result('noFeeEstimate')
    } else if (nativeBalance !== undefined && nativeDecimals !== undefined) {
      // SPEC §5: gas is insufficient if the network balance in USD is zero or below the gas price
      // in USD. Without a price the same rule is applied to the base units themselves.
      const short = nativePrice
        ? isShort(
            usdOf(nativeBalance, nativeDecimals, nativePrice),
            usdOf(send.fee, nativeDecimals, nativePrice),
          )
        : isShort(nativeBalance, send.fee)
      if (short) return result('insufficientGas')
      // The amount and the fee both come out of the native balance.
      if (native && amount + send.fee > nativeBalance) return result('insufficientGas')
    }
  }
  if (input.unsupported) return result('unsupportedChain')
  return result(undefined)
}

/**
 * The chosen token as the latest balances have it: the form keeps the token picked, and its
 * balance follows refreshes (after a send, for one).
 */
export function currentToken(
  token: TokenBalance | undefined,
  tokenBalances: readonly TokenBalance[],
): TokenBalance | undefined {
  if (!token) return undefined
  return tokenBalances.find((candidate) => sameToken(candidate, token)) ?? token
}

function sameToken(a: TokenBalance, b: TokenBalance): boolean {
  return a.chainId === b.chainId && (a.address ?? '').toLowerCase() === (b.address ?? '').toLowerCase()
}

function isShort(balance: bigint, fee: bigint): boolean {
  return balance === 0n || balance < fee
}

/** Reads the validation input from the instance, as it is now. */
export function readSendInput(portico: Portico): SendCheckInput {
  return sendInputOf(portico, snapshot(portico.state))
}

function sendInputOf(portico: Portico, { send, modal, chains }: Snapshot<PorticoState>): SendCheckInput {
  const namespace = modal.activeChain
  const chain = namespace ? chains[namespace] : undefined
  const connected = chain?.accountState.status === 'connected'
  const adapter = namespace ? portico.internal.adapters.get(namespace) : undefined
  return {
    send,
    address: connected ? chain?.accountState.address : undefined,
    network: chain?.networkState.caipNetwork as Network | undefined,
    unsupported: Boolean(chain?.networkState.unsupportedCaipNetworkId),
    tokenBalances: (chain?.accountState.tokenBalance ?? []) as readonly TokenBalance[],
    nativeBalance: chain?.accountState.balance,
    isSmartAccount: getIsSmartAccount(portico),
    isAddress: adapter?.send ? (address) => adapter.send?.isAddress(address) ?? false : undefined,
  }
}

// Validation reads the instance's own state: inside a read it is the read's snapshot.
const sendValidation = /* @__PURE__ */ defineSelector(
  (portico: Portico): SendValidation => checkSend(sendInputOf(portico, portico.state)),
)
/**
 * Whether the send form can be sent, and if not the first reason, as a typed key (SPEC §5
 * Sending): no token, no amount, an amount that is not a number or has too many decimals, zero,
 * more than the balance, no receiver, an invalid address, no fee estimate for a native send,
 * insufficient gas (never for smart accounts), an unsupported chain. Sending to oneself is allowed
 * and flagged as `toSelf`.
 *
 * @example
 * const { problem } = getSendValidation(portico) // 'noAmount'
 */
export const getSendValidation = sendValidation.get
/** Calls `onChange(validation, previous)` when the form's first problem or amounts change; returns the unsubscribe. */
export const watchSendValidation = sendValidation.watch

const sendMax = /* @__PURE__ */ defineSelector((portico: Portico): string | undefined => {
  const { send, modal, chains } = portico.state
  const namespace = modal.activeChain
  const tokenBalances = namespace ? (chains[namespace]?.accountState.tokenBalance ?? []) : []
  const token = currentToken(send.token, tokenBalances)
  if (!token) return undefined
  const decimals = tokenDecimals(token)
  const balance = toBaseUnits(token.quantity.numeric, decimals)
  if (!isNativeToken(token)) return formatUnits(balance, decimals)
  if (send.fee === undefined) return undefined
  const left = balance - send.fee
  return formatUnits(left > 0n ? left : 0n, decimals)
})
/**
 * The most the form can send, in whole tokens (exact): the whole token balance, or for the native
 * token the balance minus the estimated fee, never below zero. Undefined while no token is chosen,
 * or for a native send before the fee is known.
 *
 * @example
 * setSendAmount(portico, { amount: getSendMax(portico) ?? '' })
 */
export const getSendMax = sendMax.get
/** Calls `onChange(max, previous)` when the most the form can send changes; returns the unsubscribe. */
export const watchSendMax = sendMax.watch
