import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { mercuryoSignature, readMercuryoCallback, verifyMercuryoCallback } from './mercuryo.js'
import { moonPaySignature, readMoonPayWebhook, signMoonPayUrl, verifyMoonPayWebhook } from './moonPay.js'

/** HMAC-SHA256 through Web Crypto: a second implementation to hold the server's to the documented algorithm. */
async function webCryptoHmac(key: string, message: string): Promise<Uint8Array> {
  const imported = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, new TextEncoder().encode(message)))
}

describe('MoonPay widget URLs', () => {
  // MoonPay's "URL signing" example: this URL, signed with sk_test_key.
  const documented =
    'https://buy-sandbox.moonpay.com?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'

  it('signs the query string from its ? with HMAC-SHA256 of the secret key, base64, as the guide does', async () => {
    const search = new URL(documented).search
    const expected = Buffer.from(await webCryptoHmac('sk_test_key', search)).toString('base64')
    expect(moonPaySignature(search, 'sk_test_key')).toBe(expected)
  })

  it('puts the signature last, URL-encoded, over the encoded values it sends', async () => {
    const url = signMoonPayUrl(
      'https://buy-sandbox.moonpay.com',
      [
        ['apiKey', 'pk_test_key'],
        ['currencyCode', 'eth'],
        ['walletAddress', '0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae'],
        ['externalTransactionId', 'portico-a b'],
      ],
      'sk_test_key',
    )
    const parsed = new URL(url)
    const signature = parsed.searchParams.get('signature') ?? ''
    const signed = parsed.search.slice(0, parsed.search.lastIndexOf('&signature='))
    expect(signed).toBe(
      '?apiKey=pk_test_key&currencyCode=eth&walletAddress=0xde0b295669a9fd93d5f28d9ec85e40f4cb697bae&externalTransactionId=portico-a%20b',
    )
    expect(signature).toBe(Buffer.from(await webCryptoHmac('sk_test_key', signed)).toString('base64'))
    expect(url.endsWith(`&signature=${encodeURIComponent(signature)}`)).toBe(true)
  })
})

describe('MoonPay webhooks', () => {
  const key = 'wk_test_0123456789'
  const body = JSON.stringify({
    type: 'transaction_updated',
    data: { id: 'mp-1', status: 'completed', externalTransactionId: 'portico-1' },
  })
  const header = (t: number, signedBody = body, signingKey = key) =>
    `t=${t},s=${createHmac('sha256', signingKey).update(`${t}.${signedBody}`).digest('hex')}`
  const check = (value: string | undefined, now = 1_700_000_000) =>
    verifyMoonPayWebhook({ header: value, body, webhookKey: key, nowSeconds: now, toleranceSeconds: 300 })

  it('accepts t=<time>,s=<HMAC-SHA256 of "<time>.<body>"> made with the webhook key', () => {
    expect(check(header(1_700_000_000))).toEqual({ ok: true })
  })

  it('refuses an unsigned webhook, a wrong key, another body and a malformed header', () => {
    expect(check(undefined)).toMatchObject({ ok: false, reason: expect.stringContaining('missing') })
    expect(check(header(1_700_000_000, body, 'wk_other_key_99'))).toMatchObject({ ok: false })
    expect(check(header(1_700_000_000, `${body} `))).toMatchObject({ ok: false })
    expect(check('t=1700000000')).toMatchObject({ ok: false, reason: expect.stringContaining('not t=') })
  })

  it('refuses a correctly signed webhook older (or newer) than the tolerance as a replay', () => {
    expect(check(header(1_700_000_000 - 301))).toMatchObject({
      ok: false,
      reason: expect.stringContaining('replay'),
    })
    expect(check(header(1_700_000_000 + 301))).toMatchObject({ ok: false })
    expect(check(header(1_700_000_000 - 299))).toEqual({ ok: true })
  })

  it('reads status, amounts and the id Portico gave from a transaction webhook', () => {
    expect(
      readMoonPayWebhook({
        type: 'transaction_updated',
        data: {
          id: 'mp-1',
          status: 'completed',
          externalTransactionId: 'portico-1',
          baseCurrencyAmount: 50,
          quoteCurrencyAmount: 0.0125,
          currency: { code: 'eth' },
          baseCurrency: { code: 'usd' },
          cryptoTransactionId: '0xabc',
          updatedAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    ).toEqual({
      externalId: 'portico-1',
      providerTransactionId: 'mp-1',
      status: 'complete',
      providerUpdatedAt: new Date('2026-01-01T00:00:00.000Z'),
      cryptoCurrency: 'ETH',
      cryptoAmount: '0.0125',
      fiatCurrency: 'USD',
      fiatAmount: '50',
      txHash: '0xabc',
    })
    expect(
      readMoonPayWebhook({ data: { status: 'waitingPayment', externalTransactionId: 'x' } }),
    ).toMatchObject({ status: 'pending' })
    expect(readMoonPayWebhook({ data: { status: 'failed', externalTransactionId: 'x' } })).toMatchObject({
      status: 'failed',
    })
    expect(readMoonPayWebhook({ data: { status: 'failed' } })).toEqual(expect.any(String))
  })
})

describe('Mercuryo', () => {
  it("matches the signature of Mercuryo's guide: v2: and SHA-512 of address, secret, IP and transaction id", () => {
    // The guide's example inputs and the start of the result it prints.
    const signature = mercuryoSignature({
      address: '0x742d35Cc6634C0532925a3b844Bc454e4438f44e',
      secret: 'your_secret_key_123',
      ip: '192.168.1.1',
      merchantTransactionId: 'tx_123456',
    })
    expect(signature).toMatch(/^v2:[0-9a-f]{128}$/)
    expect(signature.startsWith('v2:83a6473f7b0aade8cd794c38f435d8db')).toBe(true)
  })

  it('accepts a callback whose X-Signature is the HMAC-SHA256 of its body, refuses others', () => {
    const signKey = 'sign_key_0123456'
    const body = '{"eventId":"e1","data":{"status":"paid"}}'
    const sign = (text: string, key = signKey) => createHmac('sha256', key).update(text).digest('hex')
    expect(verifyMercuryoCallback({ header: sign(body), body, signKey })).toEqual({ ok: true })
    expect(verifyMercuryoCallback({ header: undefined, body, signKey })).toMatchObject({ ok: false })
    expect(verifyMercuryoCallback({ header: sign(body, 'another_key_123'), body, signKey })).toMatchObject({
      ok: false,
    })
    expect(
      verifyMercuryoCallback({ header: sign(body), body: body.replace('paid', 'new'), signKey }),
    ).toMatchObject({ ok: false })
    expect(verifyMercuryoCallback({ header: 'nothex', body, signKey })).toMatchObject({ ok: false })
  })

  it('reads a buy callback and leaves out what is not a purchase', () => {
    expect(
      readMercuryoCallback({
        eventId: 'e1',
        data: {
          id: 'mc-1',
          type: 'buy',
          status: 'paid',
          merchant_transaction_id: 'portico-2',
          currency: 'ETH',
          amount: '0.02',
          fiat_currency: 'EUR',
          fiat_amount: '60',
          tx: { id: '0xdef' },
          updated_at: '2026-01-02 10:00:00',
        },
      }),
    ).toEqual({
      externalId: 'portico-2',
      providerTransactionId: 'mc-1',
      eventId: 'e1',
      status: 'complete',
      providerUpdatedAt: new Date('2026-01-02T10:00:00Z'),
      cryptoCurrency: 'ETH',
      cryptoAmount: '0.02',
      fiatCurrency: 'EUR',
      fiatAmount: '60',
      txHash: '0xdef',
    })
    expect(
      readMercuryoCallback({ data: { type: 'sell', status: 'paid', merchant_transaction_id: 'x' } }),
    ).toEqual(expect.stringContaining('not a purchase'))
    expect(
      readMercuryoCallback({ data: { type: 'buy', status: 'order_failed', merchant_transaction_id: 'x' } }),
    ).toMatchObject({
      status: 'failed',
    })
  })
})
