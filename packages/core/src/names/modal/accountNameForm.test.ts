// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { evmChainIdToCoinType } from '../../api/accountNames.js'
import { navigate } from '../../modal/navigate.js'
import { openModal } from '../../modal/openModal.js'
import { startTestApiServer, type TestReply } from '../../testing/apiTestServer.testkit.js'
import { rejected } from '../../testing/fakeAdapter.testkit.js'
import { connectedSwapAccount, refusal, SWAP_ACCOUNT, until } from '../../testing/swapServer.testkit.js'
import {
  ACCOUNT_NAME_CHECK_DEBOUNCE_MS,
  getAccountNameForm,
  loadAccountNameSuffixes,
  setAccountNameLabel,
  startAccountNameForm,
  submitAccountName,
} from './accountNameForm.js'

let server: Awaited<ReturnType<typeof startTestApiServer>>
const taken = new Set(['alice.myshop.eth'])

beforeAll(async () => {
  server = await startTestApiServer()
  server.reply((request): TestReply => {
    if (request.path === '/v1/names/suffixes')
      return { status: 200, body: { suffixes: ['myshop.eth'], maxNamesPerAddress: 1 } }
    const available = /^\/v1\/names\/available\/(.+)$/.exec(request.path)
    if (available) {
      const name = decodeURIComponent(available[1] ?? '')
      const isTaken = taken.has(name)
      const label = name.split('.')[0]
      return {
        status: 200,
        body: { name, available: !isTaken, suggestions: isTaken ? [{ name: `${label}1.myshop.eth` }] : [] },
      }
    }
    if (request.path === '/v1/names/register') {
      const body = JSON.parse(request.body)
      const { name } = JSON.parse(body.message)
      if (taken.has(name)) return refusal(409, 'NAME_TAKEN', `${name} is registered already.`)
      taken.add(name)
      return {
        status: 201,
        body: {
          name,
          address: body.address,
          coinType: body.coinType,
          attributes: {},
          registeredAt: '2031-01-01T00:00:00.000Z',
        },
      }
    }
    return refusal(404, 'NOT_FOUND')
  })
})
afterAll(() => server.close())
afterEach(() => vi.useRealTimers())

async function ready() {
  const context = await connectedSwapAccount(server)
  openModal(context.portico)
  navigate(context.portico, { view: 'RegisterAccountName' })
  startAccountNameForm(context.portico)
  await until(() => getAccountNameForm(context.portico).suffix === 'myshop.eth', 'the suffixes')
  return context
}

describe('the account-name form', () => {
  it('offers names once the server names a suffix for the connected EVM account', async () => {
    const { portico } = await ready()
    expect(getAccountNameForm(portico).offered).toBe(true)
  })

  it('checks SPEC §5 at once and asks the server only after typing pauses for 300 ms', async () => {
    const { portico } = await ready()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const before = server.requests.length
    setAccountNameLabel(portico, 'al')
    expect(getAccountNameForm(portico).problem).toBe('tooShort')
    setAccountNameLabel(portico, 'al_ce')
    expect(getAccountNameForm(portico).problem).toBe('invalidCharacters')
    setAccountNameLabel(portico, 'ali')
    setAccountNameLabel(portico, 'alic')
    setAccountNameLabel(portico, 'Alice')
    expect(getAccountNameForm(portico)).toMatchObject({ label: 'alice', problem: undefined, checking: true })
    vi.advanceTimersByTime(ACCOUNT_NAME_CHECK_DEBOUNCE_MS - 1)
    expect(server.requests.length).toBe(before)
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    await until(() => !getAccountNameForm(portico).checking, 'the check')
    // One request for the label the visitor stopped at.
    expect(server.requests.slice(before).map((request) => request.path)).toEqual([
      '/v1/names/available/alice.myshop.eth',
    ])
    expect(getAccountNameForm(portico)).toMatchObject({
      available: false,
      suggestions: [{ name: 'alice1.myshop.eth' }],
      canSubmit: false,
    })
  })

  it('registers a free name: the wallet signs the SPEC §7 message, then RegisterAccountNameSuccess replaces the form', async () => {
    const { portico, handle } = await ready()
    setAccountNameLabel(portico, 'carol')
    await until(() => getAccountNameForm(portico).available === true, 'the check')
    expect(getAccountNameForm(portico).canSubmit).toBe(true)
    handle.nextSignature = 'hang'
    const submitted = submitAccountName(portico)
    await until(() => handle.waiting.signMessage.length === 1, 'the signature request')
    expect(getAccountNameForm(portico).loading).toBe(true)
    handle.waiting.signMessage[0]?.resolve(`0x${'ab'.repeat(65)}`)
    await submitted
    const body = JSON.parse(server.requests.at(-1)?.body ?? '{}')
    expect(body).toMatchObject({
      coinType: evmChainIdToCoinType(1),
      address: SWAP_ACCOUNT,
      signature: `0x${'ab'.repeat(65)}`,
    })
    expect(JSON.parse(body.message)).toEqual({
      name: 'carol.myshop.eth',
      attributes: {},
      timestamp: expect.any(Number),
    })
    expect(portico.state.router.route).toEqual({
      view: 'RegisterAccountNameSuccess',
      params: { name: 'carol.myshop.eth' },
    })
    expect(getAccountNameForm(portico).loading).toBe(false)
  })

  it('stays on the form with the SPEC §8 text when the wallet declines or the name was taken meanwhile', async () => {
    const { portico, handle } = await ready()
    setAccountNameLabel(portico, 'dave')
    await until(() => getAccountNameForm(portico).available === true, 'the check')
    handle.nextSignature = rejected()
    await submitAccountName(portico)
    expect(portico.state.router.route.view).toBe('RegisterAccountName')
    expect(getAccountNameForm(portico).error).toEqual({
      message: { key: 'nameRegisterFailed', params: { name: 'dave.myshop.eth' } },
      detail: { key: 'signatureDeclined' },
    })
    taken.add('dave.myshop.eth')
    handle.nextSignature = `0x${'cd'.repeat(65)}`
    await submitAccountName(portico)
    expect(portico.state.router.route.view).toBe('RegisterAccountName')
    expect(getAccountNameForm(portico)).toMatchObject({
      available: false,
      suggestions: [{ name: 'dave1.myshop.eth' }],
      error: {
        message: { key: 'nameRegisterFailed', params: { name: 'dave.myshop.eth' } },
        detail: { key: 'walletError', params: { message: 'dave.myshop.eth is registered already.' } },
      },
    })
  })

  it('offers no names without a suffix for the project', async () => {
    const { portico } = await connectedSwapAccount({ url: server.url })
    server.reply(() => refusal(404, 'NAMES_NOT_CONFIGURED'))
    await loadAccountNameSuffixes(portico)
    expect(getAccountNameForm(portico).offered).toBe(false)
  })
})
