import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase58Decoder,
  getBase64EncodedWireTransaction,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  type KeyPairSigner,
  partiallySignTransactionMessageWithSigners,
  pipe,
  type Rpc,
  type Signature,
  type SignatureBytes,
  type SolanaRpcApi,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  verifySignature,
} from '@solana/kit'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { type SolanaTestValidator, startSolanaTestValidator } from '../startSolanaTestValidator.js'
import { getSolTransferInstruction } from '../transferInstruction.js'
import { createTestSolanaWallet, type TestSolanaWallet } from './createTestSolanaWallet.js'
import { SOLANA_TEST_ADDRESSES, SOLANA_TEST_SEEDS } from './testSeeds.js'
import type { StandardEventsChangeProperties, WalletAccount } from './walletStandard.js'

const SOL = 1_000_000_000n
const FEE = 5000n
// Above the rent-exempt minimum for an empty account, so a transfer to a new address lands.
const AMOUNT = 1_000_000n

let validator: SolanaTestValidator
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  validator = await startSolanaTestValidator()
  rpc = createSolanaRpc(validator.url)
})
afterAll(() => validator?.close())

/** A wallet with fresh random keys, funded, so tests do not share balances. */
async function fundedWallet(options: Partial<Parameters<typeof createTestSolanaWallet>[0]> = {}) {
  const seeds = [crypto.getRandomValues(new Uint8Array(32)), crypto.getRandomValues(new Uint8Array(32))]
  const handle = await createTestSolanaWallet({ rpcUrl: validator.url, seeds, ...options })
  for (const address of handle.addresses) await validator.airdrop(address, 2n * SOL)
  return handle
}

async function connect(handle: TestSolanaWallet): Promise<WalletAccount> {
  const { accounts } = await handle.wallet.features['standard:connect'].connect()
  const account = accounts[0]
  if (!account) throw new Error('connect answered no account')
  return account
}

/** A SOL transfer from `from` (left for the wallet to sign), as wire bytes. */
async function transferBytes(
  from: string,
  to: string,
  lamports: bigint,
  options: { version?: 'legacy' | 0; coSigner?: KeyPairSigner } = {},
): Promise<Uint8Array> {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  const instructions = [getSolTransferInstruction(from as Address, to as Address, lamports)]
  if (options.coSigner)
    instructions.push(getSolTransferInstruction(options.coSigner, to as Address, lamports))
  const message = pipe(
    createTransactionMessage({ version: options.version ?? 0 }),
    (m) => setTransactionMessageFeePayer(from as Address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstructions(instructions, m),
  )
  const partly = await partiallySignTransactionMessageWithSigners(message)
  return new Uint8Array(getTransactionEncoder().encode(partly))
}

const balance = async (address: string) => (await rpc.getBalance(address as Address).send()).value
const statusOf = async (signature: string) =>
  (await rpc.getSignatureStatuses([signature as Signature]).send()).value[0]

/** Settles with 'pending' when the promise has not settled within the wait. */
const settledWithin = (promise: Promise<unknown>, ms: number) =>
  Promise.race([
    promise.then(
      () => 'resolved',
      () => 'rejected',
    ),
    new Promise((resolve) => setTimeout(() => resolve('pending'), ms)),
  ])

describe('the Wallet Standard object', () => {
  test('the default seeds give the exported addresses, in order', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    expect(handle.addresses).toEqual(SOLANA_TEST_ADDRESSES)
    const first = await createKeyPairSignerFromPrivateKeyBytes(SOLANA_TEST_SEEDS[0] as Uint8Array)
    expect(first.address).toBe(SOLANA_TEST_ADDRESSES[0])
  })

  test('has the standard shape: version, name, svg icon, default chains, feature versions, no accounts before connect', async () => {
    const { wallet } = await createTestSolanaWallet({ rpcUrl: validator.url })
    expect(wallet.version).toBe('1.0.0')
    expect(wallet.name).toBe('Portico Solana Dev Wallet')
    expect(wallet.icon).toMatch(/^data:image\/svg\+xml,/)
    expect(wallet.chains).toEqual(['solana:localnet', 'solana:devnet'])
    expect(wallet.accounts).toEqual([])
    const versions = Object.fromEntries(
      Object.entries(wallet.features).map(([name, feature]) => [
        name,
        (feature as { version: string }).version,
      ]),
    )
    expect(versions).toEqual({
      'standard:connect': '1.0.0',
      'standard:disconnect': '1.0.0',
      'standard:events': '1.0.0',
      'solana:signMessage': '1.1.0',
      'solana:signTransaction': '1.0.0',
      'solana:signAndSendTransaction': '1.0.0',
    })
    expect(wallet.features['solana:signTransaction'].supportedTransactionVersions).toEqual(['legacy', 0])
    expect(wallet.features).not.toHaveProperty('solana:signIn')
  })

  test('takes a name, icon and chains, and refuses chains that are not Solana identifiers', async () => {
    const { wallet } = await createTestSolanaWallet({
      rpcUrl: validator.url,
      name: 'Portico Dev Wallet',
      icon: 'data:image/svg+xml,<svg/>',
      chains: ['solana:mainnet'],
    })
    expect([wallet.name, wallet.icon, wallet.chains]).toEqual([
      'Portico Dev Wallet',
      'data:image/svg+xml,<svg/>',
      ['solana:mainnet'],
    ])
    await expect(createTestSolanaWallet({ rpcUrl: validator.url, chains: ['eip155:1'] })).rejects.toThrow(
      RangeError,
    )
    await expect(
      createTestSolanaWallet({ rpcUrl: validator.url, seeds: [new Uint8Array(31)] }),
    ).rejects.toThrow('Seed 0 has 31 bytes; an ed25519 seed has 32.')
  })
})

describe('standard:connect and standard:disconnect', () => {
  test('a silent connect before authorisation answers no accounts and asks nothing', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url, mode: 'reject' })
    const { accounts } = await handle.wallet.features['standard:connect'].connect({ silent: true })
    expect(accounts).toEqual([])
    expect(handle.getState().connected).toBe(false)
  })

  test('connect authorises the first account, with its 32-byte public key, and a later silent connect finds it', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    const changes: StandardEventsChangeProperties[] = []
    handle.wallet.features['standard:events'].on('change', (properties) => changes.push(properties))
    const account = await connect(handle)
    expect(account.address).toBe(SOLANA_TEST_ADDRESSES[0])
    expect(account.publicKey).toEqual(new Uint8Array(getAddressEncoder().encode(account.address as Address)))
    expect(account.chains).toEqual(['solana:localnet', 'solana:devnet'])
    expect(account.features).toEqual([
      'solana:signMessage',
      'solana:signTransaction',
      'solana:signAndSendTransaction',
    ])
    expect(handle.wallet.accounts).toEqual([account])
    expect(handle.wallet.accounts).toBe(handle.wallet.accounts)
    expect(changes).toEqual([{ accounts: [account] }])
    const silent = await handle.wallet.features['standard:connect'].connect({ silent: true })
    expect(silent.accounts[0]).toBe(account)
  })

  test('disconnect removes the accounts and emits change { accounts: [] }', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    await connect(handle)
    const changes: StandardEventsChangeProperties[] = []
    handle.wallet.features['standard:events'].on('change', (properties) => changes.push(properties))
    await handle.wallet.features['standard:disconnect'].disconnect()
    expect(handle.wallet.accounts).toEqual([])
    expect(changes).toEqual([{ accounts: [] }])
    expect((await handle.wallet.features['standard:connect'].connect({ silent: true })).accounts).toEqual([])
  })
})

describe('solana:signMessage', () => {
  test('signs the bytes with ed25519 under the account’s key, which kit verifies', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    const account = await connect(handle)
    const message = new TextEncoder().encode('Sign in to Portico')
    const [output] = await handle.wallet.features['solana:signMessage'].signMessage({ account, message })
    expect(output?.signedMessage).toEqual(message)
    expect(output?.signature).toHaveLength(64)
    expect(output?.signatureType).toBe('ed25519')
    const key = await getPublicKeyFromAddress(account.address as Address)
    expect(await verifySignature(key, output?.signature as SignatureBytes, message)).toBe(true)
    const other = new TextEncoder().encode('Sign in to Portic0')
    expect(await verifySignature(key, output?.signature as SignatureBytes, other)).toBe(false)
  })

  test('refuses an account the app is not connected to (4100)', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    const account = await connect(handle)
    await handle.wallet.features['standard:disconnect'].disconnect()
    await expect(
      handle.wallet.features['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }),
    ).rejects.toMatchObject({ code: 4100 })
  })
})

describe('solana:signTransaction', () => {
  test.each([0, 'legacy'] as const)(
    'signs a %s SOL transfer that the test then sends and that lands',
    async (version) => {
      const handle = await fundedWallet()
      const account = await connect(handle)
      const receiver = (await generateKeyPairSigner()).address
      const before = await balance(account.address)
      const transaction = await transferBytes(account.address, receiver, AMOUNT, { version })
      const [output] = await handle.wallet.features['solana:signTransaction'].signTransaction({
        account,
        transaction,
        chain: 'solana:localnet',
      })
      const signed = getTransactionDecoder().decode(output?.signedTransaction as Uint8Array) as Transaction
      const signature = await rpc
        .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
        .send()
      expect((await statusOf(signature))?.err).toBeNull()
      expect(await balance(receiver)).toBe(AMOUNT)
      expect(await balance(account.address)).toBe(before - AMOUNT - FEE)
    },
  )

  test('leaves another signer’s signature in place', async () => {
    const handle = await fundedWallet()
    const account = await connect(handle)
    const coSigner = await generateKeyPairSigner()
    await validator.airdrop(coSigner.address, SOL)
    const receiver = (await generateKeyPairSigner()).address
    const transaction = await transferBytes(account.address, receiver, AMOUNT, { coSigner })
    const unsigned = getTransactionDecoder().decode(transaction)
    expect(unsigned.signatures[account.address as Address]).toBeNull()
    const coSignature = unsigned.signatures[coSigner.address]
    expect(coSignature).toHaveLength(64)
    const [output] = await handle.wallet.features['solana:signTransaction'].signTransaction({
      account,
      transaction,
    })
    const signed = getTransactionDecoder().decode(output?.signedTransaction as Uint8Array)
    expect(signed.signatures[coSigner.address]).toEqual(coSignature)
    expect(signed.messageBytes).toEqual(unsigned.messageBytes)
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed as Transaction), { encoding: 'base64' })
      .send()
    expect((await statusOf(signature))?.err).toBeNull()
    expect(await balance(receiver)).toBe(2n * AMOUNT)
  })

  test('refuses a transaction that does not ask the account to sign, and a chain the wallet lacks', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    const account = await connect(handle)
    const stranger = await generateKeyPairSigner()
    const notOurs = await transferBytes(stranger.address, account.address, AMOUNT)
    const { signTransaction } = handle.wallet.features['solana:signTransaction']
    await expect(signTransaction({ account, transaction: notOurs })).rejects.toMatchObject({
      code: -32602,
      message: `The transaction does not ask ${account.address} for a signature.`,
    })
    const ours = await transferBytes(account.address, stranger.address, AMOUNT)
    await expect(
      signTransaction({ account, transaction: ours, chain: 'solana:mainnet' }),
    ).rejects.toMatchObject({
      code: -32602,
    })
    await expect(signTransaction({ account, transaction: new Uint8Array([1, 2, 3]) })).rejects.toMatchObject({
      code: -32602,
    })
  })
})

describe('solana:signAndSendTransaction', () => {
  test('signs and sends to the RPC; the transfer lands and the answer is its signature', async () => {
    const handle = await fundedWallet()
    const account = await connect(handle)
    const receiver = (await generateKeyPairSigner()).address
    const before = await balance(account.address)
    const [output] = await handle.wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction: await transferBytes(account.address, receiver, AMOUNT),
      chain: 'solana:localnet',
    })
    expect(output?.signature).toHaveLength(64)
    const signature = getBase58Decoder().decode(output?.signature as Uint8Array)
    expect((await statusOf(signature))?.err).toBeNull()
    expect(await balance(receiver)).toBe(AMOUNT)
    expect(await balance(account.address)).toBe(before - AMOUNT - FEE)
  })

  test('with skipPreflight a failing transaction is committed with its error; without it the preflight error comes back', async () => {
    const handle = await fundedWallet()
    const account = await connect(handle)
    const receiver = (await generateKeyPairSigner()).address
    const before = await balance(account.address)
    const { signAndSendTransaction } = handle.wallet.features['solana:signAndSendTransaction']
    // More than the account holds: fails in the System program.
    const tooMuch = await transferBytes(account.address, receiver, 10n * SOL)
    await expect(
      signAndSendTransaction({ account, transaction: tooMuch, chain: 'solana:localnet' }),
    ).rejects.toMatchObject({ name: 'WalletRpcError', code: -32002 })
    expect(await balance(account.address)).toBe(before)

    const [output] = await signAndSendTransaction({
      account,
      transaction: tooMuch,
      chain: 'solana:localnet',
      options: { skipPreflight: true },
    })
    const status = await statusOf(getBase58Decoder().decode(output?.signature as Uint8Array))
    expect(status?.err).toEqual({ InstructionError: [0n, { Custom: 1n }] })
    expect(await balance(account.address)).toBe(before - FEE)
    expect(await balance(receiver)).toBe(0n)
  })

  test('passes preflightCommitment, maxRetries and minContextSlot to sendTransaction as given', async () => {
    const bodies: unknown[] = []
    // A recording relay in front of the real validator, to see exactly what the wallet sends.
    const relay = createServer(async (request, response) => {
      const chunks: Buffer[] = []
      for await (const chunk of request) chunks.push(chunk as Buffer)
      const body = Buffer.concat(chunks).toString('utf8')
      bodies.push(JSON.parse(body))
      const answer = await fetch(validator.url, {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json' },
      })
      response.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text())
    })
    await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
    try {
      const relayUrl = `http://127.0.0.1:${(relay.address() as AddressInfo).port}/`
      const handle = await fundedWallet({ rpcUrl: relayUrl })
      const account = await connect(handle)
      const slot = Number(await rpc.getSlot().send())
      const receiver = (await generateKeyPairSigner()).address
      const { signAndSendTransaction } = handle.wallet.features['solana:signAndSendTransaction']
      await signAndSendTransaction({
        account,
        transaction: await transferBytes(account.address, receiver, AMOUNT),
        chain: 'solana:localnet',
        options: { preflightCommitment: 'processed', maxRetries: 3, minContextSlot: slot },
      })
      expect(bodies).toHaveLength(1)
      expect(bodies[0]).toMatchObject({
        method: 'sendTransaction',
        params: [
          expect.any(String),
          { encoding: 'base64', preflightCommitment: 'processed', maxRetries: 3, minContextSlot: slot },
        ],
      })
      expect(await balance(receiver)).toBe(AMOUNT)
      // The node enforces what is passed: a slot it has not reached refuses the send.
      await expect(
        signAndSendTransaction({
          account,
          transaction: await transferBytes(account.address, receiver, AMOUNT),
          chain: 'solana:localnet',
          options: { minContextSlot: slot + 1000 },
        }),
      ).rejects.toMatchObject({ code: -32016 })
    } finally {
      relay.closeAllConnections()
      await new Promise((resolve) => relay.close(resolve))
    }
  })

  test('needs one of the wallet’s chains', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    const account = await connect(handle)
    const transaction = await transferBytes(account.address, account.address, 1n)
    const { signAndSendTransaction } = handle.wallet.features['solana:signAndSendTransaction']
    await expect(
      signAndSendTransaction({ account, transaction, chain: 'solana:testnet' }),
    ).rejects.toMatchObject({
      code: -32602,
      message:
        "The chain solana:testnet is not one of this wallet's chains (solana:localnet, solana:devnet).",
    })
  })
})

describe('modes', () => {
  let handle: TestSolanaWallet
  beforeEach(async () => {
    handle = await createTestSolanaWallet({ rpcUrl: validator.url })
  })

  test('reject: connect throws 4001 "User rejected the request." and nothing is authorised', async () => {
    handle.setMode('reject')
    const error = await handle.wallet.features['standard:connect'].connect().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(handle.wallet.accounts).toEqual([])
  })

  test('reject: signing throws 4001 and signs nothing; approving again signs', async () => {
    const account = await connect(handle)
    handle.setMode('reject')
    const { signMessage } = handle.wallet.features['solana:signMessage']
    await expect(signMessage({ account, message: new Uint8Array([7]) })).rejects.toMatchObject({ code: 4001 })
    handle.setMode('approve')
    expect((await signMessage({ account, message: new Uint8Array([7]) }))[0]?.signature).toHaveLength(64)
  })

  test('fail: a request fails with an error that is not a rejection', async () => {
    const account = await connect(handle)
    handle.setMode('fail')
    const error = await handle.wallet.features['solana:signTransaction']
      .signTransaction({ account, transaction: await transferBytes(account.address, account.address, 1n) })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(Error)
    expect((error as { code: number }).code).toBe(-32603)
    expect((error as Error).message).not.toBe('User rejected the request.')
  })

  test('hang: connect and signAndSendTransaction never settle', async () => {
    handle.setMode('hang')
    expect(await settledWithin(handle.wallet.features['standard:connect'].connect(), 150)).toBe('pending')
    handle.setMode('approve')
    const account = await connect(handle)
    handle.setMode('hang')
    const sending = handle.wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction: await transferBytes(account.address, account.address, 1n),
      chain: 'solana:localnet',
    })
    expect(await settledWithin(sending, 150)).toBe('pending')
  })

  test('a silent connect is answered whatever the mode, since it asks nothing', async () => {
    await connect(handle)
    handle.setMode('hang')
    expect(
      (await handle.wallet.features['standard:connect'].connect({ silent: true })).accounts,
    ).toHaveLength(1)
  })
})

describe('wallet-side switches and events', () => {
  test('setAccount exposes the other account and emits change { accounts }; the old account may no longer sign', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    const first = await connect(handle)
    const changes: StandardEventsChangeProperties[] = []
    handle.wallet.features['standard:events'].on('change', (properties) => changes.push(properties))
    handle.setAccount(1)
    const second = handle.wallet.accounts[0]
    expect(second?.address).toBe(SOLANA_TEST_ADDRESSES[1])
    expect(changes).toEqual([{ accounts: [second] }])
    await expect(
      handle.wallet.features['solana:signMessage'].signMessage({
        account: first,
        message: new Uint8Array([1]),
      }),
    ).rejects.toMatchObject({ code: 4100 })
    expect(() => handle.setAccount(99)).toThrow(RangeError)
  })

  test('setAccount while disconnected emits nothing but is the account connect then answers', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    const changes: StandardEventsChangeProperties[] = []
    handle.wallet.features['standard:events'].on('change', (properties) => changes.push(properties))
    handle.setAccount(2)
    expect(changes).toEqual([])
    expect((await connect(handle)).address).toBe(SOLANA_TEST_ADDRESSES[2])
  })

  test('disconnectFromWallet emits change { accounts: [] }, and a listener that was removed hears nothing', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    await connect(handle)
    const heard: StandardEventsChangeProperties[] = []
    const removed: StandardEventsChangeProperties[] = []
    const { on } = handle.wallet.features['standard:events']
    on('change', (properties) => heard.push(properties))
    const off = on('change', (properties) => removed.push(properties))
    off()
    handle.disconnectFromWallet()
    expect(heard).toEqual([{ accounts: [] }])
    expect(removed).toEqual([])
    expect(handle.wallet.accounts).toEqual([])
  })

  test('setChains emits change { chains, accounts } and the accounts carry the new chains', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    await connect(handle)
    const changes: StandardEventsChangeProperties[] = []
    handle.wallet.features['standard:events'].on('change', (properties) => changes.push(properties))
    handle.setChains(['solana:mainnet'])
    expect(handle.wallet.chains).toEqual(['solana:mainnet'])
    expect(changes).toEqual([{ chains: ['solana:mainnet'], accounts: handle.wallet.accounts }])
    expect(handle.wallet.accounts[0]?.chains).toEqual(['solana:mainnet'])
  })

  test('requests() lists each feature call with its input, oldest first', async () => {
    const handle = await createTestSolanaWallet({ rpcUrl: validator.url })
    const account = await connect(handle)
    const message = new Uint8Array([1, 2])
    await handle.wallet.features['solana:signMessage'].signMessage({ account, message })
    await handle.wallet.features['standard:disconnect'].disconnect()
    expect(handle.requests()).toEqual([
      { feature: 'standard:connect', input: undefined },
      { feature: 'solana:signMessage', input: [{ account, message }] },
      { feature: 'standard:disconnect', input: undefined },
    ])
  })
})
