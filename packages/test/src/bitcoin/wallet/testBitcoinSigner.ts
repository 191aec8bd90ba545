import { networks as bitcoinNetworks, type Network, Psbt } from 'bitcoinjs-lib'
import {
  deriveAccountKeys,
  signBip137,
  signBip322,
  type TestBitcoinAccountKeys,
  testPrivateKey,
} from './bitcoinKeys.js'

// What every protocol's test wallet shares: the keys of test keys 0..n-1, how a person's answer is
// played (the mode), and signing by address. Each wallet only speaks its protocol around it.

/**
 * How a test wallet answers what a person would approve (connecting, signing): approve, decline,
 * fail, never answer, or answer something that is not what its protocol promises ('malformed').
 */
export type TestBitcoinPromptMode = 'approve' | 'reject' | 'fail' | 'hang' | 'malformed'

/** The chain whose addresses a test wallet gives. */
export type TestBitcoinWalletChain = 'regtest' | 'testnet' | 'mainnet'

export const TEST_BITCOIN_NETWORKS: Record<TestBitcoinWalletChain, Network> = {
  regtest: bitcoinNetworks.regtest,
  testnet: bitcoinNetworks.testnet,
  mainnet: bitcoinNetworks.bitcoin,
}

/** Test keys 0..count-1 on `chain`, as the demo's node and the e2e setup fund them. */
export function deriveTestAccounts(chain: TestBitcoinWalletChain, count: number): TestBitcoinAccountKeys[] {
  return Array.from({ length: count }, (_, index) =>
    deriveAccountKeys(testPrivateKey(index), testPrivateKey(index), TEST_BITCOIN_NETWORKS[chain]),
  )
}

/** A wallet's error as extensions throw it: EIP-1193's codes on an Error. */
export class TestWalletError extends Error {
  override name = 'TestWalletError'
  readonly code: number
  constructor(code: number, message: string) {
    super(message)
    this.code = code
  }
}

export const USER_REJECTED = 4001
export const UNAUTHORIZED = 4100
export const INTERNAL = -32603

/**
 * Plays a person's answer: approve runs `then`, 'malformed' answers `malformed`, the others
 * decline (4001), fail (-32603) or never settle.
 */
export function playPrompt<T>(mode: TestBitcoinPromptMode, then: () => T, malformed: unknown): Promise<T> {
  if (mode === 'hang') return new Promise(() => {})
  if (mode === 'reject')
    return Promise.reject(new TestWalletError(USER_REJECTED, 'User rejected the request.'))
  if (mode === 'fail') return Promise.reject(new TestWalletError(INTERNAL, 'The wallet failed.'))
  if (mode === 'malformed') return Promise.resolve(malformed as T)
  try {
    return Promise.resolve(then())
  } catch (error) {
    return Promise.reject(error)
  }
}

/** `address`'s signature of `message`: BIP-322 simple, or BIP-137 (payment address only) with 'ecdsa'. */
export function signMessageAs(
  account: TestBitcoinAccountKeys,
  address: string,
  message: string,
  protocol: 'bip322' | 'ecdsa' = 'bip322',
): string {
  if (address === account.payment.address)
    return protocol === 'ecdsa'
      ? signBip137(message, account.payment.key)
      : signBip322(message, account.payment.script, account.payment.key)
  if (address === account.ordinals.address) {
    if (protocol === 'ecdsa') throw new Error('ECDSA signatures are made by the payment address only.')
    return signBip322(
      message,
      account.ordinals.script,
      account.ordinals.tweaked,
      account.ordinals.key.publicKey.subarray(1, 33),
    )
  }
  throw new Error(`The wallet has no account ${address}.`)
}

/** Signs the inputs `indexes` of `psbt` with `address`'s key (not finalized). */
export function signPsbtAs(
  account: TestBitcoinAccountKeys,
  psbt: Psbt,
  address: string,
  indexes: readonly number[],
): Psbt {
  const key =
    address === account.payment.address
      ? account.payment.key
      : address === account.ordinals.address
        ? account.ordinals.tweaked
        : undefined
  if (!key) throw new Error(`The wallet has no account ${address}.`)
  for (const index of indexes) psbt.signInput(index, key)
  return psbt
}

/** The finalized transaction of a signed PSBT, as hex: what a wallet that broadcasts sends. */
export function finalizeToHex(psbt: Psbt): string {
  psbt.finalizeAllInputs()
  return psbt.extractTransaction().toHex()
}

export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary)
}

export function base64ToBytes(value: string): Uint8Array {
  return Uint8Array.from(atob(value), (char) => char.charCodeAt(0))
}

export { Psbt }
