/**
 * Real signed Solana transactions for the server's tests: ed25519 keys from node:crypto, legacy
 * wire transactions built byte by byte, sent to the test validator over JSON-RPC. The server has no
 * Solana library among its dependencies, and these two instructions need none.
 */
import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto'
import { decodeBase58 } from '@portico/core/adapter-kit'
import type { MintTestSplTokensOptions } from '@portico/test/solana'
import { TOKEN_PROGRAM_ADDRESS } from '../portfolio/solanaRpc.js'

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const SYSTEM_PROGRAM = '11111111111111111111111111111111'

/** kit's branded address type, as the test kit's SPL helpers take it. */
export type TestSolanaAddress = MintTestSplTokensOptions['owner']

/** An ed25519 key pair and its base58 address. */
export interface TestSolanaKey {
  address: TestSolanaAddress
  privateKey: KeyObject
}

/** Base58 text of some bytes. */
export function encodeBase58(bytes: Uint8Array): string {
  const digits: number[] = []
  for (const byte of bytes) {
    let carry = byte
    for (let index = 0; index < digits.length; index++) {
      carry += (digits[index] as number) << 8
      digits[index] = carry % 58
      carry = Math.floor(carry / 58)
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = Math.floor(carry / 58)
    }
  }
  let text = ''
  for (const byte of bytes) {
    if (byte !== 0) break
    text += '1'
  }
  for (let index = digits.length - 1; index >= 0; index--) text += ALPHABET[digits[index] as number]
  return text
}

/** A fresh ed25519 key pair. */
export function generateTestSolanaKey(): TestSolanaKey {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  // The raw key is the last 32 bytes of its SPKI encoding.
  const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-32)
  return { address: encodeBase58(raw) as TestSolanaAddress, privateKey }
}

const compactU16 = (value: number): number[] => {
  const bytes: number[] = []
  let rest = value
  for (;;) {
    const low = rest & 0x7f
    rest >>= 7
    if (rest === 0) {
      bytes.push(low)
      return bytes
    }
    bytes.push(low | 0x80)
  }
}

const u64 = (value: bigint): number[] => {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64LE(value)
  return [...bytes]
}

const keyBytes = (address: string): number[] => {
  const bytes = decodeBase58(address)
  if (bytes?.length !== 32) throw new Error(`${address} is not a Solana address`)
  return [...bytes]
}

interface LegacyMessage {
  /** Writable signers first (the fee payer at 0), then writable, then read-only accounts. */
  keys: string[]
  header: [signers: number, readonlySigners: number, readonlyUnsigned: number]
  instruction: { program: number; accounts: number[]; data: number[] }
}

async function rpc(url: string, method: string, params: unknown[]): Promise<unknown> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method} failed: ${body.error.message}`)
  return body.result
}

/** Signs a one-instruction legacy transaction with its single signer, sends it, returns its signature. */
async function sendLegacy(
  url: string,
  signer: TestSolanaKey,
  message: LegacyMessage,
  options: { skipPreflight?: boolean } = {},
): Promise<string> {
  const latest = (await rpc(url, 'getLatestBlockhash', [])) as { value: { blockhash: string } }
  const { program, accounts, data } = message.instruction
  const messageBytes = Buffer.from([
    ...message.header,
    ...compactU16(message.keys.length),
    ...message.keys.flatMap(keyBytes),
    ...keyBytes(latest.value.blockhash),
    ...compactU16(1),
    program,
    ...compactU16(accounts.length),
    ...accounts,
    ...compactU16(data.length),
    ...data,
  ])
  const signature = sign(null, messageBytes, signer.privateKey)
  const wire = Buffer.concat([Buffer.from(compactU16(1)), signature, messageBytes])
  return (await rpc(url, 'sendTransaction', [
    wire.toString('base64'),
    { encoding: 'base64', skipPreflight: options.skipPreflight ?? false },
  ])) as string
}

/**
 * Sends a System Program transfer of `lamports` from `from` (who pays the fee). With
 * `skipPreflight` a transfer that fails on chain is committed with its error, fee charged.
 */
export function sendTestSol(
  url: string,
  parameters: { from: TestSolanaKey; to: string; lamports: bigint; skipPreflight?: boolean },
): Promise<string> {
  return sendLegacy(
    url,
    parameters.from,
    {
      keys: [parameters.from.address, parameters.to, SYSTEM_PROGRAM],
      header: [1, 0, 1],
      // SystemInstruction::Transfer is index 2 (u32), then the lamports (u64).
      instruction: { program: 2, accounts: [0, 1], data: [2, 0, 0, 0, ...u64(parameters.lamports)] },
    },
    parameters.skipPreflight === undefined ? {} : { skipPreflight: parameters.skipPreflight },
  )
}

/**
 * Sends an SPL `TransferChecked` of `amount` base units between two token accounts, signed by the
 * source's owner, who pays the fee. Works under both the Token and the Token-2022 program.
 */
export function sendTestSplTokens(
  url: string,
  parameters: {
    owner: TestSolanaKey
    source: string
    destination: string
    mint: string
    decimals: number
    amount: bigint
    programAddress?: string
  },
): Promise<string> {
  const { owner, source, destination, mint, decimals, amount } = parameters
  return sendLegacy(url, owner, {
    keys: [owner.address, source, destination, mint, parameters.programAddress ?? TOKEN_PROGRAM_ADDRESS],
    header: [1, 0, 2],
    // TokenInstruction::TransferChecked is 12: source, mint, destination, owner; amount u64, decimals u8.
    instruction: { program: 4, accounts: [1, 3, 2, 0], data: [12, ...u64(amount), decimals] },
  })
}
