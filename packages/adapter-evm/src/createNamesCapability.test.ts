import { InvalidNameError, type Network, ProviderRequestError } from '@portico/core'
import {
  ANVIL_ADDRESSES,
  type AnvilInstance,
  createTestAdapterContext,
  deployEns,
  registerEnsName,
  revert,
  setEnsPrimaryName,
  snapshot,
  startAnvil,
  TEST_ENS,
} from '@portico/test'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { evm } from './evm.js'
import { DEFAULT_UNIVERSAL_RESOLVERS } from './universalResolvers.js'

const alice = ANVIL_ADDRESSES[0]!
const bob = ANVIL_ADDRESSES[1]!
const carol = ANVIL_ADDRESSES[2]!
const AVATAR = 'https://avatars.example/alice.png'

describe('ENS names through the EVM adapter, on anvil', () => {
  let anvil: AnvilInstance
  let network: Network
  let clean: string
  const names = () =>
    evm({ ens: { universalResolvers: { 31427: TEST_ENS.universalResolver } } })(
      createTestAdapterContext([network], false).context,
    ).loadNames!()

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_427 })
    network = {
      id: 31_427,
      namespace: 'eip155',
      caipNetworkId: 'eip155:31427',
      name: 'Anvil',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.rpcUrl] } },
    }
    await deployEns({ rpcUrl: anvil.rpcUrl })
    await registerEnsName({
      rpcUrl: anvil.rpcUrl,
      name: 'alice.eth',
      address: alice,
      texts: { avatar: AVATAR },
    })
    await registerEnsName({ rpcUrl: anvil.rpcUrl, name: 'bob.eth', address: bob })
    clean = await snapshot(anvil.rpcUrl)
  }, 60_000)

  afterAll(() => anvil?.stop())

  beforeEach(async () => {
    await revert(anvil.rpcUrl, clean)
    clean = await snapshot(anvil.rpcUrl)
  })

  it('gives the primary name and its avatar record when the name resolves back to the account', async () => {
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: alice, name: 'alice.eth' })
    expect(await (await names()).lookupAddress({ address: alice, network })).toEqual({
      name: 'alice.eth',
      address: alice,
      avatar: AVATAR,
    })
    // Asked in lowercase, answered for the same account.
    expect((await (await names()).lookupAddress({ address: alice.toLowerCase(), network }))?.name).toBe(
      'alice.eth',
    )
  })

  it('gives no name to an account whose reverse record names someone else', async () => {
    // carol claims alice.eth, which resolves to alice: carol has no primary name.
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: carol, name: 'alice.eth' })
    expect(await (await names()).lookupAddress({ address: carol, network })).toBeUndefined()
    // bob has a name but no reverse record.
    expect(await (await names()).lookupAddress({ address: bob, network })).toBeUndefined()
  })

  it('resolves a typed name, normalised, with its avatar record', async () => {
    expect(await (await names()).resolveName({ name: ' Alice.ETH ', network })).toEqual({
      name: 'alice.eth',
      address: alice,
      avatar: AVATAR,
    })
    expect(await (await names()).resolveName({ name: 'bob.eth', network })).toEqual({
      name: 'bob.eth',
      address: bob,
      avatar: undefined,
    })
  })

  it('resolves a name nobody registered to nothing, and refuses text that is no name', async () => {
    expect(await (await names()).resolveName({ name: 'nobody.eth', network })).toBeUndefined()
    await expect((await names()).resolveName({ name: 'a..eth', network })).rejects.toBeInstanceOf(
      InvalidNameError,
    )
  })

  it('tells names from addresses and from text with spaces', async () => {
    const capability = await names()
    expect(capability.isName('vitalik.eth')).toBe(true)
    expect(capability.isName('alice.myshop.eth')).toBe(true)
    expect(capability.isName(alice)).toBe(false)
    expect(capability.isName('alice')).toBe(false)
    expect(capability.isName('ali ce.eth')).toBe(false)
    expect(capability.isName('.eth')).toBe(false)
  })

  it('has names only on networks with a universal resolver', async () => {
    const capability = await names()
    expect(capability.supports(network)).toBe(true)
    expect(capability.supports({ ...network, id: 10, caipNetworkId: 'eip155:10' })).toBe(false)
    expect(capability.supports({ ...network, id: 1, caipNetworkId: 'eip155:1' })).toBe(true)
    expect(DEFAULT_UNIVERSAL_RESOLVERS[1]).toBe('0xeEeEEEeE14D718C2B47D9923Deab1335E144EeEe')
  })

  it('fails with ProviderRequestError when the chain cannot be read', async () => {
    const offline = { ...network, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } }
    await expect((await names()).lookupAddress({ address: alice, network: offline })).rejects.toBeInstanceOf(
      ProviderRequestError,
    )
  })

  it('refuses a universal resolver that is not an address', async () => {
    const capability = await evm({ ens: { universalResolvers: { 31427: 'resolver' as `0x${string}` } } })(
      createTestAdapterContext([network], false).context,
    ).loadNames!()
    await expect(capability.lookupAddress({ address: alice, network })).rejects.toThrow(/not an address/)
  })
})
