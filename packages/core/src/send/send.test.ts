// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { ConnectorType, FeeEstimate } from '../adapterKit/contract.js'
import type { TokenBalance } from '../api/schemas.js'
import { connect } from '../connection/connect.js'
import { disconnect } from '../connection/disconnect.js'
import { getIsSmartAccount } from '../connection/smartAccount.js'
import { SendFailedError } from '../errors/base.js'
import { parseUnits } from '../format/parseUnits.js'
import { initialize } from '../initialize.js'
import { navigate } from '../modal/navigate.js'
import { openModal } from '../modal/openModal.js'
import { switchNetwork } from '../network/switchNetwork.js'
import { MESSAGES } from '../notices/messages.js'
import {
  fakeAdapter,
  flush,
  rejected,
  setup,
  testConnector,
  testNetwork,
} from '../testing/fakeAdapter.testkit.js'
import { cancelSend } from './cancelSend.js'
import { estimateSendFee } from './estimateSendFee.js'
import { resetSend } from './resetSend.js'
import { getSend, getSendMax, getSendValidation } from './send.js'
import { SEND_CONFIRMATION_TIMEOUT_MS, SendValidationError, sendTokens } from './sendTokens.js'
import { setSendAmount } from './setSendAmount.js'
import { setSendReceiver } from './setSendReceiver.js'
import { setSendToken } from './setSendToken.js'

const SELF = '0x1111111111111111111111111111111111111111'
const RECEIVER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const USDC_CONTRACT = `0x${'aa'.repeat(20)}`
const HASH = `0x${'cd'.repeat(32)}`
// 21 000 gas at 1 gwei: 0.000021 ETH.
const FEE: FeeEstimate = { fee: 21_000_000_000_000n, breakdown: { gas: 21_000n, gasPrice: 1_000_000_000n } }

function eth(numeric: string, price = 0): TokenBalance {
  return {
    name: 'Ether',
    symbol: 'ETH',
    chainId: 'eip155:1',
    value: 0,
    price,
    quantity: { decimals: '18', numeric },
  }
}
function usdc(numeric: string): TokenBalance {
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

afterEach(() => {
  vi.useRealTimers()
})

/** A connected account on eip155:1 holding `native` ETH and 100.5 USDC, on an adapter that can send. */
async function connected(options: { native?: string; price?: number; type?: ConnectorType } = {}) {
  const native = options.native ?? '1.2345'
  const { factory, handle } = fakeAdapter(
    'eip155',
    [testConnector('io.metamask', { type: options.type ?? 'ANNOUNCED' })],
    {
      send: true,
    },
  )
  handle.balance = parseUnits(native, 18)
  const context = await setup({ adapters: [factory] })
  const { portico } = context
  await initialize(portico)
  await connect(portico, { connectorId: 'io.metamask' })
  await flush()
  const account = portico.state.chains.eip155!.accountState
  account.balance = native
  account.tokenBalance = [eth(native, options.price), usdc('100.5')]
  return { ...context, handle }
}

function fill(
  portico: Parameters<typeof getSend>[0],
  token: TokenBalance,
  amount: string,
  receiver = RECEIVER,
) {
  setSendToken(portico, { token })
  setSendAmount(portico, { amount })
  setSendReceiver(portico, { address: receiver })
}

describe('getSendValidation (SPEC §5 Sending)', () => {
  test('names the first problem, in the order the form is filled in', async () => {
    const problem = () => getSendValidation(portico).problem
    const { portico: fresh } = await setup()
    expect(getSendValidation(fresh).problem).toBe('notConnected')

    const { portico } = await connected()
    expect(problem()).toBe('noToken')
    setSendToken(portico, { token: usdc('100.5') })
    expect(problem()).toBe('noAmount')
    setSendAmount(portico, { amount: 'abc' })
    expect(problem()).toBe('invalidAmount')
    setSendAmount(portico, { amount: '-3' })
    expect(problem()).toBe('invalidAmount')
    expect(getSendValidation(portico).amountError).toBe('negative')
    setSendAmount(portico, { amount: '1e3' })
    expect(getSendValidation(portico).amountError).toBe('exponent')
    setSendAmount(portico, { amount: '1.1234567' })
    expect(problem()).toBe('tooManyDecimals')
    setSendAmount(portico, { amount: '0.000' })
    expect(problem()).toBe('zeroAmount')
    setSendAmount(portico, { amount: '100.500001' })
    expect(problem()).toBe('insufficientFunds')
    setSendAmount(portico, { amount: '100.5' })
    expect(problem()).toBe('noReceiver')
    setSendReceiver(portico, { address: '0x1234' })
    expect(problem()).toBe('invalidAddress')
    setSendReceiver(portico, { address: `  ${RECEIVER} ` })
    // A token send does not wait for the fee estimate (SPEC §5: token, amount and receiver).
    expect(problem()).toBeUndefined()
    expect(getSendValidation(portico).amount).toBe(100_500_000n)
    expect(getSendValidation(portico).amountInUSD).toBe(100.5)
  })

  test('reads the amount with the locale decimal comma it was typed with', async () => {
    const { portico } = await connected()
    fill(portico, usdc('100.5'), '')
    setSendAmount(portico, { amount: '2,5', decimalSeparator: ',' })
    expect(getSendValidation(portico).amount).toBe(2_500_000n)
    setSendAmount(portico, { amount: '2,5' })
    expect(getSendValidation(portico).problem).toBe('invalidAmount')
  })

  test('allows sending to the account itself, and flags it', async () => {
    const { portico } = await connected()
    fill(portico, usdc('100.5'), '1', SELF.toUpperCase().replace('0X', '0x'))
    expect(getSendValidation(portico).problem).toBeUndefined()
    expect(getSendValidation(portico).toSelf).toBe(true)
    setSendReceiver(portico, { address: RECEIVER })
    expect(getSendValidation(portico).toSelf).toBe(false)
  })

  test('a native send needs the fee estimate first', async () => {
    const { portico } = await connected()
    fill(portico, eth('1.2345'), '0.5')
    expect(getSendValidation(portico).problem).toBe('noFeeEstimate')
    await estimateSendFee(portico)
    expect(getSendValidation(portico).problem).toBeUndefined()
    expect(getSend(portico).gasPrice).toBe(1_000_000_000n)
    expect(getSend(portico).feeAmount).toBe('0.000021')
  })

  test('gas in USD: insufficient when the native balance is worth less than the fee', async () => {
    // 0.00002 ETH at $2000 is $0.04; the fee, 0.000021 ETH, is $0.042.
    const { portico } = await connected({ native: '0.00002', price: 2000 })
    fill(portico, usdc('100.5'), '1')
    await estimateSendFee(portico)
    expect(getSend(portico).gasPriceInUSD).toBeCloseTo(0.042, 10)
    expect(getSend(portico).networkBalanceInUSD).toBeCloseTo(0.04, 10)
    expect(getSendValidation(portico).feeInUSD).toBeCloseTo(0.042, 10)
    expect(getSendValidation(portico).problem).toBe('insufficientGas')
  })

  test('gas in USD: enough when the native balance covers the fee exactly', async () => {
    const { portico } = await connected({ native: '0.000021', price: 2000 })
    fill(portico, usdc('100.5'), '1')
    await estimateSendFee(portico)
    expect(getSendValidation(portico).problem).toBeUndefined()
  })

  test('gas in USD: a native balance worth zero is insufficient', async () => {
    const { portico, handle } = await connected({ native: '0', price: 2000 })
    handle.nextFee = { fee: 0n, breakdown: { gas: 21_000n, gasPrice: 0n } }
    fill(portico, usdc('100.5'), '1')
    await estimateSendFee(portico)
    expect(getSendValidation(portico).problem).toBe('insufficientGas')
  })

  test('gas without a price: the fee is compared with the native balance in base units', async () => {
    const { portico } = await connected({ native: '0.000020999999999999' })
    fill(portico, usdc('100.5'), '1')
    await estimateSendFee(portico)
    expect(getSend(portico).gasPriceInUSD).toBeUndefined()
    expect(getSendValidation(portico).problem).toBe('insufficientGas')

    const enough = await connected({ native: '0.000021' })
    fill(enough.portico, usdc('100.5'), '1')
    await estimateSendFee(enough.portico)
    expect(getSendValidation(enough.portico).problem).toBeUndefined()
  })

  test('a native send needs the amount and the fee together', async () => {
    const { portico } = await connected({ native: '1' })
    fill(portico, eth('1'), '0.99998')
    await estimateSendFee(portico)
    expect(getSendValidation(portico).problem).toBe('insufficientGas')
    setSendAmount(portico, { amount: '0.999979' })
    expect(getSendValidation(portico).problem).toBeUndefined()
    setSendAmount(portico, { amount: '1.000001' })
    expect(getSendValidation(portico).problem).toBe('insufficientFunds')
  })

  test('a smart account is never short of gas (SPEC §5, §6)', async () => {
    const { portico } = await connected({ native: '0', type: 'AUTH' })
    const chain = portico.state.chains.eip155!
    fill(portico, usdc('100.5'), '1')
    await estimateSendFee(portico)
    expect(getIsSmartAccount(portico)).toBe(false)
    expect(getSendValidation(portico).problem).toBe('insufficientGas')

    chain.networkState.smartAccountEnabledNetworks = [1]
    expect(chain.accountState.preferredAccountType).toBe('smartAccount')
    expect(getIsSmartAccount(portico)).toBe(true)
    expect(getSendValidation(portico).problem).toBeUndefined()

    chain.accountState.preferredAccountType = 'eoa'
    expect(getIsSmartAccount(portico)).toBe(false)
    expect(getSendValidation(portico).problem).toBe('insufficientGas')
  })

  test('only the embedded wallet has smart accounts', async () => {
    const { portico } = await connected({ type: 'ANNOUNCED' })
    portico.state.chains.eip155!.networkState.smartAccountEnabledNetworks = [1]
    expect(getIsSmartAccount(portico)).toBe(false)
  })

  test('a token picked on another network is not a token of this one', async () => {
    const { portico } = await connected()
    fill(portico, { ...usdc('100.5'), chainId: 'eip155:10', address: `eip155:10:${USDC_CONTRACT}` }, '1')
    expect(getSendValidation(portico).problem).toBe('noToken')
  })

  test('follows the balance after a refresh rather than the one seen when the token was picked', async () => {
    const { portico } = await connected()
    fill(portico, usdc('100.5'), '50')
    expect(getSendValidation(portico).problem).toBeUndefined()
    portico.state.chains.eip155!.accountState.tokenBalance = [eth('1.2345'), usdc('40')]
    expect(getSendValidation(portico).problem).toBe('insufficientFunds')
    expect(getSend(portico).token?.quantity.numeric).toBe('40')
  })

  test('keeps its identity while nothing changes', async () => {
    const { portico } = await connected()
    fill(portico, usdc('100.5'), '1')
    expect(getSendValidation(portico)).toBe(getSendValidation(portico))
    expect(getSend(portico)).toBe(getSend(portico))
  })
})

describe('getSendMax', () => {
  test('a token: the whole balance', async () => {
    const { portico } = await connected()
    expect(getSendMax(portico)).toBeUndefined()
    setSendToken(portico, { token: usdc('100.5') })
    expect(getSendMax(portico)).toBe('100.5')
  })

  test('the native token: the balance minus the estimated fee, never below zero', async () => {
    const { portico, handle } = await connected({ native: '1' })
    setSendToken(portico, { token: eth('1') })
    expect(getSendMax(portico)).toBeUndefined()
    await estimateSendFee(portico)
    expect(getSendMax(portico)).toBe('0.999979')
    setSendAmount(portico, { amount: getSendMax(portico)! })
    setSendReceiver(portico, { address: RECEIVER })
    expect(getSendValidation(portico).problem).toBeUndefined()

    handle.nextFee = { fee: 21n * 10n ** 17n, breakdown: { gas: 21_000n, gasPrice: 10n ** 14n } }
    await estimateSendFee(portico)
    expect(getSendMax(portico)).toBe('0')
  })
})

describe('estimateSendFee', () => {
  test('estimates the transfer in the form, with the token contract', async () => {
    const { portico, handle } = await connected()
    fill(portico, usdc('100.5'), '2.5')
    await estimateSendFee(portico)
    const call = handle.calls.filter((c) => c.method === 'estimateFee').at(-1)
    expect(call?.parameters).toMatchObject({
      address: SELF,
      to: RECEIVER,
      amount: 2_500_000n,
      token: USDC_CONTRACT,
      connectorId: 'io.metamask',
    })
  })

  test('before the form is valid, estimates a transfer to the account itself', async () => {
    const { portico, handle } = await connected()
    setSendToken(portico, { token: eth('1.2345') })
    setSendAmount(portico, { amount: '5000' })
    await estimateSendFee(portico)
    const call = handle.calls.filter((c) => c.method === 'estimateFee').at(-1)
    expect(call?.parameters).toMatchObject({ to: SELF, amount: 0n })
    expect(call?.parameters).not.toHaveProperty('token')
  })

  test('drops an estimate that a newer one overtook', async () => {
    const { portico, handle } = await connected()
    const replies: ((fee: FeeEstimate) => void)[] = []
    handle.adapter!.send!.estimateFee = () => new Promise((resolve) => replies.push(resolve))
    fill(portico, usdc('100.5'), '1')
    const first = estimateSendFee(portico)
    const second = estimateSendFee(portico)
    replies[1]?.({ ...FEE, fee: 2n })
    await second
    replies[0]?.({ ...FEE, fee: 1n })
    await first
    expect(getSend(portico).fee).toBe(2n)
    expect(getSend(portico).feeLoading).toBe(false)
  })

  test('drops an estimate for a token that is no longer chosen', async () => {
    const { portico, handle } = await connected()
    const replies: ((fee: FeeEstimate) => void)[] = []
    handle.adapter!.send!.estimateFee = () => new Promise((resolve) => replies.push(resolve))
    fill(portico, usdc('100.5'), '1')
    const pending = estimateSendFee(portico)
    setSendToken(portico, { token: eth('1.2345') })
    replies[0]?.(FEE)
    await pending
    expect(getSend(portico).fee).toBeUndefined()
  })

  test('a failed estimate is reported and leaves no fee', async () => {
    const { portico, handle } = await connected()
    handle.nextFee = new Error('execution reverted')
    fill(portico, eth('1.2345'), '0.1')
    await estimateSendFee(portico)
    expect(getSend(portico).fee).toBeUndefined()
    expect(getSend(portico).feeError).toEqual({ key: 'somethingWentWrong' })
    expect(getSendValidation(portico).problem).toBe('noFeeEstimate')
  })
})

describe('the send form resets', () => {
  test('on a switch to a network of another namespace (SPEC §4)', async () => {
    const evm = fakeAdapter('eip155', [testConnector('io.metamask')], { send: true })
    const sol = fakeAdapter('solana', [testConnector('phantom', { namespace: 'solana' })])
    const { portico } = await setup({
      networks: [testNetwork(1), testNetwork(10), testNetwork('mainnet', 'solana')],
      adapters: [evm.factory, sol.factory],
    })
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    fill(portico, usdc('100.5'), '1')
    await switchNetwork(portico, { networkId: 'eip155:10' })
    expect(getSend(portico).sendTokenAmount).toBe('1')
    await switchNetwork(portico, { networkId: 'solana:mainnet' })
    expect(getSend(portico).token).toBeUndefined()
    expect(getSend(portico).sendTokenAmount).toBe('')
    expect(getSend(portico).receiverAddress).toBe('')
  })

  test('on disconnect', async () => {
    const { portico } = await connected()
    fill(portico, usdc('100.5'), '1')
    await disconnect(portico)
    expect(getSend(portico).token).toBeUndefined()
    expect(getSend(portico).sendTokenAmount).toBe('')
  })

  test('when the wallet moves to another account, not when it reports the same one', async () => {
    const { portico, handle } = await connected()
    fill(portico, usdc('100.5'), '1')
    handle.context!.emit({ type: 'accountsChanged', connectorId: 'io.metamask', accounts: [SELF] })
    expect(getSend(portico).sendTokenAmount).toBe('1')
    handle.context!.emit({ type: 'accountsChanged', connectorId: 'io.metamask', accounts: [RECEIVER] })
    expect(getSend(portico).sendTokenAmount).toBe('')
    expect(getSend(portico).token).toBeUndefined()
  })

  test('resetSend drops an estimate still in flight', async () => {
    const { portico, handle } = await connected()
    const replies: ((fee: FeeEstimate) => void)[] = []
    handle.adapter!.send!.estimateFee = () => new Promise((resolve) => replies.push(resolve))
    fill(portico, usdc('100.5'), '1')
    const pending = estimateSendFee(portico)
    resetSend(portico)
    replies[0]?.(FEE)
    await pending
    expect(getSend(portico).fee).toBeUndefined()
    expect(getSend(portico).feeLoading).toBe(false)
  })
})

describe('sendTokens', () => {
  async function ready(options: Parameters<typeof connected>[0] = {}) {
    const context = await connected(options)
    const { portico } = context
    openModal(portico)
    navigate(portico, { view: 'WalletSend' })
    fill(portico, usdc('100.5'), '0.5')
    await estimateSendFee(portico)
    navigate(portico, { view: 'WalletSendPreview' })
    return context
  }

  test("sends, says 'Transaction started', shows the transaction and lists it as pending", async () => {
    const { portico, handle } = await ready()
    const balanceReads = handle.calls.filter((c) => c.method === 'getBalance').length
    const result = await sendTokens(portico)
    expect(result).toEqual({ status: 'sent', hash: HASH, confirmation: 'success' })
    expect(handle.calls.find((c) => c.method === 'send')?.parameters).toEqual({
      connectorId: 'io.metamask',
      address: SELF,
      network: expect.objectContaining({ caipNetworkId: 'eip155:1' }),
      to: RECEIVER,
      amount: 500_000n,
      token: USDC_CONTRACT,
    })
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'transactionStarted' },
      variant: 'success',
    })
    expect(portico.state.router.route).toEqual({ view: 'WalletSendConfirmed', params: { hash: HASH } })
    expect(portico.state.activity.pending[0]).toMatchObject({
      hash: HASH,
      caipNetworkId: 'eip155:1',
      from: SELF,
      to: RECEIVER,
      amount: '0.5',
      symbol: 'USDC',
      status: 'success',
    })
    const send = getSend(portico)
    expect(send.sent).toMatchObject({
      hash: HASH,
      amount: '0.5',
      symbol: 'USDC',
      status: 'success',
      explorerUrl: `https://explorer.example/tx/${HASH}`,
    })
    expect(handle.calls.find((c) => c.method === 'waitForTransaction')?.parameters).toMatchObject({
      hash: HASH,
      timeoutMs: SEND_CONFIRMATION_TIMEOUT_MS,
    })
    // The balances are read again after the send.
    expect(handle.calls.filter((c) => c.method === 'getBalance').length).toBeGreaterThan(balanceReads)
    // A new send starts empty, on the same token.
    expect(send.sendTokenAmount).toBe('')
    expect(send.receiverAddress).toBe('')
    expect(send.token?.symbol).toBe('USDC')
    expect(send.step).toBe('sent')
  })

  test('a native send carries no token contract', async () => {
    const { portico, handle } = await ready()
    fill(portico, eth('1.2345'), '0.25')
    await estimateSendFee(portico)
    await sendTokens(portico)
    const parameters = handle.calls.find((c) => c.method === 'send')?.parameters as Record<string, unknown>
    expect(parameters.amount).toBe(250_000_000_000_000_000n)
    expect('token' in parameters).toBe(false)
  })

  test('a reverted transaction is shown as failed on chain', async () => {
    const { portico, handle } = await ready()
    handle.nextReceipt = 'reverted'
    const result = await sendTokens(portico)
    expect(result).toMatchObject({ status: 'sent', confirmation: 'reverted' })
    expect(getSend(portico).sent?.status).toBe('reverted')
    expect(portico.state.activity.pending[0]?.status).toBe('reverted')
  })

  test('a transaction the chain does not report in time stays pending, as unknown', async () => {
    const { portico, handle } = await ready()
    handle.nextReceipt = 'hang'
    vi.useFakeTimers()
    const sending = sendTokens(portico)
    await vi.advanceTimersByTimeAsync(SEND_CONFIRMATION_TIMEOUT_MS + 5_000)
    const result = await sending
    expect(result).toMatchObject({ status: 'sent', confirmation: 'unknown' })
    expect(getSend(portico).sent?.status).toBe('unknown')
    expect(portico.state.activity.pending[0]?.status).toBe('pending')
  })

  test("a rejection in the wallet keeps the form, says so, and shows no 'Something went wrong'", async () => {
    const { portico, handle } = await ready()
    handle.nextSend = rejected()
    const result = await sendTokens(portico)
    expect(result).toEqual({ status: 'rejected' })
    const send = getSend(portico)
    expect(send.error).toEqual({
      kind: 'rejected',
      message: { key: 'walletError', params: { message: 'The request was rejected in the wallet.' } },
    })
    expect(send.sendTokenAmount).toBe('0.5')
    expect(send.receiverAddress).toBe(RECEIVER)
    expect(send.loading).toBe(false)
    expect(send.step).toBe('form')
    expect(portico.state.toast.current).toBeUndefined()
    expect(portico.state.router.route.view).toBe('WalletSendPreview')
    expect(portico.state.activity.pending).toEqual([])
  })

  test("any other failure shows 'Something went wrong' and keeps the form", async () => {
    const { portico, handle } = await ready()
    handle.nextSend = new Error('nonce too low')
    const result = await sendTokens(portico)
    expect(result).toEqual({ status: 'failed' })
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'somethingWentWrong' },
      variant: 'error',
    })
    expect(getSend(portico).error?.kind).toBe('failed')
    expect(getSend(portico).sendTokenAmount).toBe('0.5')
    expect(portico.state.router.route.view).toBe('WalletSendPreview')
  })

  test("on an unsupported chain it shows 'Unsupported chain' and asks nothing of the wallet", async () => {
    const { portico, handle } = await ready()
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 999 })
    expect(getSendValidation(portico).problem).toBe('unsupportedChain')
    await expect(sendTokens(portico)).rejects.toBeInstanceOf(SendValidationError)
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'sendUnsupportedChain' },
      variant: 'error',
    })
    expect(handle.calls.some((c) => c.method === 'send')).toBe(false)
  })

  test("an incomplete form is refused before the wallet is asked, with SPEC §5's text", async () => {
    const { portico, handle } = await ready()
    setSendReceiver(portico, { address: 'nobody' })
    await expect(sendTokens(portico)).rejects.toMatchObject({
      problem: 'invalidAddress',
      shortMessage: 'Please enter a valid amount and receiver address',
    })
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'enterAmountAndReceiver' },
      variant: 'error',
    })
    expect(handle.calls.some((c) => c.method === 'send')).toBe(false)
  })

  test("a failure the adapter words (SendFailedError) shows its text, e.g. SPEC §8's for Solana", async () => {
    const { portico, handle } = await ready()
    handle.nextSend = new SendFailedError(MESSAGES.solanaSendFailed, {
      cause: new Error('blockhash expired'),
    })
    expect(await sendTokens(portico)).toEqual({ status: 'failed' })
    // An adapter's own sentence is passed on as the parameter of a generic key.
    const notice = {
      key: 'walletError',
      params: { message: 'Failed to send transaction. Please try again.' },
    }
    expect(portico.state.toast.current).toMatchObject({ message: notice, variant: 'error' })
    expect(getSend(portico).error).toMatchObject({ kind: 'failed', message: notice })
  })

  test('is confirming while the wallet is open, and a second call does not ask again', async () => {
    const { portico, handle } = await ready()
    handle.nextSend = 'hang'
    void sendTokens(portico)
    await flush()
    expect(getSend(portico).loading).toBe(true)
    expect(getSend(portico).step).toBe('confirming')
    expect(await sendTokens(portico)).toEqual({ status: 'failed' })
    expect(handle.calls.filter((c) => c.method === 'send')).toHaveLength(1)
  })

  test('a hash that arrives after the visitor left the preview does not move them', async () => {
    const { portico, handle } = await ready()
    let answer: (hash: string) => void = () => {}
    handle.adapter!.send!.send = () =>
      new Promise((resolve) => {
        answer = resolve
      })
    const sending = sendTokens(portico)
    navigate(portico, { view: 'Account' })
    answer(HASH)
    await sending
    expect(portico.state.router.route.view).toBe('Account')
    expect(portico.state.activity.pending[0]?.hash).toBe(HASH)
  })

  test('Cancel while the wallet is open frees the form at once; a late hash is still listed, the new form kept', async () => {
    const { portico, handle } = await ready()
    let answer: (hash: string) => void = () => {}
    handle.adapter!.send!.send = () =>
      new Promise((resolve) => {
        answer = resolve
      })
    const sending = sendTokens(portico)
    await flush()
    expect(getSend(portico).loading).toBe(true)
    cancelSend(portico)
    expect(getSend(portico)).toMatchObject({ loading: false, step: 'form' })
    // The visitor goes on with another amount and may send again straight away.
    setSendAmount(portico, { amount: '0.25' })
    expect(getSendValidation(portico).problem).toBeUndefined()
    // The wallet sends the first request after all.
    answer(HASH)
    await sending
    expect(portico.state.activity.pending[0]?.hash).toBe(HASH)
    expect(portico.state.toast.current).toMatchObject({ message: { key: 'transactionStarted' } })
    expect(getSend(portico)).toMatchObject({ sendTokenAmount: '0.25', step: 'form', sent: undefined })
    expect(portico.state.router.route.view).toBe('WalletSendPreview')
  })

  test('a failure of a cancelled send says nothing: no form is waiting for it', async () => {
    const { portico, handle } = await ready()
    let fail: (error: Error) => void = () => {}
    handle.adapter!.send!.send = () =>
      new Promise((_, reject) => {
        fail = reject
      })
    const sending = sendTokens(portico)
    await flush()
    cancelSend(portico)
    fail(new Error('nonce too low'))
    expect(await sending).toEqual({ status: 'failed' })
    expect(portico.state.toast.current).toBeUndefined()
    expect(getSend(portico).error).toBeUndefined()
  })
})
