import { networks as bitcoinNetworks, type Network, Psbt } from 'bitcoinjs-lib'
import {
  deriveAccountKeys,
  signBip137,
  signBip322,
  type TestBitcoinAccountKeys,
  testPrivateKey,
} from '../bitcoin/wallet/bitcoinKeys.js'
import { WalletErrorCode, WalletRpcError } from '../wallet/errors.js'

/** The chain whose addresses the WalletConnect test wallet gives on `bip122`. */
export type TestBip122Chain = 'regtest' | 'testnet' | 'mainnet'

const NETWORKS: Record<TestBip122Chain, Network> = {
  regtest: bitcoinNetworks.regtest,
  testnet: bitcoinNetworks.testnet,
  mainnet: bitcoinNetworks.bitcoin,
}

/** What `sendTransfer` needs to build and broadcast a payment itself: an Esplora-compatible API. */
export interface Bip122TransferApi {
  /** Base URL of the API (`/address/:a/utxo`, `POST /tx` are appended to its path, its query kept). */
  url: string
  fetch: typeof fetch
}

export interface Bip122Wallet {
  keys: TestBitcoinAccountKeys
  network: Network
  api: Bip122TransferApi | undefined
}

/** The keys of test key `accountIndex` (the ones the node and the e2e setup fund) on `chain`. */
export function createBip122Wallet(
  accountIndex: number,
  chain: TestBip122Chain,
  api: Bip122TransferApi | undefined,
): Bip122Wallet {
  const network = NETWORKS[chain]
  const key = testPrivateKey(accountIndex)
  return { keys: deriveAccountKeys(key, key, network), network, api }
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('')

function base64ToHex(value: string): string {
  return hex(Uint8Array.from(atob(value), (char) => char.charCodeAt(0)))
}

function invalidParams(message: string): WalletRpcError {
  return new WalletRpcError(WalletErrorCode.invalidParams, message)
}

function apiUrl(api: Bip122TransferApi, path: string): string {
  const url = new URL(api.url)
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${path}`
  return url.toString()
}

/**
 * Answers one `bip122:` request as WalletConnect's Bitcoin RPC reference has a wallet answer it, after
 * its user approved: `getAccountAddresses` → the payment (P2WPKH, the first external address) and
 * ordinal (P2TR) entries, `signMessage` → `{ address, signature }` in hex (ECDSA/BIP-137 by default,
 * BIP-322 on request), `signPsbt` → `{ psbt }` with the listed inputs signed, `sendTransfer` →
 * `{ txid }` of a payment it built, signed and broadcast through its API.
 */
export async function answerBip122Request(
  wallet: Bip122Wallet,
  method: string,
  params: unknown,
): Promise<unknown> {
  const record = params && typeof params === 'object' ? (params as Record<string, unknown>) : {}
  const { keys } = wallet
  const checkAccount = () => {
    if (record.account !== keys.payment.address)
      throw new WalletRpcError(
        WalletErrorCode.unauthorized,
        `The test wallet's account is ${keys.payment.address}, not ${String(record.account)}.`,
      )
  }
  switch (method) {
    case 'getAccountAddresses': {
      checkAccount()
      const entries = [
        {
          address: keys.payment.address,
          publicKey: keys.payment.publicKey,
          path: "m/84'/1'/0'/0/0",
          intention: 'payment',
        },
        {
          address: keys.ordinals.address,
          publicKey: keys.ordinals.publicKey,
          path: "m/86'/1'/0'/0/0",
          intention: 'ordinal',
        },
      ]
      const intentions = Array.isArray(record.intentions) ? record.intentions : undefined
      return intentions ? entries.filter((entry) => intentions.includes(entry.intention)) : entries
    }
    case 'signMessage': {
      checkAccount()
      if (typeof record.message !== 'string') throw invalidParams('message must be a string.')
      const address = typeof record.address === 'string' ? record.address : keys.payment.address
      const protocol = record.protocol ?? 'ecdsa'
      if (address !== keys.payment.address && address !== keys.ordinals.address)
        throw new WalletRpcError(WalletErrorCode.unauthorized, `The test wallet does not hold ${address}.`)
      let signature: string
      if (protocol === 'ecdsa') {
        if (address !== keys.payment.address)
          throw invalidParams('ECDSA signatures are made by the payment address only.')
        signature = signBip137(record.message, keys.payment.key)
      } else if (protocol === 'bip322') {
        signature =
          address === keys.payment.address
            ? signBip322(record.message, keys.payment.script, keys.payment.key)
            : signBip322(
                record.message,
                keys.ordinals.script,
                keys.ordinals.tweaked,
                keys.ordinals.key.publicKey.subarray(1, 33),
              )
      } else throw invalidParams(`protocol must be "ecdsa" or "bip322", not ${String(protocol)}.`)
      return { address, signature: base64ToHex(signature) }
    }
    case 'signPsbt': {
      checkAccount()
      if (typeof record.psbt !== 'string') throw invalidParams('psbt must be a base64 string.')
      if (record.broadcast === true) throw invalidParams('The test wallet does not broadcast signed PSBTs.')
      let psbt: Psbt
      try {
        psbt = Psbt.fromBase64(record.psbt, { network: wallet.network })
      } catch (error) {
        throw invalidParams(`psbt is not a PSBT: ${error instanceof Error ? error.message : error}`)
      }
      const signInputs = Array.isArray(record.signInputs) ? record.signInputs : []
      for (const entry of signInputs as { address?: unknown; index?: unknown }[]) {
        if (typeof entry?.index !== 'number') throw invalidParams('signInputs[].index must be a number.')
        if (entry.address === keys.payment.address) psbt.signInput(entry.index, keys.payment.key)
        else if (entry.address === keys.ordinals.address) psbt.signInput(entry.index, keys.ordinals.tweaked)
        else
          throw new WalletRpcError(
            WalletErrorCode.unauthorized,
            `The test wallet does not hold ${String(entry.address)}.`,
          )
      }
      return { psbt: psbt.toBase64() }
    }
    case 'sendTransfer': {
      checkAccount()
      const api = wallet.api
      if (!api)
        throw new WalletRpcError(
          WalletErrorCode.unsupportedMethod,
          'The test wallet has no API to send with.',
        )
      if (typeof record.recipientAddress !== 'string')
        throw invalidParams('recipientAddress must be a string.')
      if (typeof record.amount !== 'string' || !/^[1-9]\d*$/.test(record.amount))
        throw invalidParams('amount must be a whole number of sats, as a string.')
      return { txid: await sendTransfer(wallet, api, record.recipientAddress, BigInt(record.amount)) }
    }
    default:
      throw new WalletRpcError(
        WalletErrorCode.unsupportedMethod,
        `The test wallet does not support ${method}.`,
      )
  }
}

// 2 sat/vB, above regtest's 1 sat/vB relay floor, on generous sizes: a P2WPKH input is 68 vB, the
// rest of a two-output payment at most 11 + 2 × 43 (taproot outputs are the largest).
const FEE_RATE = 2n
const INPUT_VBYTES = 68n * FEE_RATE
const BASE_VBYTES = 97n * FEE_RATE
const DUST = 546n

/** Spends the payment address's coins to `to` (largest first), change back to it, 2 sat/vB. */
async function sendTransfer(wallet: Bip122Wallet, api: Bip122TransferApi, to: string, amount: bigint) {
  const { keys, network } = wallet
  const response = await api.fetch(apiUrl(api, `/address/${keys.payment.address}/utxo`))
  if (!response.ok) throw new Error(`The wallet's API answered ${response.status} for its coins.`)
  const utxos = ((await response.json()) as { txid: string; vout: number; value: number }[]).sort(
    (a, b) => b.value - a.value,
  )
  const psbt = new Psbt({ network })
  let total = 0n
  let fee = BASE_VBYTES
  for (const utxo of utxos) {
    psbt.addInput({
      hash: utxo.txid,
      index: utxo.vout,
      sequence: 0xfffffffd,
      witnessUtxo: { script: keys.payment.script, value: BigInt(utxo.value) },
    })
    total += BigInt(utxo.value)
    fee += INPUT_VBYTES
    if (total >= amount + fee) break
  }
  if (total < amount + fee)
    throw new WalletRpcError(WalletErrorCode.invalidParams, 'The test wallet has not enough bitcoin.')
  try {
    psbt.addOutput({ address: to, value: amount })
  } catch {
    throw invalidParams(`${to} is not an address on this network.`)
  }
  const change = total - amount - fee
  if (change >= DUST) psbt.addOutput({ script: keys.payment.script, value: change })
  psbt.signAllInputs(keys.payment.key)
  psbt.finalizeAllInputs()
  const raw = psbt.extractTransaction().toHex()
  const broadcast = await api.fetch(apiUrl(api, '/tx'), { method: 'POST', body: raw })
  const text = await broadcast.text()
  if (!broadcast.ok) throw new Error(`The network refused the transfer: ${text}`)
  return text.trim()
}
