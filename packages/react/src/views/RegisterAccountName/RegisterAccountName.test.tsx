import { connect, UserRejectedRequestError } from '@portico/core'
import { type TestReply as Reply, startTestApiServer } from '@portico/core/testing'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, test } from 'vitest'
import { ADDRESS } from '../../testkit/createTestPortico.testkit.js'
import { open, renderPortico, run } from '../../testkit/render.testkit.js'

let server: Awaited<ReturnType<typeof startTestApiServer>>
const taken = new Set(['alice.myshop.eth'])
const refuse = (status: number, code: string, message = code): Reply => ({
  status,
  body: { error: { code, message } },
})

beforeEach(async () => {
  server = await startTestApiServer()
})
afterEach(async () => {
  cleanup()
  await server.close()
})

function serve(suffixes: Reply = { status: 200, body: { suffixes: ['myshop.eth'], maxNamesPerAddress: 1 } }) {
  server.reply((request) => {
    if (request.path.endsWith('/balance')) return { status: 200, body: { balances: [] } }
    if (request.path.endsWith('/history')) return { status: 200, body: { data: [], next: null } }
    if (request.path === '/v1/names/suffixes') return suffixes
    const available = /^\/v1\/names\/available\/(.+)$/.exec(request.path)
    if (available) {
      const name = decodeURIComponent(available[1] ?? '')
      const label = name.split('.')[0]
      const isTaken = taken.has(name)
      return {
        status: 200,
        body: {
          name,
          available: !isTaken,
          suggestions: isTaken ? [{ name: `${label}2.myshop.eth` }, { name: `${label}-1.myshop.eth` }] : [],
        },
      }
    }
    if (request.path === '/v1/names/register') {
      const body = JSON.parse(request.body)
      const { name } = JSON.parse(body.message)
      if (taken.has(name)) return refuse(409, 'NAME_TAKEN', `${name} is registered already.`)
      return {
        status: 201,
        body: {
          name,
          address: body.address,
          coinType: 60,
          attributes: {},
          registeredAt: '2031-01-01T00:00:00.000Z',
        },
      }
    }
    return refuse(404, 'NOT_FOUND')
  })
}

async function account() {
  const test = await renderPortico({ config: { apiUrl: server.url, projectId: 'p1' } })
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  const view = await open(test.portico)
  return { ...test, view }
}

// Three view chunks (Account, the form, the success) are transformed on first use.
describe('RegisterAccountName', { timeout: 20_000 }, () => {
  test('Account offers a name when the project has a suffix; a taken name shows suggestions, a picked one registers', async () => {
    serve()
    const { view, handle } = await account()
    const entry = await view.findByRole('button', { name: 'Choose a name' })
    await run(() => fireEvent.click(entry))
    await view.findByRole('dialog', { name: 'Choose your name' })
    const input = await view.findByRole('textbox', { name: 'Name' })
    expect(view.getByText('.myshop.eth')).toBeTruthy()
    await run(() => fireEvent.change(input, { target: { value: 'al' } }))
    expect(view.getByText('Too short: a name has at least 4 characters.')).toBeTruthy()
    await run(() => fireEvent.change(input, { target: { value: 'alice' } }))
    await view.findByText('alice.myshop.eth is taken')
    expect((view.getByRole('button', { name: 'Register' }) as HTMLButtonElement).disabled).toBe(true)
    await run(() => fireEvent.click(view.getByRole('button', { name: 'alice2.myshop.eth' })))
    await view.findByText('alice2.myshop.eth is available')
    handle.nextSignature = `0x${'ab'.repeat(65)}`
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Register' })))
    await view.findByRole('dialog', { name: 'Name registered' })
    expect(view.getByText('alice2.myshop.eth')).toBeTruthy()
    expect(view.getByText(`It resolves to ${ADDRESS}`)).toBeTruthy()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Done' })))
    await view.findByRole('dialog', { name: 'Account' })
  })

  test('a declined signature returns to the form with the SPEC §8 text', async () => {
    serve()
    const { view, handle } = await account()
    const entry = await view.findByRole('button', { name: 'Choose a name' })
    await run(() => fireEvent.click(entry))
    const input = await view.findByRole('textbox', { name: 'Name' })
    await run(() => fireEvent.change(input, { target: { value: 'bobby' } }))
    await view.findByText('bobby.myshop.eth is available')
    handle.nextSignature = new UserRejectedRequestError()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Register' })))
    const alert = await view.findByRole('alert')
    expect(alert.textContent).toContain('Error registering name bobby.myshop.eth')
    expect(alert.textContent).toContain('Signature declined')
  })

  test('Account offers no name when the project registers none', async () => {
    serve(refuse(404, 'NAMES_NOT_CONFIGURED'))
    const { view } = await account()
    await waitFor(() =>
      expect(server.requests.some((request) => request.path === '/v1/names/suffixes')).toBe(true),
    )
    await run(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(view.queryByRole('button', { name: 'Choose a name' })).toBeNull()
  })
})
