import type { CaipNetworkId, SiwxMessageData } from '@portico/core'
import {
  ANVIL_PRIVATE_KEYS,
  type AnvilInstance,
  deploySmartWallet,
  getFreePort,
  getSmartWalletAddress,
  startAnvil,
  TEST_SMART_WALLET_FACTORY,
  TEST_SMART_WALLET_FACTORY_ABI,
} from '@portico/test'
import {
  type Address,
  createPublicClient,
  encodeFunctionData,
  type Hex,
  http,
  type PublicClient,
  serializeErc6492Signature,
} from 'viem'
import { type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSiwxMessage } from '../message.js'
import type { SiwxVerifyInput } from '../verifier.js'
import { eip155Verifier } from './eip155Verifier.js'

const CHAIN_ID = 31_415
const owner = privateKeyToAccount(ANVIL_PRIVATE_KEYS[0])
const stranger = privateKeyToAccount(ANVIL_PRIVATE_KEYS[1])
const COUNTERFACTUAL_SALT: Hex = `0x${'c0'.padStart(64, '0')}`

function messageFor(accountAddress: string, overrides: Partial<SiwxMessageData> = {}) {
  const data: SiwxMessageData = {
    domain: 'shop.example',
    accountAddress,
    statement: 'Sign in to the shop.',
    uri: 'https://shop.example/login',
    version: '1',
    chainId: `eip155:${CHAIN_ID}` as CaipNetworkId,
    nonce: 'q7Zp2kLx9Tn4',
    issuedAt: '2025-01-02T03:04:05.000Z',
    ...overrides,
  }
  return { data, message: createSiwxMessage(data) }
}

async function signedBy(signer: PrivateKeyAccount, accountAddress: string): Promise<SiwxVerifyInput> {
  const { data, message } = messageFor(accountAddress)
  return { data, message, signature: await signer.signMessage({ message }) }
}

describe('eip155Verifier', () => {
  let anvil: AnvilInstance
  let rpcUrls: Record<number, string>
  let wallet: Address
  let counterfactual: Address

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: CHAIN_ID })
    rpcUrls = { [CHAIN_ID]: anvil.rpcUrl }
    wallet = await deploySmartWallet({ rpcUrl: anvil.rpcUrl, owner: owner.address })
    counterfactual = await getSmartWalletAddress({ owner: owner.address, salt: COUNTERFACTUAL_SALT })
  }, 60_000)
  afterAll(() => anvil?.stop())

  /** An address with nothing listening, to prove a check never needed the chain. */
  const deadRpcUrls = async () => ({ [CHAIN_ID]: `http://127.0.0.1:${await getFreePort()}` })

  const wrap6492 = async (signer: PrivateKeyAccount, message: string): Promise<Hex> =>
    serializeErc6492Signature({
      address: TEST_SMART_WALLET_FACTORY.address,
      data: encodeFunctionData({
        abi: TEST_SMART_WALLET_FACTORY_ABI,
        functionName: 'createAccount',
        args: [owner.address, COUNTERFACTUAL_SALT],
      }),
      signature: await signer.signMessage({ message }),
    })

  describe('plain accounts', () => {
    it('accepts an account key signature offline, with no RPC URL at all', async () => {
      const input = await signedBy(owner, owner.address)
      expect(await eip155Verifier().verify(input)).toBe(true)
      expect(eip155Verifier().signatureType?.(input)).toBe('eip191')
    })

    it('never asks the chain for an account key signature, even when an RPC URL is configured', async () => {
      const verifier = eip155Verifier({ rpcUrls: await deadRpcUrls(), timeoutMs: 2_000 })
      expect(await verifier.verify(await signedBy(owner, owner.address))).toBe(true)
    })

    it('accepts the lowercase form of the address', async () => {
      const input = await signedBy(owner, owner.address.toLowerCase())
      expect(await eip155Verifier().verify(input)).toBe(true)
    })

    it('refuses the signature of a tampered message', async () => {
      const input = await signedBy(owner, owner.address)
      const tampered = input.message.replace('Sign in to the shop.', 'Sign in to the bank.')
      expect(tampered).not.toBe(input.message)
      expect(await eip155Verifier().verify({ ...input, message: tampered })).toBe(false)
      expect(await eip155Verifier({ rpcUrls }).verify({ ...input, message: tampered })).toBe(false)
    })

    it("refuses another account's signature, offline and through the chain", async () => {
      const input = await signedBy(stranger, owner.address)
      expect(await eip155Verifier().verify(input)).toBe(false)
      expect(await eip155Verifier({ rpcUrls }).verify(input)).toBe(false)
    })

    it('answers false, never throws, for garbage, short, malformed and non-hex signatures', async () => {
      const { data, message, signature } = await signedBy(owner, owner.address)
      const wrongV = `${signature.slice(0, 130)}1d` // v = 29 is no recovery id
      const garbage = [
        '',
        '0x',
        '0x0',
        '0xabc',
        '0xdeadbeef',
        signature.slice(0, 130),
        `${signature}00`,
        wrongV,
        `0x${'00'.repeat(65)}`,
        `0x${'ff'.repeat(65)}`,
        signature.slice(2),
        `0x${'zz'.repeat(65)}`,
        'not a signature',
        // The ERC-6492 magic suffix around nothing that decodes.
        `0x${'ab'.repeat(10)}${'6492'.repeat(16)}`,
      ]
      for (const verifier of [eip155Verifier(), eip155Verifier({ rpcUrls })]) {
        for (const bad of garbage) {
          await expect(verifier.verify({ data, message, signature: bad }), bad).resolves.toBe(false)
        }
      }
    })

    it('answers false for an account field that is not an EVM address', async () => {
      const input = await signedBy(owner, 'Gh9ZwEmdLJ8DscKNTkTqPbNwLNNBjuSzaG9Vp2KGtKJr')
      expect(await eip155Verifier({ rpcUrls }).verify(input)).toBe(false)
    })
  })

  describe('deployed contract accounts (ERC-1271)', () => {
    it("accepts the owner's signature for the wallet through the chain", async () => {
      const input = await signedBy(owner, wallet)
      expect(await eip155Verifier({ rpcUrls }).verify(input)).toBe(true)
    })

    it('names a 65-byte signature that only the contract accepts eip1271, not eip191', async () => {
      const input = await signedBy(owner, wallet)
      expect(input.signature).toHaveLength(132)
      expect(eip155Verifier({ rpcUrls }).signatureType?.(input)).toBe('eip1271')
    })

    it('refuses it without an RPC URL for the chain, or with one for another chain only', async () => {
      const input = await signedBy(owner, wallet)
      expect(await eip155Verifier().verify(input)).toBe(false)
      expect(await eip155Verifier({ rpcUrls: { 1: anvil.rpcUrl } }).verify(input)).toBe(false)
    })

    it('refuses a signature by a key that does not own the wallet', async () => {
      expect(await eip155Verifier({ rpcUrls }).verify(await signedBy(stranger, wallet))).toBe(false)
    })

    it('answers false, never throws, when the RPC node does not answer', async () => {
      const verifier = eip155Verifier({ rpcUrls: await deadRpcUrls(), timeoutMs: 2_000 })
      expect(await verifier.verify(await signedBy(owner, wallet))).toBe(false)
    })

    it('uses the client from `getClient` instead of `rpcUrls`', async () => {
      const client = createPublicClient({ transport: http(anvil.rpcUrl) }) as PublicClient
      const asked: number[] = []
      const verifier = eip155Verifier({
        getClient: (chainId) => {
          asked.push(chainId)
          return client
        },
      })
      expect(await verifier.verify(await signedBy(owner, wallet))).toBe(true)
      expect(asked).toEqual([CHAIN_ID])
    })
  })

  describe('counterfactual contract accounts (ERC-6492)', () => {
    it('accepts a wrapped signature for an account that is not deployed yet', async () => {
      const client = createPublicClient({ transport: http(anvil.rpcUrl) })
      expect(await client.getCode({ address: counterfactual })).toBeUndefined()
      const { data, message } = messageFor(counterfactual)
      const signature = await wrap6492(owner, message)
      expect(await eip155Verifier({ rpcUrls }).verify({ data, message, signature })).toBe(true)
      expect(eip155Verifier({ rpcUrls }).signatureType?.({ data, message, signature })).toBe('eip1271')
      // The check simulates the deployment; the chain is left as it was.
      expect(await client.getCode({ address: counterfactual })).toBeUndefined()
    })

    it('refuses it without an RPC URL, for a non-owner, and for another message', async () => {
      const { data, message } = messageFor(counterfactual)
      const byOwner = await wrap6492(owner, message)
      expect(await eip155Verifier().verify({ data, message, signature: byOwner })).toBe(false)
      const byStranger = await wrap6492(stranger, message)
      expect(await eip155Verifier({ rpcUrls }).verify({ data, message, signature: byStranger })).toBe(false)
      const other = messageFor(counterfactual, { nonce: 'otherNonce123' })
      expect(await eip155Verifier({ rpcUrls }).verify({ ...other, signature: byOwner })).toBe(false)
    })
  })

  describe('supports', () => {
    it('accepts positive decimal chain ids', () => {
      const { supports } = eip155Verifier()
      for (const chainId of ['eip155:1', 'eip155:10', 'eip155:31337', 'eip155:4503599627370476'])
        expect(supports?.(chainId as CaipNetworkId), chainId).toBe(true)
    })

    it('refuses eip155:0, non-numeric, zero-padded and out-of-range chain ids', () => {
      const { supports } = eip155Verifier()
      for (const chainId of [
        'eip155:0',
        'eip155:01',
        'eip155:abc',
        'eip155:0x1',
        'eip155:-1',
        'eip155:',
        'eip155:99999999999999999',
        'solana:1',
      ])
        expect(supports?.(chainId as CaipNetworkId), chainId).toBe(false)
    })
  })
})
