// The adapter's heavy half, loaded with `import()` on the first balance, fee estimate or send:
// bitcoinjs-lib's PSBTs and coinselect never load on a page that only connects and signs.
import {
  type Balance,
  type FeeEstimate,
  type Network,
  ProviderTimeoutError,
  pollUntil,
} from '@portico/core/adapter-kit'
import { networks as bitcoinNetworks, Psbt, type Network as PsbtNetwork, payments } from 'bitcoinjs-lib'
import { type DecodedBitcoinAddress, decodeBitcoinAddress } from './bitcoinAddress.js'
import { BitcoinApiError, BitcoinBroadcastError, BitcoinSendValidationError } from './errors.js'
import {
  type BitcoinAddressBalance,
  createEsploraClient,
  type EsploraClient,
  type EsploraTransaction,
} from './esplora.js'
import { type BitcoinFeeRates, type BitcoinFeeSpeed, pickFeeRates } from './feeRates.js'
import { isUnsupportedMethod } from './isUnsupportedMethod.js'
import { getAddressFormat, getChainKind, MAINNET_FORMAT, REGTEST_FORMAT } from './networks.js'
import { type PlannedSend, planSend } from './planSend.js'
import type { BitcoinWalletAccount, BitcoinWalletDriver } from './walletDriver.js'

/** BIP-125: any sequence below 0xfffffffe signals that the transaction may be replaced by fee. */
export const RBF_SEQUENCE = 0xfffffffd

export interface BitcoinSender {
  driver: BitcoinWalletDriver
  payment: BitcoinWalletAccount
}

export interface NetworkCapabilitiesOptions {
  requestTimeoutMs: number
  confirmationPollingIntervalMs: number
  feeSpeed: BitcoinFeeSpeed
  fetch?: typeof fetch | undefined
}

export interface BitcoinFeeEstimate extends FeeEstimate {
  breakdown: {
    feeRate: bigint
    slowFeeRate: bigint
    normalFeeRate: bigint
    fastFeeRate: bigint
    inputs: bigint
    change: bigint
  }
}

export interface PreparedSend {
  plan: PlannedSend
  rates: BitcoinFeeRates
  from: DecodedBitcoinAddress
  to: DecodedBitcoinAddress
}

function psbtNetwork(network: Network): PsbtNetwork {
  const format = getAddressFormat(network)
  if (format === MAINNET_FORMAT) return bitcoinNetworks.bitcoin
  return format === REGTEST_FORMAT ? bitcoinNetworks.regtest : bitcoinNetworks.testnet
}

function hexToBytes(hex: string): Uint8Array {
  if (!/^([0-9a-f]{2})*$/i.test(hex))
    throw new BitcoinSendValidationError('invalidSender', { details: 'public key' })
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => Number.parseInt(pair, 16))
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}

/**
 * Builds the unsigned PSBT of a planned send: version 2, every input signalling replace-by-fee
 * (BIP-125), each input with its prevout as `witnessUtxo` (and the P2WPKH redeem script for a
 * P2SH-P2WPKH payment address), the outputs exactly as planned.
 */
export function buildPsbt(parameters: {
  plan: PlannedSend
  from: DecodedBitcoinAddress
  publicKey: string
  network: Network
}): Psbt {
  const { plan, from } = parameters
  const psbt = new Psbt({ network: psbtNetwork(parameters.network) })
  psbt.setVersion(2)
  const redeemScript =
    from.type === 'p2sh' ? payments.p2wpkh({ pubkey: hexToBytes(parameters.publicKey) }).output : undefined
  if (from.type === 'p2sh') {
    const wrapped = redeemScript && payments.p2sh({ redeem: { output: redeemScript } }).output
    if (!wrapped || !sameBytes(wrapped, from.script))
      throw new BitcoinSendValidationError('invalidSender', {
        details: 'The wallet gave no public key that matches its P2SH-P2WPKH payment address.',
      })
  }
  for (const utxo of plan.inputs) {
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      sequence: RBF_SEQUENCE,
      witnessUtxo: { script: from.script, value: utxo.value },
      ...(redeemScript ? { redeemScript } : {}),
    })
  }
  for (const output of plan.outputs) psbt.addOutput({ script: output.script, value: output.value })
  return psbt
}

/**
 * The signed PSBT's transaction, after checking the wallet changed nothing but signatures: the same
 * inputs in the same order and the same outputs (an attacker's wallet extension could redirect the
 * change). Inputs the wallet left unfinalised are finalised here.
 */
export function extractSignedTransaction(unsigned: Psbt, signedBase64: string, network: Network): string {
  let signed: Psbt
  try {
    signed = Psbt.fromBase64(signedBase64, { network: psbtNetwork(network) })
  } catch (error) {
    throw new BitcoinSendValidationError('walletChangedTransaction', { cause: error, details: 'not a PSBT' })
  }
  const sameInputs =
    signed.txInputs.length === unsigned.txInputs.length &&
    signed.txInputs.every((input, index) => {
      const ours = unsigned.txInputs[index]!
      return (
        sameBytes(input.hash, ours.hash) && input.index === ours.index && input.sequence === ours.sequence
      )
    })
  const sameOutputs =
    signed.txOutputs.length === unsigned.txOutputs.length &&
    signed.txOutputs.every((output, index) => {
      const ours = unsigned.txOutputs[index]!
      return sameBytes(output.script, ours.script) && output.value === ours.value
    })
  if (
    !sameInputs ||
    !sameOutputs ||
    signed.version !== unsigned.version ||
    signed.locktime !== unsigned.locktime
  )
    throw new BitcoinSendValidationError('walletChangedTransaction')
  signed.data.inputs.forEach((input, index) => {
    if (!input.finalScriptWitness && !input.finalScriptSig) signed.finalizeInput(index)
  })
  return signed.extractTransaction().toHex()
}

export interface NetworkCapabilities {
  getBalance(parameters: { address: string; network: Network }): Promise<Balance>
  getAddressBalance(parameters: { address: string; network: Network }): Promise<BitcoinAddressBalance>
  getTransactions(parameters: { address: string; network: Network }): Promise<EsploraTransaction[]>
  getFeeRates(network: Network): Promise<BitcoinFeeRates>
  prepareSend(parameters: {
    address: string
    to: string
    amount: bigint
    network: Network
  }): Promise<PreparedSend>
  estimateFee(parameters: {
    address: string
    to: string
    amount: bigint
    network: Network
  }): Promise<BitcoinFeeEstimate>
  send(parameters: { sender: BitcoinSender; to: string; amount: bigint; network: Network }): Promise<string>
  waitForTransaction(parameters: { hash: string; network: Network; timeoutMs: number }): Promise<{
    status: 'success' | 'reverted'
  }>
}

export function createNetworkCapabilities(options: NetworkCapabilitiesOptions): NetworkCapabilities {
  const clients = new Map<string, EsploraClient>()
  const client = (network: Network): EsploraClient => {
    const key = `${network.caipNetworkId} ${network.rpcUrls.default.http[0] ?? ''}`
    let found = clients.get(key)
    if (!found) {
      found = createEsploraClient({
        network,
        requestTimeoutMs: options.requestTimeoutMs,
        fetch: options.fetch,
      })
      clients.set(key, found)
    }
    return found
  }
  const decode = (address: string, problem: 'invalidSender' | 'invalidReceiver') => {
    const decoded = decodeBitcoinAddress(address)
    if (!decoded) throw new BitcoinSendValidationError(problem, { details: address })
    return decoded
  }

  const capabilities: NetworkCapabilities = {
    async getBalance({ address, network }) {
      const { confirmed, unconfirmed } = await client(network).getBalance(address)
      return {
        value: confirmed + unconfirmed,
        decimals: network.nativeCurrency.decimals,
        symbol: network.nativeCurrency.symbol,
      }
    },

    getAddressBalance: ({ address, network }) => client(network).getBalance(address),

    getTransactions: ({ address, network }) => client(network).getTransactions(address),

    getFeeRates: async (network) => pickFeeRates(await client(network).getFeeEstimates()),

    async prepareSend({ address, to, amount, network }) {
      const from = decode(address, 'invalidSender')
      const receiver = decode(to, 'invalidReceiver')
      const api = client(network)
      const [utxos, rates] = await Promise.all([api.getUtxos(address), capabilities.getFeeRates(network)])
      const plan = planSend({ utxos, from, to: receiver, amount, feeRate: rates[options.feeSpeed] })
      return { plan, rates, from, to: receiver }
    },

    async estimateFee(parameters) {
      const { plan, rates } = await capabilities.prepareSend(parameters)
      return {
        fee: plan.fee,
        breakdown: {
          feeRate: BigInt(plan.feeRate),
          slowFeeRate: BigInt(rates.slow),
          normalFeeRate: BigInt(rates.normal),
          fastFeeRate: BigInt(rates.fast),
          inputs: BigInt(plan.inputs.length),
          change: plan.change,
        },
      }
    },

    async send({ sender, to, amount, network }) {
      const { plan, from } = await capabilities.prepareSend({
        address: sender.payment.address,
        to,
        amount,
        network,
      })
      const psbt = buildPsbt({ plan, from, publicKey: sender.payment.publicKey, network })
      const request = {
        psbt: psbt.toBase64(),
        address: sender.payment.address,
        inputs: plan.inputs.map((_, index) => index),
        chain: getChainKind(network),
      }
      const { driver } = sender
      // A wallet that only sends (WalletConnect's sendTransfer) builds, signs and broadcasts itself.
      const transfer = () => driver.sendTransfer!({ address: sender.payment.address, to, amount })
      if (!driver.signPsbt) {
        // A wallet that only signs what it broadcasts itself: it shows the visitor the same
        // transaction, and the adapter follows its id as it would its own.
        if (driver.signAndSendPsbt) return driver.signAndSendPsbt(request)
        if (driver.sendTransfer) return transfer()
        throw new BitcoinSendValidationError('walletCannotSign')
      }
      let signed: string
      try {
        signed = await driver.signPsbt(request)
      } catch (error) {
        if (!driver.sendTransfer || !isUnsupportedMethod(error)) throw error
        return transfer()
      }
      const hex = extractSignedTransaction(psbt, signed, network)
      try {
        return await client(network).broadcast(hex)
      } catch (error) {
        if (error instanceof BitcoinApiError && error.status !== undefined && error.status < 500)
          throw new BitcoinBroadcastError(error.shortMessage, { cause: error })
        throw error
      }
    },

    async waitForTransaction({ hash, network, timeoutMs }) {
      const api = client(network)
      return pollUntil({
        poll: async () =>
          (await api.getTransactionStatus(hash))?.confirmed ? { status: 'success' as const } : undefined,
        intervalMs: options.confirmationPollingIntervalMs,
        timeoutMs,
        onTimeout: (lastError) =>
          new ProviderTimeoutError({
            timeoutMs,
            cause: lastError,
            details: `${hash} was not confirmed within ${timeoutMs} ms.`,
          }),
      })
    },
  }
  return capabilities
}
