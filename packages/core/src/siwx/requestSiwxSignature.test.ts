// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { ApiRequestError } from '../api/clientErrors.js'
import { connect } from '../connection/connect.js'
import { RequestCancelledError, UserRejectedRequestError } from '../errors/base.js'
import { initialize } from '../initialize.js'
import { flush, rejected, setup } from '../testing/fakeAdapter.testkit.js'
import { siteSiwx } from '../testing/siteSiwx.testkit.js'
import { cancelSiwx } from './modal/cancelSiwx.js'
import { type RequestSiwxSignatureErrorType, requestSiwxSignature } from './requestSiwxSignature.js'
import { getSiwx } from './siwx.js'
import { SIWX_CHECK_TIMEOUT_MS, SiwxTimeoutError } from './siwxTimeout.js'
import type { SiwxConfig } from './types.js'

/** Connected with sign-in configured; the modal (opened by the sign-in check) is noted as it is. */
async function connected(config: SiwxConfig) {
  const context = await setup({ siwx: config })
  await initialize(context.portico)
  await connect(context.portico, { connectorId: 'io.metamask' })
  await flush()
  await flush()
  const { router, modal } = context.portico.state
  const before = { view: router.route.view, open: modal.open }
  const modalPart = () => ({
    view: context.portico.state.router.route.view,
    open: context.portico.state.modal.open,
    toast: context.portico.state.toast.current,
    alert: context.portico.state.alert.current,
  })
  return { ...context, before: { ...before, toast: undefined, alert: undefined }, modalPart }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('requestSiwxSignature (domain action)', () => {
  test('resolves the kept session and signs in, without a toast and without closing the modal', async () => {
    const site = siteSiwx()
    const { portico, before, modalPart } = await connected(site.config)
    const { session } = await requestSiwxSignature(portico)
    expect(site.sessions.size).toBe(1)
    expect(session.message).toContain('0x1111111111111111111111111111111111111111')
    expect(getSiwx(portico).status).toBe('signedIn')
    expect(modalPart()).toEqual(before)
  })

  test('a refusal in the wallet rejects with UserRejectedRequestError and records "Signature declined"', async () => {
    const site = siteSiwx()
    const { portico, handle, before, modalPart } = await connected(site.config)
    handle.nextSignature = rejected()
    const error = (await requestSiwxSignature(portico).catch((e) => e)) as RequestSiwxSignatureErrorType
    expect(error.name).toBe('UserRejectedRequestError')
    expect(error).toBeInstanceOf(UserRejectedRequestError)
    expect(getSiwx(portico)).toMatchObject({ status: 'needed', error: { key: 'signatureDeclined' } })
    expect(modalPart()).toEqual(before)
  })

  test("a refusal by the sign-in server rejects with its ApiRequestError, without the server's alert", async () => {
    const site = siteSiwx()
    const { portico, before, modalPart } = await connected(site.config)
    site.failAdd(new ApiRequestError({ apiCode: 'SIWX_EXPIRED', status: 401, message: 'Expired.' }))
    await expect(requestSiwxSignature(portico)).rejects.toBeInstanceOf(ApiRequestError)
    expect(getSiwx(portico).error).toEqual({ key: 'walletError', params: { message: 'Expired.' } })
    expect(modalPart()).toEqual(before)
  })

  test('a storage that does not answer rejects with SiwxTimeoutError after 10 s', async () => {
    const site = siteSiwx({ addSession: () => new Promise<void>(() => {}) })
    const { portico } = await connected(site.config)
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const signing = requestSiwxSignature(portico).catch((e) => e)
    await vi.advanceTimersByTimeAsync(SIWX_CHECK_TIMEOUT_MS)
    expect(await signing).toBeInstanceOf(SiwxTimeoutError)
    expect(getSiwx(portico).status).toBe('needed')
  })

  test('an attempt cancelled while the wallet is asked rejects with RequestCancelledError and keeps no session', async () => {
    const site = siteSiwx()
    const { portico, handle } = await connected(site.config)
    let answer: (signature: string) => void = () => {}
    handle.adapter!.signMessage = () =>
      new Promise((resolve) => {
        answer = resolve
      })
    const signing = requestSiwxSignature(portico)
    await flush()
    await cancelSiwx(portico)
    answer(`0x${'ef'.repeat(65)}`)
    await expect(signing).rejects.toBeInstanceOf(RequestCancelledError)
    expect(site.called('addSession')).toHaveLength(0)
  })
})
