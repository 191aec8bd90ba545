import { connect, createMemoryStorage, getSiwx, UserRejectedRequestError } from '@portico/core'
import { createBrowserSiwxStorage, createSiwx } from '@portico/siwx'
import { eip155Verifier } from '@portico/siwx/eip155'
import { cleanup, fireEvent, waitFor } from '@testing-library/react'
import { privateKeyToAccount } from 'viem/accounts'
import { afterEach, describe, expect, test } from 'vitest'
import { modal, renderPortico, run } from '../../testkit/render.testkit.js'

afterEach(cleanup)

// The account the fake adapter connects (ADDRESS in the testkit) is anvil's second key.
const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')

async function connectWithSignIn(options: { required?: boolean; decline?: boolean } = {}) {
  const siwx = createSiwx({
    storage: createBrowserSiwxStorage({ verifiers: [eip155Verifier()], storage: createMemoryStorage() }),
    statement: 'Sign in to the shop',
    ...(options.required ? { required: true } : {}),
  })
  const test = await renderPortico({ config: { siwx, metadata: { name: 'Corner Shop' } } })
  const signed: string[] = []
  test.adapter.signMessage = async ({ message }) => {
    signed.push(message)
    if (options.decline) throw new UserRejectedRequestError()
    return account.signMessage({ message })
  }
  await run(async () => {
    const connecting = connect(test.portico, { connectorId: 'io.rabby' })
    test.approve()
    await connecting
  })
  // Core looks for a stored session first, then opens the view.
  const view = await waitFor(() => modal())
  await view.findByRole('dialog', { name: 'Sign in' })
  await view.findByRole('button', { name: 'Sign in' })
  return { ...test, view, signed }
}

describe('SIWXSignMessage', () => {
  test('opens after connecting, signs a real message and closes signed in', async () => {
    const { portico, view, signed } = await connectWithSignIn()
    expect(await view.findByText('Corner Shop asks you to sign in')).toBeTruthy()
    expect(view.getByRole('img', { name: /Corner Shop and Rabby/ })).toBeTruthy()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Sign in' })))
    await waitFor(() => expect(getSiwx(portico).status).toBe('signedIn'))
    expect(signed[0]).toContain('wants you to sign in with your Ethereum account:')
    expect(signed[0]).toContain(account.address)
    expect(portico.state.modal.open).toBe(false)
    expect(getSiwx(portico).session?.data.accountAddress).toBe(account.address)
  })

  test('a declined signature keeps the view and says so', async () => {
    const { view } = await connectWithSignIn({ decline: true })
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Sign in' })))
    expect((await view.findByRole('alert')).textContent).toBe('Not signed in: Signature declined')
    expect(view.getByText('Signature declined')).toBeTruthy()
    expect(view.getByRole('dialog', { name: 'Sign in' })).toBeTruthy()
  })

  test('optional: Cancel closes the modal and keeps the wallet connected', async () => {
    const { portico, view, calls } = await connectWithSignIn()
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Cancel' })))
    expect(portico.state.modal.open).toBe(false)
    expect(calls.disconnect).toEqual([])
  })

  test('required: no close button, Escape only shakes, and Disconnect disconnects', async () => {
    const { portico, view, calls } = await connectWithSignIn({ required: true })
    expect(view.getByText('Signing in is required. Cancelling disconnects your wallet.')).toBeTruthy()
    expect(view.queryByRole('button', { name: 'Close' })).toBeNull()
    await run(() => fireEvent.keyDown(view.getByRole('dialog'), { key: 'Escape' }))
    expect(portico.state.modal.open).toBe(true)
    expect(view.getByRole('dialog').className).toContain('shake')
    await run(() => fireEvent.click(view.getByRole('button', { name: 'Disconnect' })))
    expect(calls.disconnect).toEqual(['io.rabby'])
    expect(portico.state.connection.status).toBe('disconnected')
  })
})
