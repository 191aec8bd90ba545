// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { connect } from '../connection/connect.js'
import { getWalletFeatures } from '../connection/walletFeatures.js'
import { initialize } from '../initialize.js'
import { startTestApiServer } from '../testing/apiTestServer.testkit.js'
import { fakeAdapter, flush, setup, testConnector } from '../testing/fakeAdapter.testkit.js'
import { getOnrampProviders } from './getOnrampProviders.js'
import { isOnrampRestricted } from './onrampProviders.js'
import { OnrampError, type OnrampWindow, openOnramp } from './openOnramp.js'

let server: Awaited<ReturnType<typeof startTestApiServer>>
beforeEach(async () => {
  server = await startTestApiServer()
})
afterEach(async () => {
  vi.restoreAllMocks()
  await server.close()
})

const ONRAMP = { moonpay: { apiKey: 'pk_test_site' }, mercuryo: { widgetId: 'widget-site' } }

async function connected(
  overrides: Parameters<typeof setup>[0] = {},
  namespace: 'eip155' | 'solana' = 'eip155',
  without?: 'apiUrl' | 'onramp',
) {
  const { factory } = fakeAdapter(namespace, [testConnector('io.metamask')], { send: true })
  const config: Parameters<typeof setup>[0] = {
    adapters: [factory],
    apiUrl: server.url,
    projectId: 'test-project',
    onramp: ONRAMP,
    features: { analytics: false },
    ...overrides,
  }
  if (without) delete config[without]
  const { portico } = await setup(config)
  await initialize(portico)
  await connect(portico, { connectorId: 'io.metamask' })
  await flush()
  return portico
}

function fakeWindow(): OnrampWindow & { closed: boolean } {
  return {
    location: { href: 'about:blank' },
    closed: false,
    close() {
      this.closed = true
    },
  }
}

const inTimeZone = (timeZone: string) =>
  vi.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockReturnValue({
    ...new Intl.DateTimeFormat('en-US', { timeZone: 'UTC' }).resolvedOptions(),
    timeZone,
  })

describe('where buying is offered', () => {
  it('puts Buy first among the wallet features (SPEC §9 order onramp, swaps, receive, send)', async () => {
    const portico = await connected()
    expect(getWalletFeatures(portico)).toEqual(['onramp', 'receive', 'send'])
    expect(getOnrampProviders(portico).map((provider) => provider.id)).toEqual(['moonpay', 'mercuryo'])
  })

  it('offers neither provider with features.onramp off, without a server, or without keys in the config', async () => {
    expect(getWalletFeatures(await connected({ features: { onramp: false, analytics: false } }))).toEqual([
      'receive',
      'send',
    ])
    expect(getWalletFeatures(await connected({}, 'eip155', 'apiUrl'))).toEqual(['receive', 'send'])
    expect(getWalletFeatures(await connected({}, 'eip155', 'onramp'))).toEqual(['receive', 'send'])
    expect(
      getOnrampProviders(await connected({ onramp: { mercuryo: ONRAMP.mercuryo } })).map((p) => p.id),
    ).toEqual(['mercuryo'])
  })

  it('offers MoonPay only on Solana (Mercuryo sells on eip155 only)', async () => {
    const portico = await connected({}, 'solana')
    expect(getOnrampProviders(portico).map((provider) => provider.id)).toEqual(['moonpay'])
  })

  it('hides Buy in the mainland China, Hong Kong and Macau time zones', async () => {
    for (const zone of ['Asia/Shanghai', 'Asia/Urumqi', 'PRC', 'Asia/Hong_Kong', 'Hongkong', 'Asia/Macau']) {
      expect(isOnrampRestricted(zone)).toBe(true)
    }
    for (const zone of ['Asia/Taipei', 'Asia/Singapore', 'Europe/Berlin', 'UTC'])
      expect(isOnrampRestricted(zone)).toBe(false)
    const portico = await connected()
    inTimeZone('Asia/Hong_Kong')
    expect(isOnrampRestricted()).toBe(true)
    expect(getOnrampProviders(portico)).toEqual([])
    vi.restoreAllMocks()
    inTimeZone('Europe/Paris')
    expect(getOnrampProviders(portico)).toHaveLength(2)
  })
})

describe('openOnramp', () => {
  it("asks the server for the signed URL with the account's address and network, then sends the window there", async () => {
    const portico = await connected()
    const signed = 'https://buy.moonpay.com/?apiKey=pk_test_site&signature=abc'
    server.reply(() => ({ status: 200, body: { provider: 'moonpay', url: signed } }))
    const popup = fakeWindow()
    expect(
      await openOnramp(portico, { provider: 'moonpay', fiatAmount: '50', fiatCurrency: 'USD', popup }),
    ).toEqual({
      url: signed,
    })
    expect(popup.location.href).toBe(signed)
    expect(popup.closed).toBe(false)
    const request = server.requests.find((candidate) => candidate.path === '/v1/onramp/url')
    expect(request).toMatchObject({ method: 'POST', path: '/v1/onramp/url' })
    expect(request?.query).toEqual({
      projectId: 'test-project',
      provider: 'moonpay',
      address: portico.state.chains.eip155?.accountState.address,
      chainId: 'eip155:1',
      fiatAmount: '50',
      fiatCurrency: 'USD',
      publicKey: 'pk_test_site',
    })
  })

  it('closes the window and says why when the server refuses, fails, or answers a URL that is not https', async () => {
    const portico = await connected()
    server.reply(() => ({
      status: 400,
      body: { error: { code: 'UNSUPPORTED_CHAIN', message: 'Not on this chain.' } },
    }))
    let popup = fakeWindow()
    const refused = await openOnramp(portico, { provider: 'mercuryo', popup }).catch(
      (error: unknown) => error,
    )
    expect(refused).toBeInstanceOf(OnrampError)
    expect(refused).toMatchObject({ reason: 'refused', shortMessage: 'Not on this chain.' })
    expect(popup.closed).toBe(true)

    // Buying's own code: the page's first load does not know it, openOnramp brings it.
    server.reply(() => ({
      status: 400,
      body: { error: { code: 'ONRAMP_NOT_CONFIGURED', message: 'No keys for this project.' } },
    }))
    popup = fakeWindow()
    await expect(openOnramp(portico, { provider: 'mercuryo', popup })).rejects.toMatchObject({
      reason: 'refused',
      shortMessage: 'No keys for this project.',
    })
    expect(popup.closed).toBe(true)

    server.reply(() => ({ status: 503, body: { error: { code: 'UNAVAILABLE', message: 'Down.' } } }))
    popup = fakeWindow()
    await expect(openOnramp(portico, { provider: 'moonpay', popup })).rejects.toMatchObject({
      reason: 'unavailable',
    })
    expect(popup.closed).toBe(true)

    server.reply(() => ({ status: 200, body: { url: 'javascript:alert(1)' } }))
    popup = fakeWindow()
    await expect(openOnramp(portico, { provider: 'moonpay', popup })).rejects.toMatchObject({
      reason: 'unavailable',
    })
    expect(popup.closed).toBe(true)
    expect(popup.location.href).toBe('about:blank')
  })

  it('refuses without asking the server when the browser blocked the window or the provider is not offered', async () => {
    const portico = await connected({}, 'solana')
    await expect(openOnramp(portico, { provider: 'moonpay', popup: null })).rejects.toMatchObject({
      reason: 'popupBlocked',
    })
    const popup = fakeWindow()
    await expect(openOnramp(portico, { provider: 'mercuryo', popup })).rejects.toMatchObject({
      reason: 'notOffered',
    })
    expect(popup.closed).toBe(true)
    expect(server.requests.filter((request) => request.path === '/v1/onramp/url')).toHaveLength(0)
  })
})
