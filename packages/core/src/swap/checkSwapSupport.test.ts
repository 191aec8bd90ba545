// @vitest-environment happy-dom
import { afterEach, beforeEach, expect, it } from 'vitest'
import { getWalletFeatures } from '../connection/walletFeatures.js'
import { connectedSwapAccount, refusal, startSwapTestServer } from '../testing/swapServer.testkit.js'
import { checkSwapSupport } from './checkSwapSupport.js'

let server: Awaited<ReturnType<typeof startSwapTestServer>>
beforeEach(async () => {
  server = await startSwapTestServer()
})
afterEach(() => server.close())

it('offers Swap in Account where the server has swaps, in the SPEC §9 order onramp, swaps, receive, send', async () => {
  const { portico } = await connectedSwapAccount(server)
  expect(getWalletFeatures(portico)).toEqual(['receive', 'send'])
  expect(await checkSwapSupport(portico)).toBe(true)
  expect(getWalletFeatures(portico)).toEqual(['swaps', 'receive', 'send'])
})

it('asks once per network', async () => {
  const { portico } = await connectedSwapAccount(server)
  await checkSwapSupport(portico)
  await checkSwapSupport(portico)
  expect(server.swapRequests('tokens')).toHaveLength(1)
})

it('hides Swap where the token list route refuses the network (UNSUPPORTED_CHAIN)', async () => {
  server.script.override.tokens = () => refusal(400, 'UNSUPPORTED_CHAIN')
  const { portico } = await connectedSwapAccount(server)
  expect(await checkSwapSupport(portico)).toBe(false)
  expect(portico.state.swap.networks).toEqual({ 'eip155:1': false })
  expect(getWalletFeatures(portico)).toEqual(['receive', 'send'])
})

it('asks again later when the server could not answer', async () => {
  server.script.override.tokens = () => refusal(502, 'UPSTREAM_ERROR')
  const { portico } = await connectedSwapAccount(server)
  expect(await checkSwapSupport(portico)).toBe(false)
  expect(portico.state.swap.networks).toEqual({})
})

it('asks nothing and offers no Swap when features.swaps is off', async () => {
  const { portico } = await connectedSwapAccount(server, { swaps: false })
  expect(await checkSwapSupport(portico)).toBe(false)
  expect(server.swapRequests('tokens')).toHaveLength(0)
  portico.state.swap.networks = { 'eip155:1': true }
  expect(getWalletFeatures(portico)).toEqual(['receive', 'send'])
})

it('offers no Swap without a swap service', async () => {
  const { portico } = await connectedSwapAccount({ url: '' })
  expect(await checkSwapSupport(portico)).toBe(false)
})
