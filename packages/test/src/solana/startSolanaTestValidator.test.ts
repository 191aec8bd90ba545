import {
  type Address,
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase58Decoder,
  getBase64Decoder,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  getTransactionEncoder,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  partiallySignTransactionMessageWithSigners,
  pipe,
  type Rpc,
  type Signature,
  SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE,
  type SolanaRpcApi,
  setTransactionMessageFeePayer,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './accounts.js'
import { createTestSplToken, mintTestSplTokens } from './splToken.js'
import { type SolanaTestValidator, startSolanaTestValidator } from './startSolanaTestValidator.js'
import { getSolTransferInstruction } from './transferInstruction.js'

const SOL = 1_000_000_000n
// A new account must hold at least the rent-exempt minimum (890 880 lamports for no data).
const RENT_FREE = 1_000_000n
let validator: SolanaTestValidator
let rpc: Rpc<SolanaRpcApi>
let payer: KeyPairSigner

beforeAll(async () => {
  validator = await startSolanaTestValidator()
  rpc = createSolanaRpc(validator.url)
  payer = await generateKeyPairSigner()
  await validator.airdrop(payer.address, 10n * SOL)
})
afterAll(() => validator?.close())

async function post(body: unknown) {
  const response = await fetch(validator.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  // biome-ignore lint/suspicious/noExplicitAny: raw JSON-RPC replies are inspected field by field
  return (await response.json()) as any
}

async function call(method: string, params: unknown[] = []) {
  return post({ jsonrpc: '2.0', id: 1, method, params })
}

async function transfer(options: {
  to: Address
  amount: bigint
  version?: 'legacy' | 0
  from?: KeyPairSigner
}) {
  const from = options.from ?? payer
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) => setTransactionMessageFeePayerSigner(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) =>
      appendTransactionMessageInstruction(getSolTransferInstruction(from, options.to, options.amount), m),
  )
  return signTransactionMessageWithSigners(message)
}

describe('startSolanaTestValidator', () => {
  test('answers the node information methods in the shapes kit parses', async () => {
    expect(await rpc.getHealth().send()).toBe('ok')
    const version = await rpc.getVersion().send()
    expect(version['solana-core']).toMatch(/^\d+\.\d+\.\d+$/)
    const genesis = await rpc.getGenesisHash().send()
    expect(genesis).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    const slot = await rpc.getSlot().send()
    expect(await rpc.getBlockHeight().send()).toBe(slot)
    const epoch = await rpc.getEpochInfo().send()
    expect(epoch.absoluteSlot).toBe(slot)
    expect(epoch.slotIndex).toBeLessThan(epoch.slotsInEpoch)
    expect(await rpc.getMinimumBalanceForRentExemption(0n).send()).toBe(890_880n)
    const { value } = await rpc.getLatestBlockhash().send()
    expect(value.lastValidBlockHeight).toBeGreaterThan(slot)
    expect((await rpc.isBlockhashValid(value.blockhash).send()).value).toBe(true)
  })

  test('requestAirdrop credits the address, takes a slot and is final at once', async () => {
    const receiver = await generateKeyPairSigner()
    const before = await rpc.getSlot().send()
    const signature = await rpc.requestAirdrop(receiver.address, lamports(3n * SOL)).send()
    expect((await rpc.getBalance(receiver.address).send()).value).toBe(3n * SOL)
    expect(await rpc.getSlot().send()).toBe(before + 1n)
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized', slot: before })
  })

  test('a signed v0 transfer sent as base64 moves the lamports and charges the fee kit is quoted', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const tx = await transfer({ to: receiver, amount: RENT_FREE + 1234n })
    const messageBase64 = getBase64Decoder().decode(tx.messageBytes)
    const { value: quotedFee } = await rpc.getFeeForMessage(messageBase64 as never).send()
    expect(quotedFee).toBe(5000n)
    const payerBefore = (await rpc.getBalance(payer.address).send()).value
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' })
      .send()
    expect(signature).toBe(getSignatureFromTransaction(tx))
    expect((await rpc.getBalance(receiver).send()).value).toBe(RENT_FREE + 1234n)
    expect((await rpc.getBalance(payer.address).send()).value).toBe(payerBefore - RENT_FREE - 1234n - 5000n)
    const statuses = await rpc.getSignatureStatuses([signature, '1'.repeat(64) as Signature]).send()
    expect(statuses.value[0]?.confirmationStatus).toBe('finalized')
    expect(statuses.value[0]?.err).toBeNull()
    expect(statuses.value[1]).toBeNull()
  })

  test('a legacy transfer sent as base58 (the default encoding) lands too', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const tx = await transfer({ to: receiver, amount: RENT_FREE, version: 'legacy' })
    const base58 = getBase58Decoder().decode(getTransactionEncoder().encode(tx))
    const reply = await call('sendTransaction', [base58])
    expect(reply.result).toBe(getSignatureFromTransaction(tx))
    expect((await rpc.getBalance(receiver).send()).value).toBe(RENT_FREE)
  })

  test('getTransaction answers json, base64 and jsonParsed forms, and refuses v0 without maxSupportedTransactionVersion', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const tx = await transfer({ to: receiver, amount: RENT_FREE })
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(tx), { encoding: 'base64' })
      .send()
    const json = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(json?.version).toBe(0)
    expect(json?.meta?.err).toBeNull()
    expect(json?.meta?.fee).toBe(5000n)
    expect(json?.transaction.signatures).toEqual([signature])
    expect(json?.transaction.message.accountKeys).toEqual([
      payer.address,
      receiver,
      '11111111111111111111111111111111',
    ])
    const receiverIndex = 1
    const meta = json?.meta
    expect((meta?.postBalances[receiverIndex] ?? 0n) - (meta?.preBalances[receiverIndex] ?? 0n)).toBe(
      RENT_FREE,
    )
    expect(json?.meta?.logMessages).toContain('Program 11111111111111111111111111111111 success')

    const base64 = await rpc
      .getTransaction(signature, { encoding: 'base64', maxSupportedTransactionVersion: 0 })
      .send()
    expect(base64?.transaction[0]).toBe(getBase64EncodedWireTransaction(tx))

    const parsed = (
      await call('getTransaction', [signature, { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 }])
    ).result
    expect(parsed.transaction.message.accountKeys[0]).toEqual({
      pubkey: payer.address,
      signer: true,
      writable: true,
      source: 'transaction',
    })
    expect(parsed.transaction.message.accountKeys[2].writable).toBe(false)

    const refused = await call('getTransaction', [signature, { encoding: 'json' }])
    expect(refused.error.code).toBe(-32015)
  })

  test('getSignaturesForAddress lists an address’s transactions newest first and honours limit and before', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const first = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(await transfer({ to: receiver, amount: RENT_FREE })), {
        encoding: 'base64',
      })
      .send()
    const second = await rpc
      .sendTransaction(
        getBase64EncodedWireTransaction(await transfer({ to: receiver, amount: RENT_FREE + 1n })),
        { encoding: 'base64' },
      )
      .send()
    const all = await rpc.getSignaturesForAddress(receiver).send()
    expect(all.map((entry) => entry.signature)).toEqual([second, first])
    expect(all[0]?.slot).toBeGreaterThan(all[1]!.slot)
    expect(all[0]?.blockTime).toBeGreaterThan(0n)
    expect(
      (await rpc.getSignaturesForAddress(receiver, { limit: 1 }).send()).map((e) => e.signature),
    ).toEqual([second])
    expect(
      (await rpc.getSignaturesForAddress(receiver, { before: second }).send()).map((e) => e.signature),
    ).toEqual([first])
  })

  test('a transaction that fails in preflight answers -32002 with the error and logs, through kit and raw', async () => {
    const poor = await generateKeyPairSigner()
    await validator.airdrop(poor.address, SOL)
    const tx = await transfer({ from: poor, to: payer.address, amount: 5n * SOL })
    const wire = getBase64EncodedWireTransaction(tx)
    const raw = await call('sendTransaction', [wire, { encoding: 'base64' }])
    expect(raw.error.code).toBe(-32002)
    expect(raw.error.message).toBe(
      'Transaction simulation failed: Error processing Instruction 0: custom program error: 0x1',
    )
    expect(raw.error.data.err).toEqual({ InstructionError: [0, { Custom: 1 }] })
    expect(raw.error.data.logs.join('\n')).toMatch(/insufficient lamports/)
    const error = await rpc
      .sendTransaction(wire, { encoding: 'base64' })
      .send()
      .catch((e: unknown) => e)
    expect(
      isSolanaError(error, SOLANA_ERROR__JSON_RPC__SERVER_ERROR_SEND_TRANSACTION_PREFLIGHT_FAILURE),
    ).toBe(true)
    // Nothing was committed: no fee taken, no status.
    expect((await rpc.getBalance(poor.address).send()).value).toBe(SOL)
    expect((await rpc.getSignatureStatuses([getSignatureFromTransaction(tx)]).send()).value[0]).toBeNull()
  })

  test('with skipPreflight a transaction failing on chain is committed with its error and its fee', async () => {
    const poor = await generateKeyPairSigner()
    await validator.airdrop(poor.address, SOL)
    const tx = await transfer({ from: poor, to: payer.address, amount: 5n * SOL })
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(tx), {
        encoding: 'base64',
        skipPreflight: true,
        maxRetries: 0n,
      })
      .send()
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect((await rpc.getBalance(poor.address).send()).value).toBe(SOL - 5000n)
    const json = await rpc
      .getTransaction(signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
      .send()
    expect(json?.meta?.status).toEqual({ Err: { InstructionError: [0n, { Custom: 1n }] } })
  })

  test('a duplicate answers AlreadyProcessed in preflight', async () => {
    const tx = await transfer({ to: (await generateKeyPairSigner()).address, amount: RENT_FREE })
    const wire = getBase64EncodedWireTransaction(tx)
    expect((await call('sendTransaction', [wire, { encoding: 'base64' }])).result).toBe(
      getSignatureFromTransaction(tx),
    )
    const again = await call('sendTransaction', [wire, { encoding: 'base64' }])
    expect(again.error).toMatchObject({ code: -32002, data: { err: 'AlreadyProcessed' } })
  })

  test('a missing or wrong signature answers -32003 even with skipPreflight', async () => {
    const other = await generateKeyPairSigner()
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const unsigned = await partiallySignTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(other.address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstruction(getSolTransferInstruction(other.address, payer.address, 1n), m),
      ),
    )
    const reply = await call('sendTransaction', [
      getBase64EncodedWireTransaction(unsigned),
      { encoding: 'base64', skipPreflight: true },
    ])
    expect(reply.error).toEqual({ code: -32003, message: 'Transaction signature verification failure' })

    const signed = await transfer({ to: other.address, amount: 1n })
    const bytes = new Uint8Array(getTransactionEncoder().encode(signed))
    // The lamports amount (just before the v0 lookup-table count) changes under the signature.
    bytes[bytes.length - 2] = (bytes[bytes.length - 2] ?? 0) ^ 1
    const tampered = await call('sendTransaction', [
      Buffer.from(bytes).toString('base64'),
      { encoding: 'base64' },
    ])
    expect(tampered.error).toMatchObject({ code: -32003 })
  })

  test('simulateTransaction runs an unsigned transaction without sigVerify and returns the accounts asked for', async () => {
    const receiver = (await generateKeyPairSigner()).address
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(payer.address, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstruction(getSolTransferInstruction(payer.address, receiver, RENT_FREE), m),
    )
    const unsigned = await partiallySignTransactionMessageWithSigners(message)
    const { value } = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(unsigned), {
        encoding: 'base64',
        sigVerify: false,
        accounts: { addresses: [receiver], encoding: 'base64' },
      })
      .send()
    expect(value.err).toBeNull()
    expect(value.unitsConsumed).toBeGreaterThan(0n)
    expect(value.accounts[0]?.lamports).toBe(RENT_FREE)
    // Simulation commits nothing.
    expect((await rpc.getBalance(receiver).send()).value).toBe(0n)
    const verified = await call('simulateTransaction', [
      getBase64EncodedWireTransaction(unsigned),
      { encoding: 'base64', sigVerify: true },
    ])
    expect(verified.error.code).toBe(-32003)
  })

  test('minContextSlot beyond the current slot answers -32016 with the context slot', async () => {
    const slot = await rpc.getSlot().send()
    const reply = await call('getBalance', [payer.address, { minContextSlot: Number(slot) + 100 }])
    expect(reply.error).toEqual({
      code: -32016,
      message: 'Minimum context slot has not been reached',
      data: { contextSlot: Number(slot) },
    })
  })

  test('getAccountInfo encodes base64, refuses large base58, and parses SPL token accounts as jsonParsed', async () => {
    const owner = (await generateKeyPairSigner()).address
    const mint = (await generateKeyPairSigner()).address
    const tokenAccount = (await generateKeyPairSigner()).address
    const mintData = new Uint8Array(82)
    mintData[44] = 6 // decimals
    mintData[45] = 1 // initialised
    new DataView(mintData.buffer).setBigUint64(36, 5_000_000n, true)
    const accountData = new Uint8Array(165)
    accountData.set(getAddressEncoder().encode(mint), 0)
    accountData.set(getAddressEncoder().encode(owner), 32)
    new DataView(accountData.buffer).setBigUint64(64, 1_500_000n, true)
    accountData[108] = 1 // initialised
    for (const [address, data] of [
      [mint, mintData],
      [tokenAccount, accountData],
    ] as const) {
      validator.svm.setAccount({
        address,
        data,
        executable: false,
        lamports: lamports(10_000_000n),
        programAddress: TOKEN_PROGRAM_ADDRESS,
        space: BigInt(data.length),
      })
    }
    const base64 = await rpc.getAccountInfo(tokenAccount, { encoding: 'base64' }).send()
    expect(base64.value?.data[0]).toBe(Buffer.from(accountData).toString('base64'))
    expect(base64.value?.owner).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(base64.value?.space).toBe(165n)
    const parsed = await rpc.getAccountInfo(tokenAccount, { encoding: 'jsonParsed' }).send()
    expect(parsed.value?.data).toMatchObject({
      program: 'spl-token',
      parsed: {
        type: 'account',
        info: {
          mint,
          owner,
          state: 'initialized',
          tokenAmount: { amount: '1500000', decimals: 6, uiAmountString: '1.5' },
        },
      },
    })
    const tooBig = await call('getAccountInfo', [tokenAccount, { encoding: 'base58' }])
    expect(tooBig.error.code).toBe(-32600)
    const byOwner = await rpc.getTokenAccountsByOwner(owner, { mint }, { encoding: 'jsonParsed' }).send()
    expect(byOwner.value.map((entry) => entry.pubkey)).toEqual([tokenAccount])
    const byProgram = await rpc
      .getTokenAccountsByOwner(owner, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'base64' })
      .send()
    expect(byProgram.value).toHaveLength(1)
    expect(
      (await rpc.getAccountInfo((await generateKeyPairSigner()).address, { encoding: 'base64' }).send())
        .value,
    ).toBeNull()
  })

  test('answers batches in order, and JSON-RPC errors for bad JSON, unknown methods and bad params', async () => {
    const batch = await post([
      { jsonrpc: '2.0', id: 'a', method: 'getHealth' },
      { jsonrpc: '2.0', id: 'b', method: 'noSuchMethod', params: [] },
      { jsonrpc: '2.0', id: 'c', method: 'getBalance', params: ['not an address'] },
    ])
    expect(batch).toEqual([
      { jsonrpc: '2.0', result: 'ok', id: 'a' },
      { jsonrpc: '2.0', error: { code: -32601, message: 'Method not found' }, id: 'b' },
      { jsonrpc: '2.0', error: { code: -32602, message: 'Invalid param: Invalid' }, id: 'c' },
    ])
    const broken = await fetch(validator.url, { method: 'POST', body: '{' })
    expect(await broken.json()).toEqual({
      jsonrpc: '2.0',
      error: { code: -32700, message: 'Parse error' },
      id: null,
    })
  })

  test('lets browser pages call it: CORS preflight and headers', async () => {
    const preflight = await fetch(validator.url, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-headers')).toContain('content-type')
    const response = await fetch(validator.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:5173' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'getHealth' }),
    })
    expect(response.headers.get('access-control-allow-origin')).toBe('*')
  })

  test('writes u64 values beyond 2^53 exactly (rentEpoch), which kit reads as bigint', async () => {
    const { value } = await rpc.getAccountInfo(payer.address, { encoding: 'base64' }).send()
    // kit no longer types rentEpoch, but it still parses it.
    expect((value as { rentEpoch?: bigint } | null)?.rentEpoch).toBe(18446744073709551615n)
  })

  test('parses Token-2022 accounts and mints with extensions, and lists their balances in getTransaction', async () => {
    const owner = (await generateKeyPairSigner()).address
    const token = await createTestSplToken(validator, {
      decimals: 2,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    })
    const { tokenAccount, signature } = await mintTestSplTokens(validator, { token, owner, amount: 1_234n })

    // A Token-2022 associated account carries the ImmutableOwner extension (170 bytes, not 165).
    const accounts = await call('getTokenAccountsByOwner', [
      owner,
      { programId: TOKEN_2022_PROGRAM_ADDRESS },
      { encoding: 'jsonParsed' },
    ])
    expect(accounts.result.value).toHaveLength(1)
    expect(accounts.result.value[0].pubkey).toBe(tokenAccount)
    expect(accounts.result.value[0].account.data).toEqual({
      program: 'spl-token-2022',
      parsed: {
        type: 'account',
        info: {
          isNative: false,
          mint: token.mint,
          owner,
          state: 'initialized',
          tokenAmount: { amount: '1234', decimals: 2, uiAmount: 12.34, uiAmountString: '12.34' },
          extensions: [{ extension: 'immutableOwner' }],
        },
      },
      space: 170,
    })

    const transaction = await call('getTransaction', [
      signature,
      { encoding: 'jsonParsed', maxSupportedTransactionVersion: 0 },
    ])
    const keys: { pubkey: string }[] = transaction.result.transaction.message.accountKeys
    const accountIndex = keys.findIndex((key) => key.pubkey === tokenAccount)
    // The account did not exist before the transaction, so only the post balances name it.
    expect(transaction.result.meta.preTokenBalances).toEqual([])
    expect(transaction.result.meta.postTokenBalances).toEqual([
      {
        accountIndex,
        mint: token.mint,
        owner,
        programId: TOKEN_2022_PROGRAM_ADDRESS,
        uiTokenAmount: { amount: '1234', decimals: 2, uiAmount: 12.34, uiAmountString: '12.34' },
      },
    ])
  })
})
