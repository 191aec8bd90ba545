import '@polkadot/api-augment'
import type { ApiPromise } from '@polkadot/api'
import type { Signer } from '@polkadot/api/types'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { connectPolkadotApi } from '../connectPolkadotApi.js'
import { type PolkadotTestChain, startPolkadotTestChain } from '../startPolkadotTestChain.js'
import { POLKADOT_TEST_ACCOUNTS } from '../testAccounts.js'
import { createTestPolkadotExtension, type TestPolkadotExtension } from './createTestPolkadotExtension.js'
import type { Injected, SignerPayloadJSON } from './injectedWeb3.js'

// One chain for the file: starting one loads a runtime (10–16 s).
let chain: PolkadotTestChain
let api: ApiPromise
let extension: TestPolkadotExtension
let injected: Injected

beforeAll(async () => {
  chain = await startPolkadotTestChain()
  api = await connectPolkadotApi(chain.wsUrl)
  extension = await createTestPolkadotExtension()
  injected = await extension.provider.enable('Portico test')
}, 120_000)

afterAll(async () => {
  await api?.disconnect()
  await chain?.stop()
})

const [alice, bob] = POLKADOT_TEST_ACCOUNTS as [
  (typeof POLKADOT_TEST_ACCOUNTS)[0],
  (typeof POLKADOT_TEST_ACCOUNTS)[0],
]
const free = async (address: string) => (await api.query.system.account(address)).data.free.toBigInt()

it('signs a payload into an extrinsic the chain accepts and executes', async () => {
  const [account] = await injected.accounts.get()
  const amount = 2_000_000_000_000n
  const bobBefore = await free(bob.address)
  const transfer = api.tx.balances.transferKeepAlive(bob.address, amount)
  // As a site does: @polkadot/api builds the SignerPayloadJSON, the extension signs it, and the
  // signature is added to the extrinsic (addSignature) before it is sent.
  const { nonce } = await api.query.system.account(alice.address)
  await transfer.signAsync(account?.address as string, { signer: injected.signer as Signer, nonce })
  expect(transfer.isSigned).toBe(true)
  expect(transfer.signer.toString()).toBe(alice.address)
  const failure = await new Promise<string | undefined>((resolve, reject) => {
    transfer
      .send(({ status, dispatchError }) => {
        if (status.isInBlock || status.isFinalized) resolve(dispatchError?.toString())
      })
      .catch(reject)
  })
  expect(failure).toBeUndefined()
  expect(await free(bob.address)).toBe(bobBefore + amount)
  expect(extension.requests().at(-1)).toMatchObject({
    method: 'signPayload',
    // @polkadot/api names the signer in the chain's prefix; the extension finds the key by it.
    input: { address: alice.address },
  })
})

it('answers a signature the chain refuses when it is for another payload', async () => {
  const [account] = await injected.accounts.get()
  const { nonce } = await api.query.system.account(alice.address)
  const signed = api.tx.balances.transferKeepAlive(bob.address, 1n)
  await signed.signAsync(account?.address as string, { signer: injected.signer as Signer, nonce })
  // The extension's signature over one payload, put on a different call, is refused: the chain
  // checks what was signed.
  const signedPayload = extension.requests().at(-1)?.input as SignerPayloadJSON
  const { signature } = await injected.signer.signPayload(signedPayload)
  const forged = api.tx.balances.transferKeepAlive(bob.address, 2n)
  forged.addSignature(alice.address, signature, {
    ...signedPayload,
    method: forged.method.toHex(),
  } as unknown as Parameters<typeof forged.addSignature>[2])
  await expect(forged.send()).rejects.toThrow(/1010|bad ?signature|badProof/i)
})

it('throws Cancelled for a rejected transaction, and signs nothing', async () => {
  const [account] = await injected.accounts.get()
  extension.setMode('reject')
  try {
    const transfer = api.tx.balances.transferKeepAlive(bob.address, 1n)
    await expect(
      transfer.signAsync(account?.address as string, { signer: injected.signer as Signer }),
    ).rejects.toThrow('Cancelled')
    expect(transfer.isSigned).toBe(false)
  } finally {
    extension.setMode('approve')
  }
})
