import { afterEach, describe, expect, test, vi } from 'vitest'
import type { NameRecord, NamesCapability } from '../adapterKit/contract.js'
import { getAccount } from '../connection/account.js'
import { connect } from '../connection/connect.js'
import { closedPortUrl, startTestApiServer, type TestReply } from '../testing/apiTestServer.testkit.js'
import { type FakeAdapterHandle, setup } from '../testing/fakeAdapter.testkit.js'
import { isReceiverName } from './isReceiverName.js'
import { InvalidNameError, NameNotResolvedError, NamesUnavailableError } from './namesErrors.js'
import { refreshIdentity } from './refreshIdentity.js'
import { resolveReceiverName } from './resolveReceiverName.js'

const A = '0x1111111111111111111111111111111111111111'
const B = '0x2222222222222222222222222222222222222222'
const PNG = `data:image/png;base64,${Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]).toString('base64')}`

/**
 * A name service over a table, on network 1 only (network 10 has none): the EVM adapter's real
 * one is tested on anvil (adapter-evm/createNamesCapability.test.ts); this one tests what core does
 * with its answers.
 */
function addNames(
  handle: FakeAdapterHandle,
  primary: Record<string, NameRecord>,
  names: Record<string, NameRecord>,
) {
  const calls: string[] = []
  const capability: NamesCapability = {
    supports: (network) => network.id === 1,
    isName: (text) => /^[^\s.]+(\.[^\s.]+)+$/.test(text) && !text.startsWith('0x'),
    lookupAddress: async ({ address }) => {
      calls.push(`lookup ${address}`)
      return primary[address]
    },
    resolveName: async ({ name }) => {
      calls.push(`resolve ${name}`)
      if (name.includes('..')) throw new InvalidNameError(name)
      return names[name.toLowerCase()]
    },
  }
  handle.adapter!.loadNames = async () => capability
  return calls
}

const alice: NameRecord = { name: 'alice.eth', address: A, avatar: PNG }

async function connected(address = A, server?: { url: string }) {
  const test = await setup(server ? { apiUrl: server.url, projectId: 'p1' } : {})
  const calls = addNames(
    test.handle,
    { [A]: alice, [B]: { name: 'bob.eth', address: B, avatar: undefined } },
    {
      'alice.eth': alice,
      'bob.eth': { name: 'bob.eth', address: B, avatar: 'data:image/png;base64,PGh0bWw+' },
    },
  )
  test.handle.context?.emit({ type: 'connectors', connectors: test.handle.connectors })
  test.handle.nextConnect = { address, accounts: [address], chainId: 1 }
  await connect(test.portico, { connectorId: 'io.metamask' })
  return { ...test, calls }
}

const LOADED = { timeout: 15_000 }
vi.setConfig({ testTimeout: 30_000 })

afterEach(() => {
  vi.useRealTimers()
})

describe('identity', () => {
  test('the connected account gets its primary name and avatar after connecting', async () => {
    const { portico } = await connected()
    await vi.waitFor(() => expect(getAccount(portico).profileName).toBe('alice.eth'), LOADED)
    await vi.waitFor(() => expect(getAccount(portico).profileImage).toBe(PNG), LOADED)
  })

  test("another account's name goes the moment the account changes", async () => {
    const { portico, handle } = await connected()
    await vi.waitFor(() => expect(getAccount(portico).profileName).toBe('alice.eth'), LOADED)
    handle.context?.emit({ type: 'accountsChanged', connectorId: 'io.metamask', accounts: [B] })
    expect(getAccount(portico).profileName).toBeUndefined()
    expect(getAccount(portico).profileImage).toBeUndefined()
    await vi.waitFor(() => expect(getAccount(portico).profileName).toBe('bob.eth'), LOADED)
    expect(getAccount(portico).profileImage).toBeUndefined()
  })

  test('is read from the chain once per 5 minutes (SPEC §9), then again', async () => {
    const { portico, calls } = await connected()
    await vi.waitFor(() => expect(getAccount(portico).profileName).toBe('alice.eth'), LOADED)
    await refreshIdentity(portico)
    expect(calls.filter((call) => call.startsWith('lookup'))).toHaveLength(1)
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(Date.now() + 5 * 60_000 + 1)
    await refreshIdentity(portico)
    expect(calls.filter((call) => call.startsWith('lookup'))).toHaveLength(2)
  })

  test('a network without a name service shows no name', async () => {
    const { portico, handle } = await connected()
    await vi.waitFor(() => expect(getAccount(portico).profileName).toBe('alice.eth'), LOADED)
    handle.context?.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 10 })
    await vi.waitFor(() => expect(getAccount(portico).network?.id).toBe(10), LOADED)
    expect(getAccount(portico).profileName).toBeUndefined()
  })
})

describe('identity through a Portico server', () => {
  let server: Awaited<ReturnType<typeof startTestApiServer>>
  afterEach(async () => {
    await server?.close()
  })
  const withIdentity = async (identity: (path: string) => TestReply) => {
    server = await startTestApiServer()
    server.reply((request) =>
      request.path.startsWith('/v1/identity/')
        ? identity(request.path)
        : { status: 404, body: { error: { code: 'NOT_FOUND', message: 'Not here.' } } },
    )
    return server
  }
  const identityRequests = () => server.requests.filter((request) => request.path.startsWith('/v1/identity/'))

  test("is the server's answer, for the account on its chain, without reading the chain", async () => {
    await withIdentity(() => ({ status: 200, body: { name: 'alice.myshop.eth', avatar: PNG } }))
    const { portico, calls } = await connected(A, server)
    await vi.waitFor(() => expect(getAccount(portico).profileName).toBe('alice.myshop.eth'), LOADED)
    await vi.waitFor(() => expect(getAccount(portico).profileImage).toBe(PNG), LOADED)
    expect(identityRequests().map((request) => [request.path, request.query])).toEqual([
      [`/v1/identity/${A}`, { projectId: 'p1', chainId: 'eip155:1' }],
    ])
    expect(calls.filter((call) => call.startsWith('lookup'))).toEqual([])
    // Kept 5 minutes (SPEC §9) on the page too.
    await refreshIdentity(portico)
    expect(identityRequests()).toHaveLength(1)
  })

  test('an answer without a name shows none, and the chain is not asked', async () => {
    await withIdentity(() => ({ status: 200, body: { name: null, avatar: null } }))
    const { portico, calls } = await connected(A, server)
    await vi.waitFor(() => expect(identityRequests()).toHaveLength(1), LOADED)
    await refreshIdentity(portico)
    expect(getAccount(portico).profileName).toBeUndefined()
    expect(calls.filter((call) => call.startsWith('lookup'))).toEqual([])
  })

  test.each<[string, TestReply]>([
    ['refuses', { status: 400, body: { error: { code: 'UNSUPPORTED_CHAIN', message: 'No names.' } } }],
    ['fails', { status: 502, body: { error: { code: 'UPSTREAM_ERROR', message: 'The node is down.' } } }],
    ['answers something else', { status: 200, body: { name: 42, avatar: null } }],
    [
      'answers a name too long to be one',
      { status: 200, body: { name: `${'a'.repeat(300)}.eth`, avatar: null } },
    ],
  ])('reads the chain when the server %s', async (_, reply) => {
    await withIdentity(() => reply)
    const { portico, calls } = await connected(A, server)
    await vi.waitFor(() => expect(getAccount(portico).profileName).toBe('alice.eth'), LOADED)
    expect(identityRequests()).toHaveLength(1)
    expect(calls.filter((call) => call.startsWith('lookup'))).toHaveLength(1)
  })

  test('reads the chain when no server listens', async () => {
    const { portico, calls } = await connected(A, { url: await closedPortUrl() })
    await vi.waitFor(() => expect(getAccount(portico).profileName).toBe('alice.eth'), LOADED)
    expect(calls.filter((call) => call.startsWith('lookup'))).toHaveLength(1)
  })

  test('reads the chain once the server has not answered in 10 s (SPEC §9)', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] })
    await withIdentity(() => 'hang')
    const { portico, calls } = await connected(A, server)
    await vi.waitFor(() => expect(identityRequests()).toHaveLength(1), LOADED)
    expect(getAccount(portico).profileName).toBeUndefined()
    expect(calls.filter((call) => call.startsWith('lookup'))).toHaveLength(0)
    await vi.advanceTimersByTimeAsync(10_000)
    await vi.waitFor(() => expect(getAccount(portico).profileName).toBe('alice.eth'), LOADED)
    expect(calls.filter((call) => call.startsWith('lookup'))).toHaveLength(1)
  })
})

test('the name service loads once an account is connected, not with the page', async () => {
  const test = await setup()
  let loads = 0
  const capability: NamesCapability = {
    supports: () => true,
    isName: () => false,
    lookupAddress: async () => alice,
    resolveName: async () => undefined,
  }
  test.handle.adapter!.loadNames = async () => {
    loads++
    return capability
  }
  test.handle.context?.emit({ type: 'connectors', connectors: test.handle.connectors })
  await new Promise((resolve) => setTimeout(resolve, 0))
  expect(loads).toBe(0)
  test.handle.nextConnect = { address: A, accounts: [A], chainId: 1 }
  await connect(test.portico, { connectorId: 'io.metamask' })
  await vi.waitFor(() => expect(getAccount(test.portico).profileName).toBe('alice.eth'), LOADED)
  expect(loads).toBe(1)
})

describe('resolveReceiverName', () => {
  test('resolves a name to its address, with its avatar checked', async () => {
    const { portico } = await connected(B)
    expect(await resolveReceiverName(portico, { name: 'Alice.eth' })).toEqual({
      name: 'alice.eth',
      address: A,
      image: PNG,
    })
    // bob.eth's avatar record is a page dressed as a PNG: no image.
    expect(await resolveReceiverName(portico, { name: 'bob.eth' })).toEqual({
      name: 'bob.eth',
      address: B,
      image: undefined,
    })
  })

  test('refuses a name that resolves to nothing, and text that is no name', async () => {
    const { portico } = await connected()
    await expect(resolveReceiverName(portico, { name: 'nobody.eth' })).rejects.toBeInstanceOf(
      NameNotResolvedError,
    )
    await expect(resolveReceiverName(portico, { name: 'alice' })).rejects.toBeInstanceOf(InvalidNameError)
    await expect(resolveReceiverName(portico, { name: 'a..eth' })).rejects.toBeInstanceOf(InvalidNameError)
    expect(isReceiverName(portico, 'alice.eth')).toBe(true)
    expect(isReceiverName(portico, A)).toBe(false)
  })

  test('asks the chain once per name per 5 minutes', async () => {
    const { portico, calls } = await connected()
    await resolveReceiverName(portico, { name: 'alice.eth' })
    await resolveReceiverName(portico, { name: 'ALICE.eth' })
    expect(calls.filter((call) => call.startsWith('resolve'))).toHaveLength(1)
  })

  test('is unavailable where the network has no name service', async () => {
    const { portico, handle } = await connected()
    handle.context?.emit({ type: 'chainChanged', connectorId: 'io.metamask', chainId: 10 })
    await vi.waitFor(() => expect(getAccount(portico).network?.id).toBe(10), LOADED)
    expect(isReceiverName(portico, 'alice.eth')).toBe(false)
    await expect(resolveReceiverName(portico, { name: 'alice.eth' })).rejects.toBeInstanceOf(
      NamesUnavailableError,
    )
  })
})
