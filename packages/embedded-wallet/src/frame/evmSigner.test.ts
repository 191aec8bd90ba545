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
import { createCallsIdCodec, MAX_CALLS_PER_BUNDLE } from './callsId.js'
import { createEvmSigner } from './evmSigner.js'
import { deriveKeys } from './keys.js'
import { FrameRpcError, UnsupportedMethodError } from './rpcErrors.js'

const CHAIN_ID = 31337
const keys = deriveKeys(`0x${'42'.repeat(32)}`)
const RECIPIENT = '0x000000000000000000000000000000000000bEEF'
const OTHER = '0x000000000000000000000000000000000000cAFE'
// PUSH1 0 PUSH1 0 REVERT: every call to it reverts, so eth_estimateGas fails for it.
const REVERTS = '0x60006000fd'
const REVERTER = '0x00000000000000000000000000000000000De7e7'
const codec = createCallsIdCodec(keys.evmPrivateKey)

let anvil: AnvilInstance
let signer: ReturnType<typeof createEvmSigner>
let publicClient: ReturnType<typeof createPublicClient>

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  await rpc(anvil.rpcUrl, 'anvil_setBalance', [keys.evmAddress, numberToHex(parseEther('10'))])
  // Anvil's URL stands in for the server's RPC proxy.
  signer = createEvmSigner({ privateKey: keys.evmPrivateKey, rpcUrl: () => anvil.rpcUrl })
  publicClient = createPublicClient({ transport: http(anvil.rpcUrl) })
  await rpc(anvil.rpcUrl, 'anvil_setCode', [REVERTER, REVERTS])
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

interface CallsStatus {
  version: string
  id: string
  status: number
  chainId: Hex
  atomic: boolean
  receipts: { status: Hex; transactionHash: Hex }[]
}

function callsStatus(id: string, on = signer): Promise<CallsStatus> {
  return on.request({
    method: 'wallet_getCallsStatus',
    params: [id],
    chainId: CHAIN_ID,
  }) as Promise<CallsStatus>
}

/** The bundle's status once it is no longer pending (100): its transactions go out one by one. */
async function settledCallsStatus(id: string): Promise<CallsStatus> {
  let status = await callsStatus(id)
  for (let tries = 0; status.status === 100 && tries < 100; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 100))
    status = await callsStatus(id)
  }
  return status
}

function pendingNonce(): Promise<number> {
  return publicClient.getTransactionCount({ address: keys.evmAddress, blockTag: 'pending' })
}

function send(tx: { to: string; value?: Hex; gas?: Hex }): Promise<Hex> {
  return signer.request({ method: 'eth_sendTransaction', params: [tx], chainId: CHAIN_ID }) as Promise<Hex>
}

/** Runs `body` with blocks mined only on `evm_mine`, so a transaction can be seen waiting. */
async function withoutAutomine(body: () => Promise<void>): Promise<void> {
  await rpc(anvil.rpcUrl, 'evm_setAutomine', [false])
  try {
    await body()
  } finally {
    await rpc(anvil.rpcUrl, 'evm_setAutomine', [true])
  }
}

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

  test.each([
    ['a hex string', numberToHex(CHAIN_ID)],
    ['a decimal string', String(CHAIN_ID)],
  ])(
    'eth_signTypedData_v4 reads a domain chainId written as %s as the number it names',
    async (_, chainId) => {
      const signature = (await signer.request({
        method: 'eth_signTypedData_v4',
        params: [keys.evmAddress, JSON.stringify({ ...typedData, domain: { ...typedData.domain, chainId } })],
        chainId: CHAIN_ID,
      })) as Hex
      const { EIP712Domain: _types, ...types } = typedData.types
      expect(await verifyTypedData({ ...typedData, types, address: keys.evmAddress, signature })).toBe(true)
    },
  )

  test.each([
    ['a number', 1],
    ['a hex string', '0x1'],
    ['a decimal string', '10'],
  ])(
    'eth_signTypedData_v4 refuses typed data whose domain chainId is another chain, as %s',
    async (_, chainId) => {
      const request = {
        method: 'eth_signTypedData_v4',
        params: [keys.evmAddress, JSON.stringify({ ...typedData, domain: { ...typedData.domain, chainId } })],
        chainId: CHAIN_ID,
      }
      const expected = {
        name: 'TypedDataChainMismatchError',
        code: -32602,
        message: `Provided chainId "${chainId}" must match the active chainId "${CHAIN_ID}".`,
      }
      expect(() => signer.check(request)).toThrowError(expect.objectContaining(expected))
      await expect(signer.request(request)).rejects.toMatchObject(expected)
    },
  )

  test('eth_signTypedData_v4 refuses a domain chainId that is not a chain id', async () => {
    await expect(
      signer.request({
        method: 'eth_signTypedData_v4',
        params: [keys.evmAddress, { ...typedData, domain: { ...typedData.domain, chainId: 'mainnet' } }],
        chainId: CHAIN_ID,
      }),
    ).rejects.toMatchObject({ name: 'InvalidRpcParamsError', code: -32602 })
  })

  test('eth_signTypedData_v4 signs typed data whose domain names no chain', async () => {
    const { chainId: _, ...domain } = typedData.domain
    const { EIP712Domain, ...types } = typedData.types
    const withoutChain = {
      ...typedData,
      types: { ...types, EIP712Domain: EIP712Domain.filter((field) => field.name !== 'chainId') },
      domain,
    }
    const signature = (await signer.request({
      method: 'eth_signTypedData_v4',
      params: [keys.evmAddress, JSON.stringify(withoutChain)],
      chainId: CHAIN_ID,
    })) as Hex
    expect(await verifyTypedData({ ...withoutChain, types, address: keys.evmAddress, signature })).toBe(true)
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

  test('wallet_sendCalls sends the calls one after another and the id alone gives their status, also to a reloaded frame', async () => {
    const before = await publicClient.getBalance({ address: OTHER })
    const { id } = (await signer.request({
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: numberToHex(CHAIN_ID),
          from: keys.evmAddress,
          atomicRequired: false,
          calls: [
            { to: OTHER, value: numberToHex(parseEther('0.25')) },
            { to: OTHER, value: numberToHex(parseEther('0.5')), data: '0x' },
          ],
        },
      ],
      chainId: CHAIN_ID,
    })) as { id: string }
    expect(id).toMatch(/^0x[0-9a-f]+$/)
    const bundle = codec.decode(id)
    expect(bundle?.chainId).toBe(CHAIN_ID)
    expect(bundle?.hashes).toHaveLength(2)

    const status = await settledCallsStatus(id)
    expect(status).toMatchObject({
      version: '2.0.0',
      id,
      status: 200,
      chainId: numberToHex(CHAIN_ID),
      atomic: false,
    })
    expect(status.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x1'])
    expect(status.receipts.map((receipt) => receipt.transactionHash)).toEqual(bundle?.hashes)
    expect(await publicClient.getBalance({ address: OTHER })).toBe(before + parseEther('0.75'))

    // A reload makes a new signer from the same key; nothing of the old one survives but the id.
    const reloaded = createEvmSigner({ privateKey: keys.evmPrivateKey, rpcUrl: () => anvil.rpcUrl })
    await expect(callsStatus(id, reloaded)).resolves.toEqual(status)
  })

  test('wallet_sendCalls with atomicRequired is refused with 5760 before anything is sent', async () => {
    const nonce = await pendingNonce()
    const request = {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: numberToHex(CHAIN_ID),
          atomicRequired: true,
          calls: [{ to: OTHER, value: '0x1' }],
        },
      ],
      chainId: CHAIN_ID,
    }
    const expected = { name: 'AtomicityNotSupportedError', code: 5760 }
    expect(() => signer.check(request)).toThrowError(expect.objectContaining(expected))
    await expect(signer.request(request)).rejects.toMatchObject(expected)
    expect(await pendingNonce()).toBe(nonce)
  })

  test('wallet_sendCalls refuses another chain, too many calls and a required capability before sending', async () => {
    const nonce = await pendingNonce()
    const batch = (fields: object) => ({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', atomicRequired: false, calls: [{ to: OTHER, value: '0x1' }], ...fields }],
      chainId: CHAIN_ID,
    })
    await expect(signer.request(batch({ chainId: '0x1' }))).rejects.toMatchObject({ code: 4901 })
    const tooMany = Array.from({ length: MAX_CALLS_PER_BUNDLE + 1 }, () => ({ to: OTHER, value: '0x1' }))
    await expect(signer.request(batch({ calls: tooMany }))).rejects.toMatchObject({
      name: 'BundleTooLargeError',
      code: 5740,
    })
    await expect(
      signer.request(batch({ capabilities: { paymasterService: { url: 'https://paymaster.example' } } })),
    ).rejects.toMatchObject({ code: 5700, message: expect.stringContaining('paymasterService') })
    await expect(
      signer.request(
        batch({ calls: [{ to: OTHER, capabilities: { auxiliaryFunds: { supported: true } } }] }),
      ),
    ).rejects.toMatchObject({ code: 5700 })
    expect(await pendingNonce()).toBe(nonce)
    // Marked optional, the capability is skipped and the batch goes out.
    const { id } = (await signer.request(
      batch({ capabilities: { paymasterService: { url: 'https://paymaster.example', optional: true } } }),
    )) as { id: string }
    expect((await settledCallsStatus(id)).status).toBe(200)
  })

  test('a batch whose middle call fails to send reports the id of the sent part and sends nothing after it', async () => {
    const THIRD = '0x000000000000000000000000000000000000d00d'
    const before = await publicClient.getBalance({ address: THIRD })
    const error = (await signer
      .request({
        method: 'wallet_sendCalls',
        params: [
          {
            version: '2.0.0',
            atomicRequired: false,
            calls: [
              { to: OTHER, value: numberToHex(parseEther('0.1')) },
              { to: REVERTER, data: '0x12345678' },
              { to: THIRD, value: numberToHex(parseEther('0.1')) },
            ],
          },
        ],
        chainId: CHAIN_ID,
      })
      .catch((e: unknown) => e)) as FrameRpcError & {
      data: { id: string; sentCalls: number; totalCalls: number }
    }
    expect(error).toBeInstanceOf(FrameRpcError)
    expect(error.name).toBe('CallsPartiallySentError')
    expect(typeof error.code).toBe('number')
    expect(error.data).toMatchObject({ sentCalls: 1, totalCalls: 3 })
    expect(error.message).toContain('call 2 of 3 failed to send')
    expect(error.message).toContain(
      `Only call 1 was sent and stays on chain; the bundle id of what was sent is ${error.data.id}.`,
    )
    const status = await callsStatus(error.data.id)
    expect(status.status).toBe(200)
    expect(status.receipts).toHaveLength(1)
    expect(await publicClient.getBalance({ address: THIRD })).toBe(before)
  })

  test('a batch stops at a call that reverted on chain and reports the id of the sent part', async () => {
    const target = '0x000000000000000000000000000000000000F1a9'
    const FOURTH = '0x000000000000000000000000000000000000F00D'
    await rpc(anvil.rpcUrl, 'anvil_setCode', [target, '0x00'])
    const nonce = await pendingNonce()
    let outcome: Promise<unknown> = Promise.resolve()
    await withoutAutomine(async () => {
      outcome = signer
        .request({
          method: 'wallet_sendCalls',
          params: [
            {
              version: '2.0.0',
              atomicRequired: false,
              calls: [{ to: target }, { to: FOURTH, value: '0x1' }],
            },
          ],
          chainId: CHAIN_ID,
        })
        .catch((e: unknown) => e)
      // The first call passed its gas estimate and waits in the pool; the chain changes under it.
      await expect.poll(pendingNonce, { timeout: 5_000 }).toBe(nonce + 1)
      await rpc(anvil.rpcUrl, 'anvil_setCode', [target, REVERTS])
      await rpc(anvil.rpcUrl, 'evm_mine')
    })
    const error = (await outcome) as FrameRpcError & { data: { id: string } }
    expect(error).toMatchObject({ name: 'CallsPartiallySentError', data: { sentCalls: 1, totalCalls: 2 } })
    expect(error.message).toContain('call 1 of 2 reverted on chain, so the calls after it were not sent')
    await expect(callsStatus(error.data.id)).resolves.toMatchObject({
      status: 500,
      receipts: [{ status: '0x0' }],
    })
    expect(await pendingNonce()).toBe(nonce + 1)
    expect(await publicClient.getBalance({ address: FOURTH })).toBe(0n)
  })

  test('wallet_getCallsStatus says 500 when every call reverted and 600 when only some did', async () => {
    const succeeded = await send({ to: OTHER, value: '0x1' })
    const reverted = await send({ to: REVERTER, gas: '0x7530' })
    await publicClient.waitForTransactionReceipt({ hash: reverted })
    const all = await callsStatus(codec.encode({ chainId: CHAIN_ID, hashes: [reverted] }))
    expect(all).toMatchObject({ status: 500, atomic: false, receipts: [{ status: '0x0' }] })
    const some = await callsStatus(codec.encode({ chainId: CHAIN_ID, hashes: [succeeded, reverted] }))
    expect(some.status).toBe(600)
    expect(some.receipts.map((receipt) => receipt.status)).toEqual(['0x1', '0x0'])
  })

  test('wallet_getCallsStatus says 100 while a call waits to be mined, and 400 once the node dropped it', async () => {
    await withoutAutomine(async () => {
      const waiting = await send({ to: OTHER, value: '0x1' })
      const id = codec.encode({ chainId: CHAIN_ID, hashes: [waiting] })
      await expect(callsStatus(id)).resolves.toMatchObject({ status: 100, receipts: [] })
      await rpc(anvil.rpcUrl, 'evm_mine')
      await expect(callsStatus(id)).resolves.toMatchObject({ status: 200, receipts: [{ status: '0x1' }] })

      const dropped = await send({ to: OTHER, value: '0x2' })
      await rpc(anvil.rpcUrl, 'anvil_dropTransaction', [dropped])
      await expect(
        callsStatus(codec.encode({ chainId: CHAIN_ID, hashes: [dropped] })),
      ).resolves.toMatchObject({ status: 400, receipts: [] })
    })
  })

  test('wallet_getCallsStatus refuses with 5730 an id this wallet did not issue or that is malformed', async () => {
    const { id } = (await signer.request({
      method: 'wallet_sendCalls',
      params: [{ version: '2.0.0', atomicRequired: false, calls: [{ to: OTHER, value: '0x1' }] }],
      chainId: CHAIN_ID,
    })) as { id: string }
    const hash = codec.decode(id)?.hashes[0] as Hex
    const otherKey = createCallsIdCodec(deriveKeys(`0x${'43'.repeat(32)}`).evmPrivateKey)
    const lastByte = Number.parseInt(id.slice(-2), 16)
    const unknown = [
      `0x${'00'.repeat(32)}`,
      'not-an-id',
      id.slice(0, -2),
      `${id.slice(0, -2)}${((lastByte + 1) % 256).toString(16).padStart(2, '0')}`,
      otherKey.encode({ chainId: CHAIN_ID, hashes: [hash] }),
      42,
    ]
    for (const candidate of unknown) {
      await expect(
        signer.request({ method: 'wallet_getCallsStatus', params: [candidate], chainId: CHAIN_ID }),
      ).rejects.toMatchObject({ name: 'UnknownBundleIdError', code: 5730 })
    }
    expect((await settledCallsStatus(id)).status).toBe(200)
  })

  test('an id chosen by the app names its batch while the frame lives, and is refused with 5720 the second time', async () => {
    const batch = {
      method: 'wallet_sendCalls',
      params: [
        { version: '2.0.0', id: 'checkout-42', atomicRequired: false, calls: [{ to: OTHER, value: '0x1' }] },
      ],
      chainId: CHAIN_ID,
    }
    await expect(signer.request(batch)).resolves.toEqual({ id: 'checkout-42' })
    await expect(callsStatus('checkout-42')).resolves.toMatchObject({ id: 'checkout-42', status: 200 })
    const nonce = await pendingNonce()
    await expect(signer.request(batch)).rejects.toMatchObject({ name: 'DuplicateBundleIdError', code: 5720 })
    expect(await pendingNonce()).toBe(nonce)
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

  test('wallet_getCapabilities says atomic batches are unsupported on each chain asked about', async () => {
    await expect(
      signer.request({ method: 'wallet_getCapabilities', params: [keys.evmAddress], chainId: CHAIN_ID }),
    ).resolves.toEqual({ [numberToHex(CHAIN_ID)]: { atomic: { status: 'unsupported' } } })
    await expect(
      signer.request({
        method: 'wallet_getCapabilities',
        params: [keys.evmAddress, ['0x1', '0x2105']],
        chainId: CHAIN_ID,
      }),
    ).resolves.toEqual({
      '0x1': { atomic: { status: 'unsupported' } },
      '0x2105': { atomic: { status: 'unsupported' } },
    })
    await expect(
      signer.request({ method: 'wallet_getCapabilities', params: [OTHER], chainId: CHAIN_ID }),
    ).rejects.toMatchObject({ code: 4100 })
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
