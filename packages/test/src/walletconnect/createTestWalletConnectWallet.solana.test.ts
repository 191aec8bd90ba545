import {
  type Address,
  appendTransactionMessageInstruction,
  compileTransaction,
  createKeyPairSignerFromPrivateKeyBytes,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  getTransactionEncoder,
  getUtf8Encoder,
  pipe,
  type SignatureBytes,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  verifySignature,
} from '@solana/kit'
import { privateKeyToAccount } from 'viem/accounts'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_PRIVATE_KEYS } from '../accounts.js'
import { type SolanaTestValidator, startSolanaTestValidator } from '../solana/startSolanaTestValidator.js'
import { getSolTransferInstruction } from '../solana/transferInstruction.js'
import { TEST_WALLETCONNECT_SOLANA_METHODS } from './answerSolanaRequest.js'
import { createTestDappSignClient } from './createTestDappSignClient.js'
import {
  closeSignClient,
  createTestWalletConnectWallet,
  type TestWalletConnectWallet,
  type WalletConnectSignClient,
} from './createTestWalletConnectWallet.js'
import { startWalletConnectRelay, type WalletConnectRelay } from './startWalletConnectRelay.js'

const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1]!)
const SOL = 1_000_000_000n

let relay: WalletConnectRelay
let validator: SolanaTestValidator
let rpc: ReturnType<typeof createSolanaRpc>
let chain: string
let wallet: TestWalletConnectWallet
let dapp: WalletConnectSignClient
let seed: Uint8Array

beforeAll(async () => {
  ;[relay, validator] = await Promise.all([startWalletConnectRelay(), startSolanaTestValidator()])
  rpc = createSolanaRpc(validator.url)
  chain = `solana:${(await rpc.getGenesisHash().send()).slice(0, 32)}`
})
afterAll(async () => {
  await Promise.all([relay.close(), validator.close()])
})
afterEach(async () => {
  await closeSignClient(dapp)
  await wallet.close()
})

async function start(methods?: readonly string[]) {
  seed = crypto.getRandomValues(new Uint8Array(32))
  wallet = await createTestWalletConnectWallet({
    relayUrl: relay.url,
    account,
    rpcUrls: { 31337: 'http://127.0.0.1:1' },
    solana: { seed, rpcUrl: validator.url, chains: [chain], ...(methods ? { methods } : {}) },
  })
  dapp = await createTestDappSignClient(relay.url)
}

async function connect(
  namespaces: Record<string, { chains: string[]; methods: string[]; events: string[] }>,
) {
  const { uri, approval } = await dapp.connect({ optionalNamespaces: namespaces })
  await wallet.pair(uri!)
  return approval()
}

const solanaNamespace = (chains = [chain]) => ({
  solana: { chains, methods: [...TEST_WALLETCONNECT_SOLANA_METHODS], events: [] },
})

/** An unsigned SOL transfer from the wallet's account, as base64 wire bytes. */
async function transfer(to: Address, lamports: bigint) {
  const { value: blockhash } = await rpc.getLatestBlockhash({ commitment: 'confirmed' }).send()
  const from = wallet.solanaAddress as Address
  const message = pipe(
    createTransactionMessage({ version: 'legacy' }),
    (m) => setTransactionMessageFeePayer(from, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
    (m) => appendTransactionMessageInstruction(getSolTransferInstruction(from, to, lamports), m),
  )
  return getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)))
}

async function isSignedBy(base64: string, address: string) {
  const transaction = getTransactionDecoder().decode(getBase64Encoder().encode(base64))
  const signature = transaction.signatures[address as Address]
  if (!signature) return false
  const key = await getPublicKeyFromAddress(address as Address)
  return verifySignature(key, signature, transaction.messageBytes)
}

describe('createTestWalletConnectWallet with solana', () => {
  it('approves a solana namespace with its base58 account beside the unchanged eip155 one', async () => {
    await start()
    const signer = await createKeyPairSignerFromPrivateKeyBytes(seed)
    const session = await connect({
      eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] },
      ...solanaNamespace([chain, 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']),
    })
    expect(wallet.solanaAddress).toBe(signer.address)
    expect(session.namespaces.solana).toMatchObject({
      chains: [chain],
      accounts: [`${chain}:${signer.address}`],
      methods: [...TEST_WALLETCONNECT_SOLANA_METHODS],
    })
    expect(session.namespaces.eip155?.accounts).toEqual([`eip155:31337:${account.address}`])
  })

  it('without an eip155 account approves only the solana namespace', async () => {
    wallet = await createTestWalletConnectWallet({
      relayUrl: relay.url,
      rpcUrls: {},
      solana: { seed: crypto.getRandomValues(new Uint8Array(32)), rpcUrl: validator.url, chains: [chain] },
    })
    dapp = await createTestDappSignClient(relay.url)
    const session = await connect({
      eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] },
      ...solanaNamespace(),
    })
    expect(Object.keys(session.namespaces)).toEqual(['solana'])
  })

  it('refuses a proposal for a Solana cluster it does not offer', async () => {
    await start()
    await expect(connect(solanaNamespace(['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp']))).rejects.toMatchObject(
      {
        code: 5100,
      },
    )
  })

  it('approves only the Solana methods it is given', async () => {
    await start(['solana_signMessage', 'solana_signTransaction'])
    const session = await connect(solanaNamespace())
    expect(session.namespaces.solana?.methods).toEqual(['solana_signMessage', 'solana_signTransaction'])
  })

  it('signs solana_signMessage with an ed25519 signature that verifies against its account', async () => {
    await start()
    const { topic } = await connect(solanaNamespace())
    const message = new Uint8Array(getUtf8Encoder().encode('Sign in to Portico'))
    const { signature } = (await dapp.request({
      topic,
      chainId: chain,
      request: {
        method: 'solana_signMessage',
        params: { message: getBase58Decoder().decode(message), pubkey: wallet.solanaAddress },
      },
    })) as { signature: string }
    const key = await getPublicKeyFromAddress(wallet.solanaAddress as Address)
    const bytes = getBase58Encoder().encode(signature) as SignatureBytes
    expect(await verifySignature(key, bytes, message)).toBe(true)
    expect(await verifySignature(key, bytes, new Uint8Array(getUtf8Encoder().encode('Other')))).toBe(false)
  })

  it('refuses to sign a message for another public key (4100)', async () => {
    await start()
    const { topic } = await connect(solanaNamespace())
    const other = await generateKeyPairSigner()
    await expect(
      dapp.request({
        topic,
        chainId: chain,
        request: {
          method: 'solana_signMessage',
          params: { message: '2NEpo7TZRRrLZSi2U', pubkey: other.address },
        },
      }),
    ).rejects.toMatchObject({ code: 4100 })
  })

  it('answers solana_signTransaction with its signature and the signed transaction, without sending it', async () => {
    await start()
    const { topic } = await connect(solanaNamespace())
    await validator.airdrop(wallet.solanaAddress!, SOL)
    const to = (await generateKeyPairSigner()).address
    const result = (await dapp.request({
      topic,
      chainId: chain,
      request: { method: 'solana_signTransaction', params: { transaction: await transfer(to, 1_000n) } },
    })) as { signature: string; transaction: string }
    expect(await isSignedBy(result.transaction, wallet.solanaAddress!)).toBe(true)
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(result.transaction))
    expect(getBase58Decoder().decode(signed.signatures[wallet.solanaAddress as Address]!)).toBe(
      result.signature,
    )
    expect((await rpc.getBalance(to).send()).value).toBe(0n)
  })

  it('sends solana_signAndSendTransaction to its RPC: the transfer lands', async () => {
    await start()
    const { topic } = await connect(solanaNamespace())
    await validator.airdrop(wallet.solanaAddress!, SOL)
    const to = (await generateKeyPairSigner()).address
    const { signature } = (await dapp.request({
      topic,
      chainId: chain,
      request: {
        method: 'solana_signAndSendTransaction',
        params: {
          transaction: await transfer(to, SOL / 4n),
          sendOptions: { preflightCommitment: 'confirmed', skipPreflight: false },
        },
      },
    })) as { signature: string }
    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect((await rpc.getBalance(to).send()).value).toBe(SOL / 4n)
  })

  it('passes the node’s refusal back when the transaction cannot pay for itself', async () => {
    await start()
    const { topic } = await connect(solanaNamespace())
    const to = (await generateKeyPairSigner()).address
    // The wallet's account holds nothing, so preflight fails on the node.
    await expect(
      dapp.request({
        topic,
        chainId: chain,
        request: { method: 'solana_signAndSendTransaction', params: { transaction: await transfer(to, 5n) } },
      }),
    ).rejects.toMatchObject({ code: expect.any(Number) })
    expect((await rpc.getBalance(to).send()).value).toBe(0n)
  })

  it('signs every transaction of solana_signAllTransactions', async () => {
    await start()
    const { topic } = await connect(solanaNamespace())
    const to = (await generateKeyPairSigner()).address
    const transactions = [await transfer(to, 1n), await transfer(to, 2n)]
    const result = (await dapp.request({
      topic,
      chainId: chain,
      request: { method: 'solana_signAllTransactions', params: { transactions } },
    })) as { transactions: string[] }
    expect(result.transactions).toHaveLength(2)
    for (const signed of result.transactions)
      expect(await isSignedBy(signed, wallet.solanaAddress!)).toBe(true)
  })

  it('answers Solana requests with 4001 when set to reject requests', async () => {
    await start()
    const { topic } = await connect(solanaNamespace())
    wallet.setRequestMode('reject')
    await expect(
      dapp.request({
        topic,
        chainId: chain,
        request: {
          method: 'solana_signMessage',
          params: { message: '2NEpo7TZRRrLZSi2U', pubkey: wallet.solanaAddress },
        },
      }),
    ).rejects.toMatchObject({ code: 4001 })
    expect(wallet.requests()).toMatchObject([{ method: 'solana_signMessage', chainId: chain }])
  })

  it('rejects a Solana-only proposal when set to reject', async () => {
    await start()
    wallet.setMode('reject')
    await expect(connect(solanaNamespace())).rejects.toMatchObject({ code: 5000 })
    expect(wallet.sessions()).toEqual([])
  })
})
