// @vitest-environment node
import { ed25519 } from '@noble/curves/ed25519'
import {
  getSolTransferInstruction,
  type SolanaTestValidator,
  startSolanaTestValidator,
} from '@portico/test/solana'
import { base58, base64 } from '@scure/base'
import {
  type Address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  getTransactionEncoder,
  type KeyPairSigner,
  partiallySignTransactionMessageWithSigners,
  pipe,
  type Signature,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { deriveKeys } from './keys.js'
import { createSolanaSigner, SOLANA_SEND_FAILED_MESSAGE } from './solanaSigner.js'

const SOL = 1_000_000_000n
// A new account must hold at least the rent-exempt minimum (890 880 lamports for no data).
const RENT_FREE = 1_000_000n
const CHAIN = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'
const keys = deriveKeys(`0x${'07'.repeat(32)}`)
const wallet = keys.solanaAddress as Address

let validator: SolanaTestValidator
let signer: ReturnType<typeof createSolanaSigner>
let rpc: ReturnType<typeof createSolanaRpc>

beforeAll(async () => {
  validator = await startSolanaTestValidator()
  rpc = createSolanaRpc(validator.url)
  signer = createSolanaSigner(keys.solanaSecretKey, {
    rpcUrl: (caip) => (caip === CHAIN ? validator.url : 'http://127.0.0.1:9/'),
  })
  await validator.airdrop(wallet, 5n * SOL)
})
afterAll(() => validator?.close())

/** A transfer from `from` (paying the fee unless `feePayer` is given), unsigned unless kit holds a signer. */
async function transfer(options: {
  from: Address | KeyPairSigner
  to: Address
  amount: bigint
  version?: 'legacy' | 0
  feePayer?: Address | KeyPairSigner
}) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const feePayer = options.feePayer ?? options.from
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) =>
      typeof feePayer === 'string'
        ? setTransactionMessageFeePayer(feePayer, m)
        : setTransactionMessageFeePayerSigner(feePayer, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstruction(
        getSolTransferInstruction(options.from, options.to, options.amount),
        m,
      ),
  )
  return partiallySignTransactionMessageWithSigners(message)
}

function wireBytes(transaction: Awaited<ReturnType<typeof transfer>>): Uint8Array {
  return new Uint8Array(getTransactionEncoder().encode(transaction))
}

function decode(bytes: Uint8Array) {
  return getTransactionDecoder().decode(bytes)
}

async function balance(address: Address): Promise<bigint> {
  return (await rpc.getBalance(address).send()).value
}

describe('createSolanaSigner', () => {
  test('solana_signMessage signs the message bytes with ed25519 and returns a base58 signature', async () => {
    const message = new TextEncoder().encode('Sign in to Portico')
    const result = (await signer.request({
      method: 'solana_signMessage',
      params: { message: base58.encode(message), pubkey: keys.solanaAddress },
    })) as { signature: string }
    const signature = base58.decode(result.signature)
    expect(signature).toHaveLength(64)
    expect(ed25519.verify(signature, message, base58.decode(keys.solanaAddress))).toBe(true)
    expect(
      ed25519.verify(signature, new TextEncoder().encode('other'), base58.decode(keys.solanaAddress)),
    ).toBe(false)
  })

  test('the signer address is the derived Solana address', () => {
    expect(signer.address).toBe(keys.solanaAddress)
  })

  test('solana_signMessage refuses another public key', async () => {
    const other = deriveKeys(`0x${'08'.repeat(32)}`).solanaAddress
    await expect(
      signer.request({
        method: 'solana_signMessage',
        params: { message: base58.encode(new Uint8Array([1])), pubkey: other },
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  test('solana_signMessage needs message and pubkey', async () => {
    await expect(
      signer.request({ method: 'solana_signMessage', params: { message: 'abc' } }),
    ).rejects.toMatchObject({
      name: 'InvalidRpcParamsError',
    })
  })

  for (const version of ['legacy', 0] as const) {
    test(`solana_signTransaction signs a ${version} transfer (base58 in, base58 out) that the SVM then executes`, async () => {
      const receiver = (await generateKeyPairSigner()).address
      const unsigned = await transfer({ from: wallet, to: receiver, amount: RENT_FREE, version })
      const result = (await signer.request({
        method: 'solana_signTransaction',
        params: { transaction: base58.encode(wireBytes(unsigned)) },
      })) as { transaction: string }
      const signed = decode(base58.decode(result.transaction))
      expect(signed.messageBytes).toEqual(unsigned.messageBytes)
      const signature = signed.signatures[wallet]
      expect(signature).toBeTruthy()
      expect(
        ed25519.verify(signature as Uint8Array, Uint8Array.from(signed.messageBytes), base58.decode(wallet)),
      ).toBe(true)
      await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
      expect(await balance(receiver)).toBe(RENT_FREE)
    })
  }

  test('solana_signTransaction answers a base64 transaction in base64', async () => {
    const unsigned = await transfer({
      from: wallet,
      to: (await generateKeyPairSigner()).address,
      amount: RENT_FREE,
    })
    const result = (await signer.request({
      method: 'solana_signTransaction',
      params: { transaction: getBase64EncodedWireTransaction(unsigned) },
    })) as { transaction: string }
    const signed = decode(base64.decode(result.transaction))
    expect(signed.signatures[wallet]).toBeTruthy()
  })

  test('a partially signed transaction keeps the other signature next to this wallet’s', async () => {
    const sponsor = await generateKeyPairSigner()
    await validator.airdrop(sponsor.address, SOL)
    const receiver = (await generateKeyPairSigner()).address
    // The sponsor pays the fee and signs first; the wallet only moves its own lamports.
    const partial = await transfer({ from: wallet, to: receiver, amount: RENT_FREE, feePayer: sponsor })
    const sponsorSignature = partial.signatures[sponsor.address]
    expect(sponsorSignature).toBeTruthy()
    expect(partial.signatures[wallet]).toBeNull()
    const result = (await signer.request({
      method: 'solana_signTransaction',
      params: { transaction: base58.encode(wireBytes(partial)) },
    })) as { transaction: string }
    const signed = decode(base58.decode(result.transaction))
    expect(Object.keys(signed.signatures)).toEqual([sponsor.address, wallet])
    expect(signed.signatures[sponsor.address]).toEqual(sponsorSignature)
    const walletBefore = await balance(wallet)
    await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
    expect(await balance(receiver)).toBe(RENT_FREE)
    expect(await balance(wallet)).toBe(walletBefore - RENT_FREE)
  })

  test('solana_signAllTransactions signs two transactions, each in its own slot, in order', async () => {
    const first = await transfer({
      from: wallet,
      to: (await generateKeyPairSigner()).address,
      amount: RENT_FREE,
    })
    const second = await transfer({
      from: wallet,
      to: (await generateKeyPairSigner()).address,
      amount: RENT_FREE + 1n,
      version: 'legacy',
    })
    const result = (await signer.request({
      method: 'solana_signAllTransactions',
      params: { transactions: [base58.encode(wireBytes(first)), base58.encode(wireBytes(second))] },
    })) as { transactions: string[] }
    expect(result.transactions).toHaveLength(2)
    const [a, b] = result.transactions.map((text) => decode(base58.decode(text)))
    expect(a?.messageBytes).toEqual(first.messageBytes)
    expect(b?.messageBytes).toEqual(second.messageBytes)
    for (const signed of [a, b]) {
      if (!signed) throw new Error('missing transaction')
      const signature = signed.signatures[wallet] as Uint8Array
      expect(ed25519.verify(signature, Uint8Array.from(signed.messageBytes), base58.decode(wallet))).toBe(
        true,
      )
    }
  })

  test('solana_signAllTransactions refuses the whole batch when one transaction does not need this wallet', async () => {
    const stranger = await generateKeyPairSigner()
    const mine = await transfer({ from: wallet, to: stranger.address, amount: RENT_FREE })
    const theirs = await transfer({ from: stranger.address, to: wallet, amount: RENT_FREE })
    await expect(
      signer.request({
        method: 'solana_signAllTransactions',
        params: { transactions: [base58.encode(wireBytes(mine)), base58.encode(wireBytes(theirs))] },
      }),
    ).rejects.toMatchObject({
      name: 'NotATransactionSignerError',
      code: 4100,
      message: `This wallet (${wallet}) is not a required signer of the transaction at index 1.`,
    })
  })

  test('refuses a transaction that does not need this wallet’s signature', async () => {
    const stranger = await generateKeyPairSigner()
    const theirs = await transfer({ from: stranger.address, to: wallet, amount: RENT_FREE })
    await expect(
      signer.request({
        method: 'solana_signTransaction',
        params: { transaction: base58.encode(wireBytes(theirs)) },
      }),
    ).rejects.toMatchObject({
      name: 'NotATransactionSignerError',
      message: `This wallet (${wallet}) is not a required signer of the transaction.`,
    })
  })

  test('refuses malformed transactions and params with InvalidRpcParamsError', async () => {
    const good = await transfer({
      from: wallet,
      to: (await generateKeyPairSigner()).address,
      amount: RENT_FREE,
    })
    const truncated = wireBytes(good).slice(0, 80)
    for (const params of [
      { transaction: 'not a transaction' },
      { transaction: base58.encode(truncated) },
      { transaction: base58.encode(new Uint8Array([...wireBytes(good), 7])) },
      { transaction: '' },
      { tx: base58.encode(wireBytes(good)) },
    ]) {
      await expect(signer.request({ method: 'solana_signTransaction', params })).rejects.toMatchObject({
        name: 'InvalidRpcParamsError',
        code: -32602,
      })
    }
    await expect(
      signer.request({ method: 'solana_signAllTransactions', params: { transactions: [] } }),
    ).rejects.toMatchObject({ name: 'InvalidRpcParamsError' })
    await expect(
      signer.request({
        method: 'solana_signAndSendTransaction',
        params: { transaction: base58.encode(wireBytes(good)), options: { preflightCommitment: 'soon' } },
        chainId: CHAIN,
      }),
    ).rejects.toMatchObject({ name: 'InvalidRpcParamsError' })
  })

  test('solana_signAndSendTransaction sends through the chain’s RPC: the receiver is paid and the status confirms', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const unsigned = await transfer({ from: wallet, to: receiver, amount: 2n * RENT_FREE })
    const walletBefore = await balance(wallet)
    const result = (await signer.request({
      method: 'solana_signAndSendTransaction',
      params: {
        transaction: base58.encode(wireBytes(unsigned)),
        options: { preflightCommitment: 'singleGossip' },
      },
      chainId: CHAIN,
    })) as { signature: string }
    expect(base58.decode(result.signature)).toHaveLength(64)
    expect(await balance(receiver)).toBe(2n * RENT_FREE)
    expect(await balance(wallet)).toBe(walletBefore - 2n * RENT_FREE - 5000n)
    const { value } = await rpc.getSignatureStatuses([result.signature as Signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
  })

  test('a send the node refuses answers SPEC §8’s text, with the node’s error (logs included) in data', async () => {
    const unsigned = await transfer({
      from: wallet,
      to: (await generateKeyPairSigner()).address,
      amount: 1000n * SOL,
    })
    const walletBefore = await balance(wallet)
    const error = await signer
      .request({
        method: 'solana_signAndSendTransaction',
        params: { transaction: base58.encode(wireBytes(unsigned)) },
        chainId: CHAIN,
      })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      name: 'SolanaSendTransactionError',
      message: SOLANA_SEND_FAILED_MESSAGE,
      code: -32002,
      data: { code: -32002, data: { err: { InstructionError: [0, { Custom: 1 }] } } },
    })
    expect(SOLANA_SEND_FAILED_MESSAGE).toBe('Failed to send transaction. Please try again.')
    const logs = (error as { data: { data: { logs: string[] } } }).data.data.logs
    expect(logs.join('\n')).toMatch(/insufficient lamports/)
    expect(await balance(wallet)).toBe(walletBefore)
  })

  test('skipPreflight reaches the node: a transaction failing on chain is sent and its status shows the error', async () => {
    const unsigned = await transfer({
      from: wallet,
      to: (await generateKeyPairSigner()).address,
      amount: 1000n * SOL,
    })
    const walletBefore = await balance(wallet)
    const result = (await signer.request({
      method: 'solana_signAndSendTransaction',
      params: {
        transaction: base58.encode(wireBytes(unsigned)),
        options: { skipPreflight: true, maxRetries: 0 },
      },
      chainId: CHAIN,
    })) as { signature: string }
    const { value } = await rpc.getSignatureStatuses([result.signature as Signature]).send()
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(await balance(wallet)).toBe(walletBefore - 5000n)
  })

  test('an unreachable node answers the same SPEC §8 text', async () => {
    const unsigned = await transfer({
      from: wallet,
      to: (await generateKeyPairSigner()).address,
      amount: RENT_FREE,
    })
    await expect(
      signer.request({
        method: 'solana_signAndSendTransaction',
        params: { transaction: base58.encode(wireBytes(unsigned)) },
        chainId: 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z',
      }),
    ).rejects.toMatchObject({
      name: 'SolanaSendTransactionError',
      message: SOLANA_SEND_FAILED_MESSAGE,
      code: -32603,
    })
  })

  test('solana_signAndSendTransaction needs a Solana chain', async () => {
    const unsigned = await transfer({
      from: wallet,
      to: (await generateKeyPairSigner()).address,
      amount: RENT_FREE,
    })
    await expect(
      signer.request({
        method: 'solana_signAndSendTransaction',
        params: { transaction: base58.encode(wireBytes(unsigned)) },
        chainId: 'eip155:1',
      }),
    ).rejects.toMatchObject({ code: 4901 })
  })
})
