// @vitest-environment happy-dom
import { describe, expect, test } from 'vitest'
import { selectWallet } from '../../connection/modal/selectWallet.js'
import { InvalidChainIdError, ProviderRequestError, UnrecognizedChainError } from '../../errors/base.js'
import { initialize } from '../../initialize.js'
import { navigate } from '../../modal/navigate.js'
import { openModal } from '../../modal/openModal.js'
import { rejected, setup } from '../../testing/fakeAdapter.testkit.js'
import { getNetwork } from '../network.js'
import { selectNetwork } from './selectNetwork.js'

async function connected() {
  const context = await setup()
  await initialize(context.portico)
  await selectWallet(context.portico, { connectorId: 'io.metamask' })
  return context
}

describe("selectNetwork: the modal's network picker (SPEC §2 Networks, §8 alerts)", () => {
  test('a switch made from the Networks view returns to the previous view; a failed one stays', async () => {
    const { portico, handle } = await connected()
    openModal(portico)
    navigate(portico, { view: 'Networks' })
    handle.switchError = rejected()
    await selectNetwork(portico, { networkId: 'eip155:10' })
    expect(portico.state.router.route.view).toBe('Networks')
    handle.switchError = undefined
    await selectNetwork(portico, { networkId: 'eip155:10' })
    expect(portico.state.router.route.view).toBe('Account')
  })

  test("a network not in the list shows 'Network Not Found'", async () => {
    const { portico } = await setup()
    await expect(selectNetwork(portico, { networkId: 'eip155:999' })).resolves.toBeUndefined()
    expect(portico.state.alert.current?.message).toEqual({ key: 'networkNotFound' })
  })

  test.each([
    [new UnrecognizedChainError(), 4902],
    [new InvalidChainIdError(), 32603],
    [new ProviderRequestError('boom'), 5000],
  ])('a failed switch shows an alert with code %s', async (error, code) => {
    const { portico, handle } = await connected()
    handle.switchError = error
    await expect(selectNetwork(portico, { networkId: 'eip155:10' })).resolves.toBeUndefined()
    expect(portico.state.alert.current?.code).toBe(code)
    expect(getNetwork(portico).network?.caipNetworkId).toBe('eip155:1')
    expect(getNetwork(portico).switchError).toBeTruthy()
  })

  test('a declined switch shows no alert but says it was declined', async () => {
    const { portico, handle } = await connected()
    handle.switchError = rejected()
    await selectNetwork(portico, { networkId: 'eip155:10' })
    expect(portico.state.alert.current).toBeUndefined()
    expect(getNetwork(portico).switchError).toEqual({ key: 'switchDeclined' })
  })

  test('switching back to a listed network from UnsupportedChain shows Account', async () => {
    const { portico, handle } = await connected()
    handle.context!.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 137 })
    expect(portico.state.router.route.view).toBe('UnsupportedChain')
    await selectNetwork(portico, { networkId: 'eip155:10' })
    expect(portico.state.router.route.view).toBe('Account')
    expect(getNetwork(portico).supported).toBe(true)
  })
})
