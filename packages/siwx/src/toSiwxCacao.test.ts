import type { SiwxMessageData } from '@portico/core'
import { siwxCacaoSchema } from '@portico/core/api'
import { ANVIL_PRIVATE_KEYS } from '@portico/test'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it } from 'vitest'
import { eip155Verifier } from './eip155/eip155Verifier.js'
import { createSiwxMessage } from './message.js'
import { toSiwxCacao } from './toSiwxCacao.js'

const account = privateKeyToAccount(ANVIL_PRIVATE_KEYS[4])

const FULL: SiwxMessageData = {
  domain: 'shop.example',
  accountAddress: account.address,
  statement: 'Sign in to the shop.',
  uri: 'https://shop.example/login',
  version: '1',
  chainId: 'eip155:10',
  nonce: 'cacaoNonce123',
  issuedAt: '2025-01-02T03:04:05.000Z',
  expirationTime: '2025-01-03T03:04:05.000Z',
  notBefore: '2025-01-02T04:00:00.000Z',
  requestId: 'req-7',
  resources: ['https://shop.example/terms'],
}

async function signed(data: SiwxMessageData) {
  const message = createSiwxMessage(data)
  return { data, message, signature: await account.signMessage({ message }) }
}

describe('toSiwxCacao', () => {
  it('maps every field to its CAIP-74 name, with the CAIP-10 account as issuer', async () => {
    const session = await signed(FULL)
    expect(toSiwxCacao(session, 'eip191')).toEqual({
      h: { t: 'caip122' },
      p: {
        domain: 'shop.example',
        iss: `eip155:10:${account.address}`,
        aud: 'https://shop.example/login',
        version: '1',
        nonce: 'cacaoNonce123',
        iat: '2025-01-02T03:04:05.000Z',
        nbf: '2025-01-02T04:00:00.000Z',
        exp: '2025-01-03T03:04:05.000Z',
        statement: 'Sign in to the shop.',
        requestId: 'req-7',
        resources: ['https://shop.example/terms'],
      },
      s: { t: 'eip191', s: session.signature },
    })
  })

  it('leaves out the optional fields the message does not have', async () => {
    const { statement, expirationTime, notBefore, requestId, resources, ...minimal } = FULL
    const cacao = toSiwxCacao(await signed(minimal), 'eip191')
    expect(Object.keys(cacao.p).sort()).toEqual(['aud', 'domain', 'iat', 'iss', 'nonce', 'version'])
  })

  it("matches core's CACAO schema, which the server checks", async () => {
    expect(siwxCacaoSchema.safeParse(toSiwxCacao(await signed(FULL), 'eip191')).success).toBe(true)
  })

  it("copies the resources, so changing the session's list later leaves the cacao alone", async () => {
    const session = await signed({ ...FULL, resources: ['https://shop.example/terms'] })
    const cacao = toSiwxCacao(session, 'eip191')
    session.data.resources?.push('https://shop.example/admin')
    expect(cacao.p.resources).toEqual(['https://shop.example/terms'])
  })

  it("carries the signature type the verifier names for the session's signature", async () => {
    const session = await signed(FULL)
    const type = eip155Verifier().signatureType?.(session)
    expect(type).toBe('eip191')
    expect(toSiwxCacao(session, type!).s).toEqual({ t: 'eip191', s: session.signature })
  })
})
