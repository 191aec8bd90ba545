import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { describe, expect, test } from 'vitest'
import { deriveKeys } from './keys.js'
import { createSolanaSigner } from './solanaSigner.js'

const keys = deriveKeys(`0x${'07'.repeat(32)}`)
const signer = createSolanaSigner(keys.solanaSecretKey)

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

  test('Solana transactions answer that they are not supported yet', async () => {
    for (const method of [
      'solana_signTransaction',
      'solana_signAndSendTransaction',
      'solana_signAllTransactions',
    ]) {
      await expect(signer.request({ method, params: { transaction: 'x' } })).rejects.toThrow(
        `The method ${method} is not supported yet by the embedded wallet.`,
      )
    }
  })
})
