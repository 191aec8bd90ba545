// @vitest-environment node
import { type AnvilInstance, rpc, startAnvil } from '@portico/test'
import {
  createPublicClient,
  type Hex,
  http,
  numberToHex,
  parseEther,
  stringToHex,
  verifyMessage,
  verifyTypedData,
} from 'viem'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createEvmSigner } from './evmSigner.js'
import { deriveKeys } from './keys.js'
import { FrameRpcError, UnsupportedMethodError } from './rpcErrors.js'

const CHAIN_ID = 31337
const keys = deriveKeys(`0x${'42'.repeat(32)}`)
const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const OTHER = '0x000000000000000000000000000000000000cAFE'

let anvil: AnvilInstance
let signer: ReturnType<typeof createEvmSigner>
let publicClient: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [keys.evmAddress, numberToHex(parseEther('10'))])
  // Anvil's URL stands in for the server's RPC proxy.
  signer = createEvmSigner({ privateKey: keys.evmPrivateKey, rpcUrl: () => anvil.rpcUrl })
  publicClient = createPublicClient({ transport: http(anvil.rpcUrl) })
})
afterAll(() => anvil?.stop())

const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  domain: {
    name: 'Portico',
    version: '1',
    chainId: CHAIN_ID,
    verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC',
  },
  message: { from: '0x000000000000000000000000000000000000cafe', contents: 'Hello' },
} as const

describe('createEvmSigner', () => {
  test('personal_sign signs hex-encoded text that verifyMessage accepts for the wallet address', async () => {
    const signature = (await signer.request({
      method: 'personal_sign',
      params: [stringToHex('Log in to Portico'), keys.evmAddress],
      chainId: CHAIN_ID,
    })) as Hex
    expect(signature).toMatch(/^0x[0-9a-fA-F]{62,}$/)
    expect(await verifyMessage({ address: keys.evmAddress, message: 'Log in to Portico', signature })).toBe(
      true,
    )
    expect(await verifyMessage({ address: keys.evmAddress, message: 'Something else', signature })).toBe(
      false,
    )
  })

  test('personal_sign refuses to sign for another address', async () => {
    await expect(
      signer.request({ method: 'personal_sign', params: ['0x68', OTHER], chainId: CHAIN_ID }),
    ).rejects.toMatchObject({ name: 'FrameRpcError', code: 4100 })
  })

  test('eth_signTypedData_v4 signs JSON typed data that verifyTypedData accepts', async () => {
    const signature = (await signer.request({
      method: 'eth_signTypedData_v4',
      params: [keys.evmAddress, JSON.stringify(typedData)],
      chainId: CHAIN_ID,
    })) as Hex
    const { EIP712Domain: _, ...types } = typedData.types
    const valid = await verifyTypedData({ ...typedData, types, address: keys.evmAddress, signature })
    expect(valid).toBe(true)
    const tampered = await verifyTypedData({
      ...typedData,
      types,
      message: { ...typedData.message, contents: 'Bye' },
      address: keys.evmAddress,
      signature,
    })
    expect(tampered).toBe(false)
  })

  test('eth_sendTransaction fills nonce, gas and fees from the endpoint and moves the ETH', async () => {
    const before = await publicClient.getBalance({ address: RECIPIENT })
    const hash = (await signer.request({
      method: 'eth_sendTransaction',
      params: [{ from: keys.evmAddress, to: RECIPIENT, value: numberToHex(parseEther('1.5')) }],
      chainId: CHAIN_ID,
    })) as Hex
    expect(hash).toMatch(/^0x[0-9a-fA-F]{64}$/)
    const receipt = await publicClient.waitForTransactionReceipt({ hash })
    expect(receipt.status).toBe('success')
    expect(receipt.from.toLowerCase()).toBe(keys.evmAddress.toLowerCase())
    expect(await publicClient.getBalance({ address: RECIPIENT })).toBe(before + parseEther('1.5'))
  })

  test('eth_sendTransaction refuses a transaction for another chain', async () => {
    await expect(
      signer.request({
        method: 'eth_sendTransaction',
        params: [{ to: RECIPIENT, value: '0x1', chainId: '0x1' }],
        chainId: CHAIN_ID,
      }),
    ).rejects.toMatchObject({ code: 4901 })
  })

  test('wallet_sendCalls sends each call and wallet_getCallsStatus resolves the id to their receipts', async () => {
    const before = await publicClient.getBalance({ address: OTHER })
    const { id } = (await signer.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: numberToHex(CHAIN_ID),
          from: keys.evmAddress,
          calls: [
            { to: OTHER, value: numberToHex(parseEther('0.25')) },
            { to: OTHER, value: numberToHex(parseEther('0.5')), data: '0x' },
          ],
        },
      ],
      chainId: CHAIN_ID,
    })) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]{64}$/)

    const status = (await signer.request({
      method: 'wallet_getCallsStatus',
      params: [id],
      chainId: CHAIN_ID,
    })) as {
      status: number
      chainId: Hex
      atomic: boolean
      receipts: { status: Hex; transactionHash: Hex }[]
    }
    expect(status).toMatchObject({ status: 200, chainId: numberToHex(CHAIN_ID), atomic: false })
    expect(status.receipts).toHaveLength(2)
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    expect(await publicClient.getBalance({ address: OTHER })).toBe(before + parseEther('0.75'))
  })

  test('wallet_getCallsStatus refuses an unknown id', async () => {
    await expect(
      signer.request({
        method: 'wallet_getCallsStatus',
        params: [`0x${'00'.repeat(32)}`],
        chainId: CHAIN_ID,
      }),
    ).rejects.toMatchObject({ code: 5730 })
  })

  test('wallet_sendCalls refuses a call whose to does not start with 0x', async () => {
    await expect(
      signer.request({
        method: 'wallet_sendCalls',
        params: [{ calls: [{ to: 'beef' }] }],
        chainId: CHAIN_ID,
      }),
    ).rejects.toMatchObject({ name: 'InvalidRpcParamsError', code: -32602 })
  })

  test('wallet_getCapabilities says atomic batches are unsupported', async () => {
    const capabilities = await signer.request({
      method: 'wallet_getCapabilities',
      params: [keys.evmAddress],
      chainId: CHAIN_ID,
    })
    expect(capabilities).toEqual({ [numberToHex(CHAIN_ID)]: { atomic: { status: 'unsupported' } } })
  })

  test('read methods are forwarded to the endpoint and accounts come from the key', async () => {
    const balance = (await signer.request({
      method: 'eth_getBalance',
      params: [keys.evmAddress, 'latest'],
      chainId: CHAIN_ID,
    })) as Hex
    expect(BigInt(balance)).toBe(await publicClient.getBalance({ address: keys.evmAddress }))
    expect(await signer.request({ method: 'eth_chainId', chainId: CHAIN_ID })).toBe(numberToHex(CHAIN_ID))
    expect(await signer.request({ method: 'eth_accounts', chainId: CHAIN_ID })).toEqual([keys.evmAddress])
  })

  test('an unknown method is refused with 4200', async () => {
    const error = await signer
      .request({ method: 'eth_sign', params: [], chainId: CHAIN_ID })
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnsupportedMethodError)
    expect(error).toBeInstanceOf(FrameRpcError)
    expect((error as FrameRpcError).code).toBe(4200)
  })
})
