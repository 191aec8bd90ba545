import type { ConnectorType, FeeEstimate } from '../adapterKit/contract.js'
import type { TokenBalance } from '../api/schemas.js'
import { connect } from '../connection/connect.js'
import { parseUnits } from '../format/parseUnits.js'
import { initialize } from '../initialize.js'
import { navigate } from '../modal/navigate.js'
import { openModal } from '../modal/openModal.js'
import type { Portico } from '../portico.js'
import { startSendForm } from '../send/modal/watchSendForm.js'
import { setSendAmount } from '../send/setSendAmount.js'
import { setSendReceiver } from '../send/setSendReceiver.js'
import { setSendToken } from '../send/setSendToken.js'
import { fakeAdapter, flush, setup, testConnector } from './fakeAdapter.testkit.js'

export const SELF = '0x1111111111111111111111111111111111111111'
export const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
export const USDC_CONTRACT = `0x${'aa'.repeat(20)}`
export const HASH = `0x${'cd'.repeat(32)}`
/** 21 000 gas at 1 gwei: 0.000021 ETH, what the fake adapter estimates by default. */
export const FEE: FeeEstimate = {
  fee: 21_000_000_000_000n,
  breakdown: { gas: 21_000n, gasPrice: 1_000_000_000n },
}

export function eth(numeric: string, price = 0): TokenBalance {
  return {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:1',
    value: 0,
    price,
    quantity: { decimals: '18', numeric },
  }
}

export function usdc(numeric: string): TokenBalance {
  return {
    name: 'USD Coin',
    symbol: 'USDC',
    chainId: 'eip155:1',
    address: `eip155:1:${USDC_CONTRACT}`,
    value: 0,
    price: 1,
    quantity: { decimals: '6', numeric },
  }
}

export type ConnectedSendAccountOptions = {
  /** The native balance, in whole ETH; 1.2345 by default. */
  native?: string
  /** The native token's USD price; 0 (unknown) by default. */
  price?: number
  type?: ConnectorType
  logger?: Portico['internal']['logger']
}

/** A connected account on eip155:1 holding `native` ETH and 100.5 USDC, on an adapter that can send. */
export async function connectedSendAccount(options: ConnectedSendAccountOptions = {}) {
  const native = options.native ?? '1.2345'
  const { factory, handle } = fakeAdapter(
    'eip155',
    [testConnector('io.metamask', { type: options.type ?? 'ANNOUNCED' })],
    { send: true },
  )
  handle.balance = parseUnits(native, 18)
  const context = await setup({
    adapters: [factory],
    ...(options.logger ? { logger: options.logger } : {}),
  })
  const { portico } = context
  await initialize(portico)
  await connect(portico, { connectorId: 'io.metamask' })
  await flush()
  const account = portico.state.chains.eip155!.accountState
  account.balance = native
  account.tokenBalance = [eth(native, options.price), usdc('100.5')]
  return { ...context, handle, native }
}

/** Chooses the token and types the amount and the receiver. */
export function fillSendForm(portico: Portico, token: TokenBalance, amount: string, receiver = RECEIVER) {
  setSendToken(portico, { token })
  setSendAmount(portico, { amount })
  setSendReceiver(portico, { address: receiver })
}

/**
 * Opens the modal on the send form, as the Account view's Send button does, with the form's flow
 * started as the send views start it, and waits for the balance read that opening it starts; the
 * account holds `balances` afterwards.
 */
export async function openSendForm(portico: Portico, balances: readonly TokenBalance[]) {
  startSendForm(portico)
  openModal(portico)
  navigate(portico, { view: 'WalletSend' })
  await flush()
  portico.state.chains.eip155!.accountState.tokenBalance = [...balances]
}
