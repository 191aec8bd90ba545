import {
  appendTransactionMessageInstruction,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type KeyPairSigner,
  pipe,
  type Rpc,
  type SolanaRpcApi,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { fetchMint, findAssociatedTokenPda, getTransferCheckedInstruction } from '@solana-program/token'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from './accounts.js'
import { createTestSplToken, getTestSplBalance, mintTestSplTokens, SplTokenSetupError } from './splToken.js'
import { type SolanaTestValidator, startSolanaTestValidator } from './startSolanaTestValidator.js'

let validator: SolanaTestValidator
let rpc: Rpc<SolanaRpcApi>

beforeAll(async () => {
  validator = await startSolanaTestValidator()
  rpc = createSolanaRpc(validator.url)
})
afterAll(() => validator?.close())

describe('createTestSplToken', () => {
  test('creates an initialised SPL Token mint with the decimals and authority asked for, in the history', async () => {
    const authority = await generateKeyPairSigner()
    const token = await createTestSplToken(validator, { decimals: 6, mintAuthority: authority })
    expect(token.mintAuthority).toBe(authority)
    expect(token.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(token.decimals).toBe(6)
    const mint = await fetchMint(rpc, token.mint)
    expect(mint.programAddress).toBe(TOKEN_PROGRAM_ADDRESS)
    expect(mint.data.decimals).toBe(6)
    expect(mint.data.isInitialized).toBe(true)
    expect(mint.data.supply).toBe(0n)
    expect(mint.data.mintAuthority).toMatchObject({ __option: 'Some', value: authority.address })
    const history = await rpc.getSignaturesForAddress(token.mint).send()
    expect(history).toHaveLength(1)
    expect(history[0]?.err).toBeNull()
  })

  test('creates a Token-2022 mint when asked, owned by the Token-2022 program', async () => {
    const token = await createTestSplToken(validator, {
      decimals: 9,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    })
    expect(token.programAddress).toBe(TOKEN_2022_PROGRAM_ADDRESS)
    const { value } = await rpc.getAccountInfo(token.mint, { encoding: 'jsonParsed' }).send()
    expect(value?.owner).toBe(TOKEN_2022_PROGRAM_ADDRESS)
    expect(value?.data).toMatchObject({
      program: 'spl-token-2022',
      parsed: { type: 'mint', info: { decimals: 9, supply: '0', isInitialized: true } },
    })
  })

  test('refuses decimals a mint cannot have, before sending anything', async () => {
    await expect(createTestSplToken(validator, { decimals: 256 })).rejects.toThrow(SplTokenSetupError)
    await expect(createTestSplToken(validator, { decimals: 1.5 })).rejects.toThrow(
      'Could not create the test mint on the test validator: decimals must be an integer 0–255, got 1.5.',
    )
  })
})

describe('mintTestSplTokens and getTestSplBalance', () => {
  test('mints into the owner’s associated token account and reads the balance back', async () => {
    const token = await createTestSplToken(validator, { decimals: 6 })
    const owner = (await generateKeyPairSigner()).address
    expect(await getTestSplBalance(validator, { mint: token.mint, owner })).toBe(0n)
    const { tokenAccount, signature } = await mintTestSplTokens(validator, {
      token,
      owner,
      amount: 2_500_000n,
    })
    const [expectedAccount] = await findAssociatedTokenPda({
      owner,
      mint: token.mint,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    })
    expect(tokenAccount).toBe(expectedAccount)
    expect(await getTestSplBalance(validator, { mint: token.mint, owner })).toBe(2_500_000n)
    const { value } = await rpc.getTokenAccountBalance(tokenAccount).send()
    expect(value.uiAmountString).toBe('2.5')
    const statuses = await rpc.getSignatureStatuses([signature as never]).send()
    expect(statuses.value[0]?.err).toBeNull()
    expect((await rpc.getSignaturesForAddress(owner).send()).map((entry) => entry.signature)).toEqual([
      signature,
    ])
  })

  test('minting twice to the same owner reuses the account and adds up', async () => {
    const token = await createTestSplToken(validator, { decimals: 2 })
    const owner = (await generateKeyPairSigner()).address
    const first = await mintTestSplTokens(validator, { token, owner, amount: 100n })
    const second = await mintTestSplTokens(validator, { token, owner, amount: 250n })
    expect(second.tokenAccount).toBe(first.tokenAccount)
    expect(second.signature).not.toBe(first.signature)
    expect(await getTestSplBalance(validator, { mint: token.mint, owner })).toBe(350n)
    expect((await fetchMint(rpc, token.mint)).data.supply).toBe(350n)
  })

  test('mints Token-2022 tokens into a Token-2022 associated account', async () => {
    const token = await createTestSplToken(validator, {
      decimals: 9,
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
    })
    const owner = (await generateKeyPairSigner()).address
    const { tokenAccount } = await mintTestSplTokens(validator, { token, owner, amount: 7n * 10n ** 9n })
    const [expectedAccount] = await findAssociatedTokenPda({
      owner,
      mint: token.mint,
      tokenProgram: TOKEN_2022_PROGRAM_ADDRESS,
    })
    expect(tokenAccount).toBe(expectedAccount)
    const { value } = await rpc.getAccountInfo(tokenAccount, { encoding: 'base64' }).send()
    expect(value?.owner).toBe(TOKEN_2022_PROGRAM_ADDRESS)
    expect(await getTestSplBalance(validator, { mint: token.mint, owner })).toBe(7n * 10n ** 9n)
  })

  test('a balance is per mint: another mint’s tokens do not count', async () => {
    const a = await createTestSplToken(validator, { decimals: 0 })
    const b = await createTestSplToken(validator, { decimals: 0 })
    const owner = (await generateKeyPairSigner()).address
    await mintTestSplTokens(validator, { token: a, owner, amount: 5n })
    await mintTestSplTokens(validator, { token: b, owner, amount: 9n })
    expect(await getTestSplBalance(validator, { mint: a.mint, owner })).toBe(5n)
    expect(await getTestSplBalance(validator, { mint: b.mint, owner })).toBe(9n)
  })
})

describe('an SPL transfer built with kit', () => {
  let alice: KeyPairSigner
  let bob: KeyPairSigner

  beforeAll(async () => {
    alice = await generateKeyPairSigner()
    bob = await generateKeyPairSigner()
    await validator.airdrop(alice.address, 1_000_000_000n)
  })

  test.each([
    ['SPL Token', TOKEN_PROGRAM_ADDRESS],
    ['Token-2022', TOKEN_2022_PROGRAM_ADDRESS],
  ] as const)('a %s transferChecked between two owners lands and moves both balances', async (_, program) => {
    const token = await createTestSplToken(validator, { decimals: 6, programAddress: program })
    const { tokenAccount: source } = await mintTestSplTokens(validator, {
      token,
      owner: alice.address,
      amount: 1_000_000n,
    })
    const { tokenAccount: destination } = await mintTestSplTokens(validator, {
      token,
      owner: bob.address,
      amount: 1n,
    })
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(alice, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(blockhash, message),
        (message) =>
          appendTransactionMessageInstruction(
            getTransferCheckedInstruction(
              { source, mint: token.mint, destination, authority: alice, amount: 400_000n, decimals: 6 },
              { programAddress: program },
            ),
            message,
          ),
      ),
    )
    const signature = await rpc
      .sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' })
      .send()
    expect((await rpc.getSignatureStatuses([signature]).send()).value[0]?.err).toBeNull()
    expect(await getTestSplBalance(validator, { mint: token.mint, owner: alice.address })).toBe(600_000n)
    expect(await getTestSplBalance(validator, { mint: token.mint, owner: bob.address })).toBe(400_001n)
  })

  test('a transfer of more than the source holds fails in preflight and moves nothing', async () => {
    const token = await createTestSplToken(validator, { decimals: 0 })
    const { tokenAccount: source } = await mintTestSplTokens(validator, {
      token,
      owner: alice.address,
      amount: 3n,
    })
    const { tokenAccount: destination } = await mintTestSplTokens(validator, {
      token,
      owner: bob.address,
      amount: 1n,
    })
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    const transaction = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (message) => setTransactionMessageFeePayerSigner(alice, message),
        (message) => setTransactionMessageLifetimeUsingBlockhash(blockhash, message),
        (message) =>
          appendTransactionMessageInstruction(
            getTransferCheckedInstruction({
              source,
              mint: token.mint,
              destination,
              authority: alice,
              amount: 4n,
              decimals: 0,
            }),
            message,
          ),
      ),
    )
    await expect(
      rpc.sendTransaction(getBase64EncodedWireTransaction(transaction), { encoding: 'base64' }).send(),
    ).rejects.toThrow()
    expect(await getTestSplBalance(validator, { mint: token.mint, owner: alice.address })).toBe(3n)
    expect(await getTestSplBalance(validator, { mint: token.mint, owner: bob.address })).toBe(1n)
  })
})
