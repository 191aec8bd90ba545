// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import type { FeeEstimate } from '../adapterKit/contract.js'
import { connect } from '../connection/connect.js'
import { disconnect } from '../connection/disconnect.js'
import { getIsSmartAccount } from '../connection/smartAccount.js'
import { initialize } from '../initialize.js'
import { switchNetwork } from '../network/switchNetwork.js'
import { fakeAdapter, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import {
  connectedSendAccount as connected,
  eth,
  FEE,
  fillSendForm as fill,
  RECEIVER,
  SELF,
  USDC_CONTRACT,
  usdc,
} from '../testing/sendAccount.testkit.js'
import { estimateFormFee } from './modal/estimateFormFee.js'
import { resetSend } from './resetSend.js'
import { getSend, getSendMax, getSendValidation } from './send.js'
import { setSendAmount } from './setSendAmount.js'
import { setSendReceiver } from './setSendReceiver.js'
import { setSendToken } from './setSendToken.js'

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
    await estimateFormFee(portico)
    expect(getSendValidation(portico).problem).toBeUndefined()
    expect(getSend(portico).gasPrice).toBe(1_000_000_000n)
    expect(getSend(portico).feeAmount).toBe('0.000021')
  })

  test('gas in USD: insufficient when the native balance is worth less than the fee', async () => {
    // 0.00002 ETH at $2000 is $0.04; the fee, 0.000021 ETH, is $0.042.
    const { portico } = await connected({ native: '0.00002', price: 2000 })
    fill(portico, usdc('100.5'), '1')
    await estimateFormFee(portico)
    expect(getSend(portico).gasPriceInUSD).toBeCloseTo(0.042, 10)
    expect(getSend(portico).networkBalanceInUSD).toBeCloseTo(0.04, 10)
    expect(getSendValidation(portico).feeInUSD).toBeCloseTo(0.042, 10)
    expect(getSendValidation(portico).problem).toBe('insufficientGas')
  })

  test('gas in USD: enough when the native balance covers the fee exactly', async () => {
    const { portico } = await connected({ native: '0.000021', price: 2000 })
    fill(portico, usdc('100.5'), '1')
    await estimateFormFee(portico)
    expect(getSendValidation(portico).problem).toBeUndefined()
  })

  test('gas in USD: a native balance worth zero is insufficient', async () => {
    const { portico, handle } = await connected({ native: '0', price: 2000 })
    handle.nextFee = { fee: 0n, breakdown: { gas: 21_000n, gasPrice: 0n } }
    fill(portico, usdc('100.5'), '1')
    await estimateFormFee(portico)
    expect(getSendValidation(portico).problem).toBe('insufficientGas')
  })

  test('gas without a price: the fee is compared with the native balance in base units', async () => {
    const { portico } = await connected({ native: '0.000020999999999999' })
    fill(portico, usdc('100.5'), '1')
    await estimateFormFee(portico)
    expect(getSend(portico).gasPriceInUSD).toBeUndefined()
    expect(getSendValidation(portico).problem).toBe('insufficientGas')

    const enough = await connected({ native: '0.000021' })
    fill(enough.portico, usdc('100.5'), '1')
    await estimateFormFee(enough.portico)
    expect(getSendValidation(enough.portico).problem).toBeUndefined()
  })

  test('a native send needs the amount and the fee together', async () => {
    const { portico } = await connected({ native: '1' })
    fill(portico, eth('1'), '0.99998')
    await estimateFormFee(portico)
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
    await estimateFormFee(portico)
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
    await estimateFormFee(portico)
    expect(getSendMax(portico)).toBe('0.999979')
    setSendAmount(portico, { amount: getSendMax(portico)! })
    setSendReceiver(portico, { address: RECEIVER })
    expect(getSendValidation(portico).problem).toBeUndefined()

    handle.nextFee = { fee: 21n * 10n ** 17n, breakdown: { gas: 21_000n, gasPrice: 10n ** 14n } }
    await estimateFormFee(portico)
    expect(getSendMax(portico)).toBe('0')
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
    const pending = estimateFormFee(portico)
    resetSend(portico)
    replies[0]?.(FEE)
    await pending
    expect(getSend(portico).fee).toBeUndefined()
    expect(getSend(portico).feeLoading).toBe(false)
  })
})
