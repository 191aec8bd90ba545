import {
  MESSAGES,
  type Network,
  ProviderRequestError,
  ProviderTimeoutError,
  UserRejectedRequestError,
} from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import {
  createTestSplToken,
  getTestSplBalance,
  LAMPORTS_PER_SIGNATURE,
  mintTestSplTokens,
  type SolanaTestValidator,
  startSolanaTestValidator,
  type TestSplToken,
  TOKEN_2022_PROGRAM_ADDRESS,
} from '@portico/test/solana'
import {
  createTestSolanaWallet,
  registerTestSolanaWallet,
  type TestSolanaWallet,
  type Wallet,
} from '@portico/test/solana/wallet'
import {
  type Address,
  createSolanaRpc,
  generateKeyPairSigner,
  type Signature,
  address as toAddress,
} from '@solana/kit'
import { findAssociatedTokenPda } from '@solana-program/token'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { getWalletConnectorId } from './createDiscovery.js'
import { SolanaSendFailedError, SolanaSendValidationError } from './errors.js'
import { defineSolanaNetwork, solanaDevnet, solanaMainnet } from './networks.js'
import { type SolanaAdapter, type SolanaAdapterOptions, solana } from './solana.js'

const SOL = 1_000_000_000n

let validator: SolanaTestValidator
let network: Network
let rpc: ReturnType<typeof createSolanaRpc>
const cleanups: Array<() => unknown> = []

beforeAll(async () => {
  validator = await startSolanaTestValidator()
  rpc = createSolanaRpc(validator.url)
  const genesisHash = await rpc.getGenesisHash().send()
  network = defineSolanaNetwork({ id: genesisHash, name: 'Test validator', rpcUrl: validator.url })
})
afterAll(() => validator?.close())
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A connected adapter and a wallet with a fresh, funded account, so balances start from known values. */
async function setup(
  options: { adapter?: SolanaAdapterOptions; funding?: bigint; wallet?: (wallet: Wallet) => Wallet } = {},
) {
  const page = new EventTarget()
  const testWallet = await createTestSolanaWallet({
    rpcUrl: validator.url,
    seeds: [crypto.getRandomValues(new Uint8Array(32))],
  })
  const wallet = options.wallet ? options.wallet(testWallet.wallet) : testWallet.wallet
  cleanups.push(registerTestSolanaWallet(wallet, page))
  const { context } = createTestAdapterContext([network], true)
  const adapter = solana({ window: page, ...options.adapter })(context)
  adapter.start()
  cleanups.push(() => adapter.destroy())
  const connectorId = getWalletConnectorId(wallet.name)
  const { address } = await adapter.connect({ connectorId })
  const funding = options.funding ?? 2n * SOL
  if (funding > 0n) await validator.airdrop(address, funding)
  return { adapter, testWallet, connectorId, address }
}

const lamportsOf = async (owner: string) => (await rpc.getBalance(toAddress(owner)).send()).value
const freshAddress = async () => (await generateKeyPairSigner()).address
const paidFee = async (signature: string) => {
  const transaction = await rpc
    .getTransaction(signature as Signature, { encoding: 'json', maxSupportedTransactionVersion: 0 })
    .send()
  return transaction?.meta?.fee
}
const featuresAsked = (testWallet: TestSolanaWallet) =>
  testWallet.requests().map((request) => request.feature)

async function sendAndWait(adapter: SolanaAdapter, parameters: Parameters<SolanaAdapter['send']['send']>[0]) {
  const signature = await adapter.send.send(parameters)
  expect(await adapter.send.waitForTransaction({ hash: signature, network, timeoutMs: 5_000 })).toEqual({
    status: 'success',
  })
  return signature
}

describe('SOL', () => {
  it('sends SOL through signAndSendTransaction; the sender pays the amount and exactly the estimated fee', async () => {
    const { adapter, testWallet, connectorId, address } = await setup()
    const to = await freshAddress()
    const amount = SOL / 10n
    const estimate = await adapter.send.estimateFee({ address, network, to, amount })
    expect(estimate).toMatchObject({
      createsTokenAccount: false,
      breakdown: { signatures: 1n, accountCreationRent: 0n },
    })
    expect(estimate.fee).toBe(estimate.breakdown.networkFee)
    expect(estimate.fee).toBe(estimate.breakdown.signatures * estimate.breakdown.lamportsPerSignature)
    const before = await lamportsOf(address)

    const signature = await sendAndWait(adapter, { connectorId, address, network, to, amount })

    expect(signature).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/)
    expect(await paidFee(signature)).toBe(estimate.breakdown.networkFee)
    expect(await lamportsOf(address)).toBe(before - amount - estimate.fee)
    expect(await lamportsOf(to)).toBe(amount)
    expect(featuresAsked(testWallet)).toEqual(['standard:connect', 'solana:signAndSendTransaction'])
  })

  it('passes the SPEC §5 transaction options and the localnet chain to the wallet', async () => {
    const { adapter, testWallet, connectorId, address } = await setup({
      adapter: { transactionOptions: { skipPreflight: true, maxRetries: 2 } },
    })
    await sendAndWait(adapter, {
      connectorId,
      address,
      network,
      to: await freshAddress(),
      amount: SOL / 100n,
    })
    const request = testWallet.requests().find((entry) => entry.feature === 'solana:signAndSendTransaction')
    const [input] = (request?.input ?? []) as { chain: string; options: Record<string, unknown> }[]
    expect(input?.chain).toBe('solana:localnet')
    expect(input?.options).toEqual({
      skipPreflight: true,
      maxRetries: 2,
      preflightCommitment: 'confirmed',
      minContextSlot: expect.any(Number),
    })
  })

  it('signs with solana:signTransaction and sends through the RPC when the wallet cannot send', async () => {
    const withoutSend = (wallet: Wallet): Wallet => ({
      version: '1.0.0',
      name: 'Sign Only Wallet',
      icon: wallet.icon,
      chains: wallet.chains,
      features: Object.fromEntries(
        Object.entries(wallet.features).filter(([name]) => name !== 'solana:signAndSendTransaction'),
      ),
      get accounts() {
        return wallet.accounts
      },
    })
    const { adapter, testWallet, connectorId, address } = await setup({ wallet: withoutSend })
    const to = await freshAddress()
    await sendAndWait(adapter, { connectorId, address, network, to, amount: SOL / 20n })
    expect(await lamportsOf(to)).toBe(SOL / 20n)
    expect(featuresAsked(testWallet)).toEqual(['standard:connect', 'solana:signTransaction'])
  })

  it('refuses a send of more SOL than the amount plus the fee leaves, without asking the wallet', async () => {
    const { adapter, testWallet, connectorId, address } = await setup({ funding: SOL / 10n })
    const error = await adapter.send
      .send({ connectorId, address, network, to: await freshAddress(), amount: SOL / 10n })
      .catch((e) => e)
    expect(error).toBeInstanceOf(SolanaSendValidationError)
    expect(error.problem).toBe('insufficientSol')
    expect(error.shortMessage).toBe('Not enough SOL to pay for the amount and the network fee.')
    expect(featuresAsked(testWallet)).toEqual(['standard:connect'])
    // The estimate still shows the fee, so the form can offer the most that can be sent.
    expect((await adapter.send.estimateFee({ address, network, to: address, amount: SOL / 10n })).fee).toBe(
      LAMPORTS_PER_SIGNATURE,
    )
  })

  it('refuses to leave less than the rent-exempt minimum behind, and to fund a new account below it', async () => {
    const { adapter, connectorId, address } = await setup({ funding: SOL / 10n })
    const leaves = await adapter.send
      .send({ connectorId, address, network, to: await freshAddress(), amount: SOL / 10n - 5_000n - 1_000n })
      .catch((e) => e)
    expect(leaves.problem).toBe('leavesBelowAccountMinimum')
    const tiny = await adapter.send
      .send({ connectorId, address, network, to: await freshAddress(), amount: 1_000n })
      .catch((e) => e)
    expect(tiny.problem).toBe('belowAccountMinimum')
  })

  it('sends everything but the fee, leaving the sender at zero', async () => {
    const { adapter, connectorId, address } = await setup({ funding: SOL / 10n })
    const to = await freshAddress()
    const { fee } = await adapter.send.estimateFee({ address, network, to, amount: 0n })
    await sendAndWait(adapter, { connectorId, address, network, to, amount: SOL / 10n - fee })
    expect(await lamportsOf(address)).toBe(0n)
  })

  it('refuses receivers and senders that are not Solana addresses', async () => {
    const { adapter, connectorId, address } = await setup({ funding: 0n })
    const badReceiver = await adapter.send
      .send({ connectorId, address, network, to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', amount: 1n })
      .catch((e) => e)
    expect(badReceiver).toBeInstanceOf(SolanaSendValidationError)
    expect(badReceiver.shortMessage).toBe('The receiver is not a valid Solana address.')
    await expect(
      adapter.send.estimateFee({ address: 'nope', network, to: address, amount: 1n }),
    ).rejects.toMatchObject({
      problem: 'invalidSender',
    })
    expect(adapter.send.isAddress(address)).toBe(true)
    // Too long to be 32 bytes whatever the key (one more digit can still be 32 bytes: a valid key).
    expect(adapter.send.isAddress(`${address}${address}`)).toBe(false)
    expect(adapter.send.isAddress('0x70997970C51812dc3A010C7d01b50e0d17dc79C8')).toBe(false)
  })
})

describe('wallet failures', () => {
  it('rejects with UserRejectedRequestError when the visitor declines the send', async () => {
    const { adapter, testWallet, connectorId, address } = await setup()
    testWallet.setMode('reject')
    await expect(
      adapter.send.send({ connectorId, address, network, to: await freshAddress(), amount: SOL / 100n }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it("fails with SPEC §8's Solana text when the wallet fails", async () => {
    const { adapter, testWallet, connectorId, address } = await setup()
    testWallet.setMode('fail')
    const error = await adapter.send
      .send({ connectorId, address, network, to: await freshAddress(), amount: SOL / 100n })
      .catch((e) => e)
    expect(error).toBeInstanceOf(SolanaSendFailedError)
    expect(error.shortMessage).toBe(MESSAGES.solanaSendFailed)
    expect(error.shortMessage).toBe('Failed to send transaction. Please try again.')
    expect(error.cause).toBeInstanceOf(ProviderRequestError)
  })

  it('fails with the Solana send text, caused by a timeout, when the wallet never answers', async () => {
    const { adapter, testWallet, connectorId, address } = await setup({ adapter: { promptTimeoutMs: 100 } })
    testWallet.setMode('hang')
    const error = await adapter.send
      .send({ connectorId, address, network, to: await freshAddress(), amount: SOL / 100n })
      .catch((e) => e)
    expect(error).toBeInstanceOf(SolanaSendFailedError)
    expect(error.cause).toBeInstanceOf(ProviderTimeoutError)
  })
})

describe('SPL tokens', () => {
  let token: TestSplToken
  let token2022: TestSplToken
  beforeAll(async () => {
    token = await createTestSplToken(validator, { decimals: 6 })
    token2022 = await createTestSplToken(validator, {
      decimals: 9,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    })
  })

  const ataOf = async (owner: Address, mint: TestSplToken) =>
    (await findAssociatedTokenPda({ owner, mint: mint.mint, tokenProgram: mint.programAddress }))[0]

  it("creates the receiver's token account when it has none; the fee includes its rent", async () => {
    const { adapter, connectorId, address } = await setup()
    await mintTestSplTokens(validator, { token, owner: toAddress(address), amount: 5_000_000n })
    const to = await freshAddress()
    const estimate = await adapter.send.estimateFee({
      address,
      network,
      to,
      amount: 1_500_000n,
      token: token.mint,
    })
    const rent = await rpc.getMinimumBalanceForRentExemption(165n).send()
    expect(estimate).toMatchObject({ createsTokenAccount: true, breakdown: { accountCreationRent: rent } })
    expect(estimate.fee).toBe(estimate.breakdown.networkFee + rent)
    const before = await lamportsOf(address)

    const signature = await sendAndWait(adapter, {
      connectorId,
      address,
      network,
      to,
      amount: 1_500_000n,
      token: token.mint,
    })

    expect(await getTestSplBalance(validator, { mint: token.mint, owner: to })).toBe(1_500_000n)
    expect(await getTestSplBalance(validator, { mint: token.mint, owner: toAddress(address) })).toBe(
      3_500_000n,
    )
    expect(await paidFee(signature)).toBe(estimate.breakdown.networkFee)
    expect(await lamportsOf(address)).toBe(before - estimate.fee)
  })

  it('sends to a receiver that already has a token account, with no rent to pay', async () => {
    const { adapter, connectorId, address } = await setup()
    const to = await freshAddress()
    await mintTestSplTokens(validator, { token, owner: toAddress(address), amount: 5_000_000n })
    await mintTestSplTokens(validator, { token, owner: to, amount: 1n })
    const estimate = await adapter.send.estimateFee({
      address,
      network,
      to,
      amount: 2_000_000n,
      token: token.mint,
    })
    expect(estimate).toMatchObject({ createsTokenAccount: false, breakdown: { accountCreationRent: 0n } })
    expect(estimate.fee).toBe(estimate.breakdown.networkFee)
    const before = await lamportsOf(address)
    await sendAndWait(adapter, { connectorId, address, network, to, amount: 2_000_000n, token: token.mint })
    expect(await getTestSplBalance(validator, { mint: token.mint, owner: to })).toBe(2_000_001n)
    expect(await lamportsOf(address)).toBe(before - estimate.fee)
  })

  it('sends a Token-2022 token under its own program, and the rent estimate matches the created account', async () => {
    const { adapter, connectorId, address } = await setup()
    await mintTestSplTokens(validator, { token: token2022, owner: toAddress(address), amount: 3n * SOL })
    const to = await freshAddress()
    const estimate = await adapter.send.estimateFee({
      address,
      network,
      to,
      amount: SOL,
      token: token2022.mint,
    })
    const before = await lamportsOf(address)
    await sendAndWait(adapter, { connectorId, address, network, to, amount: SOL, token: token2022.mint })
    expect(await getTestSplBalance(validator, { mint: token2022.mint, owner: to })).toBe(SOL)
    const created = await rpc.getAccountInfo(await ataOf(to, token2022), { encoding: 'base64' }).send()
    expect(created.value?.owner).toBe(TOKEN_2022_PROGRAM_ADDRESS)
    expect(created.value?.lamports).toBe(estimate.breakdown.accountCreationRent)
    expect(await lamportsOf(address)).toBe(before - estimate.fee)
  })

  it('refuses to send more tokens than the sender holds, without asking the wallet', async () => {
    const { adapter, testWallet, connectorId, address } = await setup()
    await mintTestSplTokens(validator, { token, owner: toAddress(address), amount: 1_000n })
    const error = await adapter.send
      .send({ connectorId, address, network, to: await freshAddress(), amount: 1_001n, token: token.mint })
      .catch((e) => e)
    expect(error).toBeInstanceOf(SolanaSendValidationError)
    expect(error.problem).toBe('insufficientTokens')
    expect(error.shortMessage).toBe('Not enough tokens to send this amount.')
    expect(featuresAsked(testWallet)).toEqual(['standard:connect'])
  })

  it("refuses a token send when SOL cannot pay the fee and the receiver's account rent", async () => {
    const { adapter, connectorId, address } = await setup({ funding: 1_000_000n })
    await mintTestSplTokens(validator, { token, owner: toAddress(address), amount: 1_000n })
    const error = await adapter.send
      .send({ connectorId, address, network, to: await freshAddress(), amount: 10n, token: token.mint })
      .catch((e) => e)
    expect(error.problem).toBe('insufficientSol')
    expect(error.details).toContain("including the rent of the receiver's new token account")
  })

  it('refuses a token address that is not a mint, and a receiver that is a token account', async () => {
    const { adapter, connectorId, address } = await setup()
    const { tokenAccount } = await mintTestSplTokens(validator, {
      token,
      owner: toAddress(address),
      amount: 10n,
    })
    const notMint = await adapter.send
      .estimateFee({ address, network, to: await freshAddress(), amount: 1n, token: address })
      .catch((e) => e)
    expect(notMint.problem).toBe('notATokenMint')
    const toTokenAccount = await adapter.send
      .send({ connectorId, address, network, to: tokenAccount, amount: 1n, token: token.mint })
      .catch((e) => e)
    expect(toTokenAccount.problem).toBe('receiverIsTokenAccount')
  })

  it('getTokenBalances lists Token and Token-2022 balances by mint, in base units', async () => {
    const { adapter, connectorId, address } = await setup({
      adapter: { knownTokens: [{ mint: token.mint, name: 'Test Dollar', symbol: 'TUSD' }] },
    })
    const owner = toAddress(address)
    await mintTestSplTokens(validator, { token, owner, amount: 12_345_678n })
    await mintTestSplTokens(validator, { token: token2022, owner, amount: 1_500_000_000n })
    const emptyToken = await createTestSplToken(validator, { decimals: 2 })
    // An emptied account is left out: mint one unit to the owner and send it on.
    await mintTestSplTokens(validator, { token: emptyToken, owner, amount: 1n })

    await sendAndWait(adapter, {
      connectorId,
      address,
      network,
      to: await freshAddress(),
      amount: 1n,
      token: emptyToken.mint,
    })

    const balances = await adapter.getTokenBalances({ address, network })
    expect(balances).toHaveLength(2)
    expect(balances).toContainEqual({
      token: token.mint,
      name: 'Test Dollar',
      symbol: 'TUSD',
      decimals: 6,
      value: 12_345_678n,
    })
    expect(balances).toContainEqual({
      token: token2022.mint,
      name: 'Unknown token',
      symbol: `${token2022.mint.slice(0, 4)}…${token2022.mint.slice(-4)}`,
      decimals: 9,
      value: 1_500_000_000n,
    })
    expect(await adapter.getTokenBalances({ address: await freshAddress(), network })).toEqual([])
  })
})

describe('waitForTransaction and explorer links', () => {
  it('refuses a hash that is not a Solana signature', async () => {
    const { adapter } = await setup({ funding: 0n })
    await expect(
      adapter.send.waitForTransaction({ hash: `0x${'ab'.repeat(32)}`, network, timeoutMs: 100 }),
    ).rejects.toBeInstanceOf(ProviderRequestError)
  })

  it('gives up with ProviderTimeoutError for a signature the network never saw', async () => {
    const { adapter } = await setup({ funding: 0n })
    const unknown = '5'.repeat(87)
    await expect(
      adapter.send.waitForTransaction({ hash: unknown, network, timeoutMs: 300 }),
    ).rejects.toBeInstanceOf(ProviderTimeoutError)
  })

  it('links to Solana Explorer with the cluster kept in the query', async () => {
    const { adapter } = await setup({ funding: 0n })
    const hash = '5'.repeat(87)
    const account = 'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9'
    expect(adapter.getTransactionExplorerUrl({ hash, network: solanaMainnet })).toBe(
      `https://explorer.solana.com/tx/${hash}`,
    )
    expect(adapter.getTransactionExplorerUrl({ hash, network: solanaDevnet })).toBe(
      `https://explorer.solana.com/tx/${hash}?cluster=devnet`,
    )
    expect(adapter.getAddressExplorerUrl?.({ address: account, network: solanaDevnet })).toBe(
      `https://explorer.solana.com/address/${account}?cluster=devnet`,
    )
    expect(adapter.getTransactionExplorerUrl({ hash, network })).toBeUndefined()
  })
})
