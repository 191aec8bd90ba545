import { createHash, createHmac } from 'node:crypto'
import { apiErrorSchema, historyResponseSchema } from '@portico/core/api'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, ENGINES, type TestDatabase } from '../testing/testDatabase.js'

const SITE = 'https://shop.example'
const ADDRESS = '0xDe0B295669a9FD93d5F28D9Ec85E40f4cb697BAe'
const SOLANA_ADDRESS = '4Nd1mBQtrMJVYVfKf2PJy9NZUZdTAsp7D4xWLs4gDB4T'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const MOONPAY = {
  publishableKey: 'pk_test_shop',
  secretKey: 'sk_test_shop_secret',
  webhookKey: 'wk_test_shop_webhook',
}
const MERCURYO = { widgetId: 'widget-shop', secret: 'mercuryo_secret_1', signKey: 'mercuryo_sign_key_1' }

const config = serverConfigSchema.parse({
  chains: [
    {
      caipNetworkId: 'eip155:1',
      name: 'Ethereum',
      rpcUrl: 'http://127.0.0.1:9/',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      indexer: { enabled: false },
    },
  ],
  onramp: { projects: { shop: { moonpay: MOONPAY, mercuryo: MERCURYO } } },
})

describe.each(ENGINES)('buying with a card on %s', (engine) => {
  let database: TestDatabase
  let db: Kysely<Database>
  let time = Date.parse('2026-03-01T12:00:00Z')
  const app = () =>
    createApp({
      config,
      db,
      logger: createLogger({ level: 'error', stream: { write: () => {} } }),
      now: () => time,
    })

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase(engine))
    await addProject(db, { id: 'shop', origins: [SITE] })
    await addProject(db, { id: 'bare', origins: [SITE] })
  })
  afterAll(async () => {
    await db.destroy()
    await database.drop()
  })

  const widgetUrl = (query: Record<string, string>, projectId = 'shop') =>
    app().request(`/v1/onramp/url?${new URLSearchParams({ projectId, ...query })}`, {
      method: 'POST',
      headers: { origin: SITE },
    })
  const refusal = async (response: Response) => ({
    status: response.status,
    code: apiErrorSchema.parse(await response.json()).error.code,
  })

  const moonPayWebhook = (payload: unknown, signedAt = Math.floor(time / 1000), key = MOONPAY.webhookKey) => {
    const body = JSON.stringify(payload)
    const signature = createHmac('sha256', key).update(`${signedAt}.${body}`).digest('hex')
    return app().request('/v1/onramp/webhooks/moonpay?projectId=shop', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'Moonpay-Signature-V2': `t=${signedAt},s=${signature}` },
      body,
    })
  }
  const mercuryoCallback = (payload: unknown, key = MERCURYO.signKey) => {
    const body = JSON.stringify(payload)
    return app().request('/v1/onramp/webhooks/mercuryo?projectId=shop', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'X-Signature': createHmac('sha256', key).update(body).digest('hex'),
      },
      body,
    })
  }
  const history = async (address: string, chainId: string, onramp = true) => {
    const response = await app().request(
      `/v1/account/${address}/history?projectId=shop&chainId=${chainId}${onramp ? '&onramp=true' : ''}`,
      { headers: { origin: SITE } },
    )
    expect(response.status).toBe(200)
    return historyResponseSchema.parse(await response.json()).data
  }

  it('signs a MoonPay URL with the project secret; a webhook then shows the purchase in the history', async () => {
    const response = await widgetUrl({
      provider: 'moonpay',
      address: ADDRESS,
      chainId: 'eip155:1',
      fiatAmount: '50',
      fiatCurrency: 'USD',
    })
    expect(response.status).toBe(200)
    const { url } = (await response.json()) as { url: string }
    const parsed = new URL(url)
    expect(parsed.origin).toBe('https://buy.moonpay.com')
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      apiKey: 'pk_test_shop',
      currencyCode: 'eth',
      walletAddress: ADDRESS,
      baseCurrencyAmount: '50',
      baseCurrencyCode: 'usd',
    })
    const signed = parsed.search.slice(0, parsed.search.lastIndexOf('&signature='))
    expect(parsed.searchParams.get('signature')).toBe(
      createHmac('sha256', MOONPAY.secretKey).update(signed).digest('base64'),
    )
    // The secret never appears in what the page receives.
    expect(url).not.toContain(MOONPAY.secretKey)
    const externalTransactionId = parsed.searchParams.get('externalTransactionId')
    expect(externalTransactionId).toMatch(/^portico-/)

    // Opened but not reported on: nothing to show yet.
    expect(await history(ADDRESS, 'eip155:1')).toEqual([])

    const pending = await moonPayWebhook({
      type: 'transaction_created',
      data: {
        id: 'mp-1',
        status: 'waitingPayment',
        externalTransactionId,
        updatedAt: '2026-03-01T12:00:00Z',
      },
    })
    expect(await pending.json()).toEqual({ result: 'applied' })
    expect((await history(ADDRESS, 'eip155:1'))[0]?.metadata).toMatchObject({
      status: 'pending',
      sentFrom: 'MoonPay',
      onramp: { provider: 'moonpay', status: 'pending' },
    })

    time += 60_000
    const done = {
      type: 'transaction_updated',
      data: {
        id: 'mp-1',
        status: 'completed',
        externalTransactionId,
        baseCurrencyAmount: 50,
        baseCurrency: { code: 'usd' },
        quoteCurrencyAmount: 0.0125,
        currency: { code: 'eth' },
        cryptoTransactionId: '0xfeed',
        updatedAt: '2026-03-01T12:01:00Z',
      },
    }
    expect(await (await moonPayWebhook(done)).json()).toEqual({ result: 'applied' })
    const [purchase] = await history(ADDRESS.toLowerCase(), 'eip155:1')
    expect(purchase).toMatchObject({
      id: `onramp:moonpay:${externalTransactionId}`,
      metadata: {
        status: 'confirmed',
        hash: '0xfeed',
        onramp: { provider: 'moonpay', status: 'complete' },
      },
      transfers: [{ direction: 'in', quantity: { numeric: '0.0125' }, fungible_info: { symbol: 'ETH' } }],
    })
    // Without `onramp`, or on a later page, the history is the chain's own.
    expect(await history(ADDRESS, 'eip155:1', false)).toEqual([])

    // The earlier 'waiting' webhook sent again (freshly signed) does not move it back.
    const replayed = await moonPayWebhook({
      type: 'transaction_created',
      data: {
        id: 'mp-1',
        status: 'waitingPayment',
        externalTransactionId,
        updatedAt: '2026-03-01T12:00:00Z',
      },
    })
    expect(await replayed.json()).toEqual({ result: 'stale' })
    expect((await history(ADDRESS, 'eip155:1'))[0]?.metadata.onramp?.status).toBe('complete')
  })

  it('refuses unsigned, wrongly signed and old MoonPay webhooks with 401, storing nothing', async () => {
    const payload = { data: { status: 'failed', externalTransactionId: 'portico-x' } }
    const unsigned = await app().request('/v1/onramp/webhooks/moonpay?projectId=shop', {
      method: 'POST',
      body: JSON.stringify(payload),
    })
    expect(await refusal(unsigned)).toEqual({ status: 401, code: 'WEBHOOK_SIGNATURE_INVALID' })
    expect(await refusal(await moonPayWebhook(payload, undefined, 'wk_someone_else'))).toEqual({
      status: 401,
      code: 'WEBHOOK_SIGNATURE_INVALID',
    })
    expect(await refusal(await moonPayWebhook(payload, Math.floor(time / 1000) - 600))).toEqual({
      status: 401,
      code: 'WEBHOOK_SIGNATURE_INVALID',
    })
  })

  it("signs a Mercuryo URL with the visitor's IP; its callbacks mark the purchase failed, once", async () => {
    const response = await widgetUrl({
      provider: 'mercuryo',
      address: ADDRESS,
      chainId: 'eip155:1',
      fiatAmount: '60',
      fiatCurrency: 'EUR',
    })
    expect(response.status).toBe(200)
    const parsed = new URL(((await response.json()) as { url: string }).url)
    expect(parsed.origin).toBe('https://exchange.mercuryo.io')
    const id = parsed.searchParams.get('merchant_transaction_id') ?? ''
    expect(Object.fromEntries(parsed.searchParams)).toMatchObject({
      widget_id: 'widget-shop',
      type: 'buy',
      currency: 'ETH',
      network: 'ETHEREUM',
      address: ADDRESS,
      fiat_amount: '60',
      fiat_currency: 'EUR',
    })
    // app.request has no socket: the server sees the client as "unknown".
    const expected = createHash('sha512').update(`${ADDRESS}${MERCURYO.secret}unknown${id}`).digest('hex')
    expect(parsed.searchParams.get('signature')).toBe(`v2:${expected}`)

    const callback = {
      eventId: 'ev-1',
      data: {
        id: 'mc-1',
        type: 'buy',
        status: 'order_failed',
        merchant_transaction_id: id,
        updated_at_ts: time / 1000,
      },
    }
    expect(await (await mercuryoCallback(callback)).json()).toEqual({ result: 'applied' })
    expect(await (await mercuryoCallback(callback)).json()).toEqual({ result: 'stale' })
    expect(await refusal(await mercuryoCallback(callback, 'not_the_sign_key'))).toEqual({
      status: 401,
      code: 'WEBHOOK_SIGNATURE_INVALID',
    })
    const mercuryoPurchase = (await history(ADDRESS, 'eip155:1')).find(
      (item) => item.id === `onramp:mercuryo:${id}`,
    )
    expect(mercuryoPurchase?.metadata).toMatchObject({
      status: 'failed',
      onramp: { provider: 'mercuryo', status: 'failed' },
    })
  })

  it('offers MoonPay on Solana, Mercuryo on eip155 only, and checks the address of each namespace', async () => {
    const solana = await widgetUrl({ provider: 'moonpay', address: SOLANA_ADDRESS, chainId: SOLANA })
    expect(new URL(((await solana.json()) as { url: string }).url).searchParams.get('currencyCode')).toBe(
      'sol',
    )
    expect(
      await refusal(await widgetUrl({ provider: 'mercuryo', address: SOLANA_ADDRESS, chainId: SOLANA })),
    ).toEqual({
      status: 400,
      code: 'UNSUPPORTED_CHAIN',
    })
    expect(
      await refusal(await widgetUrl({ provider: 'moonpay', address: ADDRESS, chainId: SOLANA })),
    ).toEqual({
      status: 400,
      code: 'INVALID_ADDRESS',
    })
    expect(
      await refusal(await widgetUrl({ provider: 'moonpay', address: 'nope', chainId: 'eip155:1' })),
    ).toEqual({
      status: 400,
      code: 'INVALID_ADDRESS',
    })
    expect(
      await refusal(await widgetUrl({ provider: 'moonpay', address: ADDRESS, chainId: 'eip155:31337' })),
    ).toEqual({
      status: 400,
      code: 'UNSUPPORTED_CHAIN',
    })
  })

  it('refuses bad amounts, unknown providers, projects without keys and other origins', async () => {
    const base = { provider: 'moonpay', address: ADDRESS, chainId: 'eip155:1' }
    expect(await refusal(await widgetUrl({ ...base, fiatAmount: '-1' }))).toEqual({
      status: 400,
      code: 'INVALID_AMOUNT',
    })
    expect(await refusal(await widgetUrl({ ...base, fiatAmount: '1e9' }))).toEqual({
      status: 400,
      code: 'INVALID_AMOUNT',
    })
    expect(await refusal(await widgetUrl({ ...base, fiatCurrency: 'dollars' }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
    })
    expect(await refusal(await widgetUrl({ ...base, provider: 'stripe' }))).toEqual({
      status: 400,
      code: 'BAD_REQUEST',
    })
    expect(await refusal(await widgetUrl(base, 'bare'))).toEqual({
      status: 400,
      code: 'ONRAMP_NOT_CONFIGURED',
    })
    expect(await refusal(await widgetUrl({ ...base, publicKey: 'pk_test_other' }))).toEqual({
      status: 400,
      code: 'ONRAMP_NOT_CONFIGURED',
    })
    expect((await widgetUrl({ ...base, publicKey: 'pk_test_shop' })).status).toBe(200)
    const foreign = await app().request(
      `/v1/onramp/url?${new URLSearchParams({ projectId: 'shop', ...base })}`,
      {
        method: 'POST',
        headers: { origin: 'https://evil.example' },
      },
    )
    expect(await refusal(foreign)).toEqual({ status: 403, code: 'ORIGIN_NOT_ALLOWED' })
  })

  it('drops the widgets nobody used once they are a week old, and keeps every purchase a webhook named', async () => {
    const rows = async () => {
      const all = await db.selectFrom('onramp_purchases').select(['status', 'created_at']).execute()
      return {
        unused: all.filter((row) => row.status === null).length,
        named: all.filter((row) => row.status !== null).length,
      }
    }
    const base = { provider: 'moonpay', address: ADDRESS, chainId: 'eip155:1' }
    expect((await widgetUrl(base)).status).toBe(200)
    const before = await rows()
    expect(before.unused).toBeGreaterThan(0)
    expect(before.named).toBeGreaterThan(0)
    const started = time
    try {
      // Six days on, nothing is old enough; eight days on, every unused widget is.
      time = started + 6 * 24 * 3_600_000
      expect((await widgetUrl(base)).status).toBe(200)
      expect(await rows()).toEqual({ unused: before.unused + 1, named: before.named })
      time = started + 8 * 24 * 3_600_000
      expect((await widgetUrl(base)).status).toBe(200)
      // What is left: the widget of six days ago and the one just opened.
      expect(await rows()).toEqual({ unused: 2, named: before.named })
    } finally {
      time = started
    }
  })
})
