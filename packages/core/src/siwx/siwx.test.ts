// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ApiRequestError, ServerUnavailableError } from '../api/clientErrors.js'
import { disconnect } from '../connection/disconnect.js'
import { handleAdapterEvent } from '../connection/handleAdapterEvent.js'
import { selectWallet } from '../connection/modal/selectWallet.js'
import { initialize } from '../initialize.js'
import { closeModal } from '../modal/closeModal.js'
import { getDefaultRoute } from '../modal/getDefaultRoute.js'
import { goBack } from '../modal/goBack.js'
import { openModal } from '../modal/openModal.js'
import { MESSAGES } from '../notices/messages.js'
import type { AnalyticsEvent } from '../portico.js'
import { flush, rejected, setup } from '../testing/fakeAdapter.testkit.js'
import { siteSiwx } from '../testing/siteSiwx.testkit.js'
import { cancelSiwx } from './modal/cancelSiwx.js'
import { signIn } from './modal/signIn.js'
import { requestSiwxSignature, SiwxNotEnabledError, SiwxPrerequisiteError } from './requestSiwxSignature.js'
import { getSiwx } from './siwx.js'
import { SIWX_CHECK_TIMEOUT_MS } from './siwxTimeout.js'
import type { SiwxConfig, SiwxMessageData } from './types.js'

const ADDRESS = '0x1111111111111111111111111111111111111111'

async function connected(siwx: SiwxConfig) {
  const { portico, handle } = await setup({ siwx })
  const events: AnalyticsEvent[] = []
  portico.internal.track = (event) => events.push(event)
  await initialize(portico)
  openModal(portico)
  await selectWallet(portico, { connectorId: 'io.metamask' })
  await flush()
  await flush()
  return { portico, handle, events }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('sign-in after connecting (SPEC §4)', () => {
  test('opens SIWXSignMessage when no session is stored', async () => {
    const site = siteSiwx()
    const { portico } = await connected(site.config)
    expect(site.called('getSessions')[0]?.args).toEqual(['eip155:1', ADDRESS])
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('SIWXSignMessage')
    expect(getSiwx(portico).status).toBe('needed')
  })

  test('a stored session signs the visitor in without asking', async () => {
    const site = siteSiwx()
    const session = {
      data: {
        domain: 'shop.example',
        accountAddress: ADDRESS,
        uri: 'https://shop.example/',
        version: '1',
        chainId: 'eip155:1',
        nonce: 'storednonce1',
        issuedAt: '2026-11-23T09:00:00.000Z',
      } satisfies SiwxMessageData,
      message: 'stored',
      signature: '0x01',
    }
    site.sessions.set(`eip155:1:${ADDRESS}`, session)
    const { portico } = await connected(site.config)
    expect(portico.state.router.route.view).toBe('Account')
    expect(getSiwx(portico)).toMatchObject({ status: 'signedIn', enabled: true, required: false })
    expect(getSiwx(portico).session?.message).toBe('stored')
  })

  test('nothing is asked without a siwx config', async () => {
    const { portico } = await setup()
    await initialize(portico)
    openModal(portico)
    await selectWallet(portico, { connectorId: 'io.metamask' })
    await flush()
    expect(portico.state.router.route.view).toBe('Account')
    expect(getSiwx(portico).enabled).toBe(false)
    await expect(requestSiwxSignature(portico)).rejects.toThrow(MESSAGES.siwxNotEnabled)
    await expect(requestSiwxSignature(portico)).rejects.toBeInstanceOf(SiwxNotEnabledError)
  })

  test('an account on a network the site does not support is not asked to sign in', async () => {
    const site = siteSiwx()
    const { portico, handle } = await setup({ siwx: site.config })
    await initialize(portico)
    handle.nextConnect = { address: ADDRESS, accounts: [ADDRESS], chainId: 999 }
    await selectWallet(portico, { connectorId: 'io.metamask' })
    await flush()
    expect(site.called('getSessions')).toHaveLength(0)
    expect(getSiwx(portico).status).toBe('idle')
  })

  test('signing stores the session, closes the modal and tracks success', async () => {
    const site = siteSiwx()
    const { portico, handle, events } = await connected(site.config)
    handle.nextSignature = `0x${'cd'.repeat(65)}`
    const signing = signIn(portico)
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'authenticating' },
      variant: 'loading',
      autoClose: false,
    })
    expect(getSiwx(portico).status).toBe('signing')
    await expect(signing).resolves.toBeUndefined()
    const [add] = site.called('addSession')
    expect(add?.args[0]).toMatchObject({
      signature: `0x${'cd'.repeat(65)}`,
      message: expect.stringContaining(ADDRESS),
    })
    const signCall = handle.calls.find((call) => call.method === 'signMessage')
    expect(signCall?.parameters).toMatchObject({
      address: ADDRESS,
      message: expect.stringContaining('eip155:1'),
    })
    expect(portico.state.modal.open).toBe(false)
    expect(portico.state.toast.current).toBeUndefined()
    expect(getSiwx(portico)).toMatchObject({ status: 'signedIn', error: undefined })
    expect(events.map((event) => event.event)).toContain('SIWX_AUTH_SUCCESS')
  })

  test('a declined signature keeps the view, says "Signature declined" and tracks an error', async () => {
    const site = siteSiwx()
    const { portico, handle, events } = await connected(site.config)
    handle.nextSignature = rejected()
    await expect(signIn(portico)).resolves.toBeUndefined()
    expect(portico.state.toast.current).toMatchObject({
      message: { key: 'signatureDeclined' },
      variant: 'error',
    })
    expect(portico.state.router.route.view).toBe('SIWXSignMessage')
    expect(getSiwx(portico)).toMatchObject({ status: 'needed', error: { key: 'signatureDeclined' } })
    expect(site.called('addSession')).toHaveLength(0)
    expect(events.find((event) => event.event === 'SIWX_AUTH_ERROR')?.properties).toMatchObject({
      network: 'eip155:1',
      isSmartAccount: false,
    })
  })

  test('a failure reopens the view when the modal was closed meanwhile', async () => {
    const site = siteSiwx()
    const { portico, handle } = await connected(site.config)
    let fail: (error: Error) => void = () => {}
    handle.nextSignature = 'hang'
    handle.adapter!.signMessage = () =>
      new Promise((_, reject) => {
        fail = reject
      })
    const signing = signIn(portico)
    await flush()
    portico.state.modal.open = false
    fail(new Error('wallet crashed'))
    await signing
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('SIWXSignMessage')
  })

  test('a smart account that fails to sign gets the Smart Accounts message', async () => {
    const site = siteSiwx()
    const { portico, handle } = await connected(site.config)
    const chain = portico.state.chains.eip155!
    chain.accountState.connectedWalletInfo = { id: 'auth', name: 'E-mail', type: 'AUTH' }
    chain.accountState.preferredAccountType = 'smartAccount'
    chain.networkState.smartAccountEnabledNetworks = [1]
    handle.nextSignature = new Error('the account cannot sign')
    await signIn(portico)
    expect(portico.state.toast.current?.message).toEqual({ key: 'smartAccountSignFailed' })
  })

  test("a refusal by the sign-in server shows the server's reason; a time refusal also 'Session Expired'", async () => {
    const site = siteSiwx()
    const { portico } = await connected(site.config)
    site.failAdd(
      new ApiRequestError({ apiCode: 'SIWX_EXPIRED', status: 401, message: 'The message expired at 10:00.' }),
    )
    await signIn(portico)
    expect(portico.state.toast.current?.message).toEqual({
      key: 'walletError',
      params: { message: 'The message expired at 10:00.' },
    })
    expect(portico.state.alert.current?.message).toEqual({ key: 'sessionExpired' })
    expect(getSiwx(portico).status).toBe('needed')
  })

  test('an unreachable sign-in server says so', async () => {
    const site = siteSiwx()
    const { portico } = await connected(site.config)
    site.failAdd(new ServerUnavailableError({ details: 'down' }))
    await signIn(portico)
    expect(portico.state.toast.current?.message).toEqual({ key: 'siwxServerUnavailable' })
  })

  test('the prerequisites of SPEC §5 are checked with the SPEC §8 texts', async () => {
    const site = siteSiwx()
    const { portico } = await setup({ siwx: site.config })
    await expect(requestSiwxSignature(portico)).rejects.toThrow(MESSAGES.noActiveCaipAddress)
    await initialize(portico)
    await selectWallet(portico, { connectorId: 'io.metamask' })
    await flush()
    const chain = portico.state.chains.eip155!
    const network = chain.networkState.caipNetwork
    chain.networkState.caipNetwork = undefined
    await expect(requestSiwxSignature(portico)).rejects.toThrow(MESSAGES.noActiveNetworkOrClient)
    chain.networkState.caipNetwork = network
    chain.connectorId = undefined
    const error = await requestSiwxSignature(portico).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(SiwxPrerequisiteError)
    expect((error as Error).message).toBe(MESSAGES.noConnectionClient)
  })
})

describe('cancel and close (SPEC §2, §4)', () => {
  test('optional: cancel closes the modal, keeps the wallet connected and resets to Connect', async () => {
    const site = siteSiwx()
    const { portico, handle } = await connected(site.config)
    await cancelSiwx(portico)
    expect(portico.state.modal.open).toBe(false)
    expect(portico.state.router.route.view).toBe('Connect')
    expect(portico.state.connection.status).toBe('connected')
    expect(handle.calls.some((call) => call.method === 'disconnect')).toBe(false)
  })

  test('required: cancel disconnects', async () => {
    const site = siteSiwx({ required: true })
    const { portico, handle } = await connected(site.config)
    await cancelSiwx(portico)
    expect(handle.calls.some((call) => call.method === 'disconnect')).toBe(true)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('required: the sign-in view refuses to close or go back, and shakes', async () => {
    const site = siteSiwx({ required: true })
    const { portico } = await connected(site.config)
    closeModal(portico)
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.modal.shake).toBe(true)
    goBack(portico)
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('SIWXSignMessage')
  })

  test('required: opening the modal while the session is missing shows the sign-in view', async () => {
    const site = siteSiwx({ required: true })
    const { portico } = await connected(site.config)
    expect(getDefaultRoute(portico)).toEqual({ view: 'SIWXSignMessage' })
    await signIn(portico)
    expect(getDefaultRoute(portico)).toEqual({ view: 'Account' })
  })

  test('optional: the sign-in view closes like any other', async () => {
    const site = siteSiwx()
    const { portico } = await connected(site.config)
    closeModal(portico)
    expect(portico.state.modal.open).toBe(false)
  })

  test('a signature arriving after cancel is ignored and does not sign in', async () => {
    const site = siteSiwx()
    const { portico, handle } = await connected(site.config)
    let answer: (signature: string) => void = () => {}
    handle.adapter!.signMessage = () =>
      new Promise((resolve) => {
        answer = resolve
      })
    const signing = signIn(portico)
    await flush()
    await cancelSiwx(portico)
    answer(`0x${'ef'.repeat(65)}`)
    await expect(signing).resolves.toBeUndefined()
    expect(site.called('addSession')).toHaveLength(0)
    expect(getSiwx(portico).status).toBe('needed')
  })
})

describe('initialisation failure (SPEC §4, §8)', () => {
  test('sessions that cannot be read disconnect, reset to Connect and say so', async () => {
    const site = siteSiwx()
    site.failGet(new ServerUnavailableError({ details: 'down' }))
    const { portico, handle, events } = await connected(site.config)
    await flush()
    expect(handle.calls.some((call) => call.method === 'disconnect')).toBe(true)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.router.route.view).toBe('Connect')
    expect(portico.state.toast.current?.message).toEqual({ key: 'siwxInitFailed' })
    expect(events.some((event) => event.event === 'SIWX_AUTH_ERROR')).toBe(true)
  })

  test('a storage that never answers fails after 10 s instead of hanging', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const site = siteSiwx()
    site.failGet('hang')
    const { portico } = await setup({ siwx: site.config })
    await initialize(portico)
    const connecting = selectWallet(portico, { connectorId: 'io.metamask' })
    await vi.advanceTimersByTimeAsync(0)
    await connecting
    await vi.advanceTimersByTimeAsync(SIWX_CHECK_TIMEOUT_MS - 100)
    expect(portico.state.connection.status).toBe('connected')
    await vi.advanceTimersByTimeAsync(200)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(portico.state.toast.current?.message).toEqual({ key: 'siwxInitFailed' })
  })
})

describe('network switch and disconnect', () => {
  test('switching to a network without a session asks again, for that network', async () => {
    const site = siteSiwx()
    const { portico } = await connected(site.config)
    await signIn(portico)
    expect(getSiwx(portico).status).toBe('signedIn')
    handleAdapterEvent(portico, 'eip155', { type: 'chainChanged', connectorId: 'io.metamask', chainId: 10 })
    await flush()
    await flush()
    expect(site.called('getSessions').at(-1)?.args).toEqual(['eip155:10', ADDRESS])
    expect(getSiwx(portico).status).toBe('needed')
    expect(portico.state.router.route.view).toBe('SIWXSignMessage')
    expect(portico.state.modal.open).toBe(true)
  })

  test('disconnecting signs out; with signOutOnDisconnect false it does not', async () => {
    const site = siteSiwx()
    const { portico } = await connected(site.config)
    await signIn(portico)
    await disconnect(portico)
    expect(site.called('revokeSession')[0]?.args).toEqual(['eip155:1', ADDRESS])
    await flush()
    expect(getSiwx(portico)).toMatchObject({ status: 'idle', session: undefined })

    const keep = siteSiwx({ signOutOnDisconnect: false })
    const other = await connected(keep.config)
    await signIn(other.portico)
    await disconnect(other.portico)
    expect(keep.called('revokeSession')).toHaveLength(0)
    expect(keep.sessions.size).toBe(1)
  })

  test('a sign-out that fails is logged and the wallet still disconnects', async () => {
    const errors: unknown[] = []
    const site = siteSiwx({
      revokeSession: async () => {
        throw new Error('server down')
      },
    })
    const { portico } = await setup({
      siwx: site.config,
      logger: { debug: () => {}, warn: () => {}, error: (_m, details) => errors.push(details) },
    })
    await initialize(portico)
    await selectWallet(portico, { connectorId: 'io.metamask' })
    await flush()
    await disconnect(portico)
    expect(portico.state.connection.status).toBe('disconnected')
    expect(errors.some((error) => String(error).includes('server down'))).toBe(true)
  })
})
