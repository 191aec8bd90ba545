import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import {
  type Address,
  createPublicClient,
  decodeAbiParameters,
  decodeFunctionData,
  encodeAbiParameters,
  encodeDeployData,
  type Hex,
  http,
  type PublicClient,
  parseAbi,
} from 'viem'
import { getEnsAddress, getEnsName, getEnsText } from 'viem/ens'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { ANVIL_ADDRESSES } from '../accounts.js'
import { type AnvilInstance, revert, rpc, snapshot, startAnvil } from '../anvil.js'
import { compileTestContracts } from '../contracts/compileTestContracts.js'
import {
  deployEns,
  ENS_DEPLOYER_ADDRESS,
  registerEnsName,
  setEnsPrimaryName,
  setEnsResolver,
  setEnsText,
  TEST_ENS,
} from './deployEns.js'

const alice = ANVIL_ADDRESSES[0] as Address
const bob = ANVIL_ADDRESSES[1] as Address
const addrAbi = parseAbi(['function addr(bytes32 node) view returns (address)'])

describe('the test ENS on anvil', () => {
  let anvil: AnvilInstance
  let client: PublicClient
  let clean: string
  let gateway: Server
  let gatewayUrl: string
  const universalResolverAddress = TEST_ENS.universalResolver

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_426 })
    client = createPublicClient({ transport: http(anvil.rpcUrl) })
    await deployEns({ rpcUrl: anvil.rpcUrl })
    // A gateway that answers addr(bytes32) of any name with bob's address.
    gateway = createServer((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        const { data } = JSON.parse(body) as { data: Hex }
        const [, call] = decodeAbiParameters([{ type: 'bytes' }, { type: 'bytes' }], data)
        decodeFunctionData({ abi: addrAbi, data: call })
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ data: encodeAbiParameters([{ type: 'address' }], [bob]) }))
      })
    })
    await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve))
    gatewayUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/lookup`
    clean = await snapshot(anvil.rpcUrl)
  }, 60_000)

  afterAll(async () => {
    await new Promise((resolve) => gateway?.close(resolve))
    await anvil?.stop()
  })

  beforeEach(async () => {
    await revert(anvil.rpcUrl, clean)
    clean = await snapshot(anvil.rpcUrl)
  })

  it('deploys at the fixed addresses, and a second call keeps what is there', async () => {
    for (const address of Object.values(TEST_ENS)) {
      expect(await client.getCode({ address })).toMatch(/^0x[0-9a-f]{100,}/)
    }
    expect(await deployEns({ rpcUrl: anvil.rpcUrl })).toEqual(TEST_ENS)
    expect(await client.getTransactionCount({ address: ENS_DEPLOYER_ADDRESS })).toBe(7)
  })

  it('resolves a registered name and its text records through the universal resolver', async () => {
    await registerEnsName({
      rpcUrl: anvil.rpcUrl,
      name: 'Alice.eth',
      address: alice,
      texts: { avatar: 'https://example.test/alice.png' },
    })
    expect(await getEnsAddress(client, { name: 'alice.eth', universalResolverAddress })).toBe(alice)
    expect(await getEnsText(client, { name: 'alice.eth', key: 'avatar', universalResolverAddress })).toBe(
      'https://example.test/alice.png',
    )
    await setEnsText({ rpcUrl: anvil.rpcUrl, name: 'alice.eth', key: 'avatar', value: 'ipfs://bafyalice' })
    expect(await getEnsText(client, { name: 'alice.eth', key: 'avatar', universalResolverAddress })).toBe(
      'ipfs://bafyalice',
    )
    expect(await getEnsAddress(client, { name: 'nobody.eth', universalResolverAddress })).toBeNull()
  })

  it('gives a primary name only when the name resolves back to the address', async () => {
    await registerEnsName({ rpcUrl: anvil.rpcUrl, name: 'alice.eth', address: alice })
    expect(await getEnsName(client, { address: alice, universalResolverAddress })).toBeNull()
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: alice, name: 'alice.eth' })
    expect(await getEnsName(client, { address: alice, universalResolverAddress })).toBe('alice.eth')
    // bob claims alice.eth as his primary name: it resolves to alice, so bob has no name.
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: bob, name: 'alice.eth' })
    expect(await getEnsName(client, { address: bob, universalResolverAddress })).toBeNull()
    // A primary name that has no resolver at all is no name either.
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: bob, name: 'ghost.eth' })
    expect(await getEnsName(client, { address: bob, universalResolverAddress })).toBeNull()
  })

  it('leaves the account untouched when its primary name is set', async () => {
    const balance = await client.getBalance({ address: alice })
    const nonce = await client.getTransactionCount({ address: alice })
    await registerEnsName({ rpcUrl: anvil.rpcUrl, name: 'alice.eth', address: alice })
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: alice, name: 'alice.eth' })
    expect(await client.getBalance({ address: alice })).toBe(balance)
    expect(await client.getTransactionCount({ address: alice })).toBe(nonce)
    // The reverse registrar still owns addr.reverse, so an account can set its own name the usual way.
    const owner = await client.readContract({
      address: TEST_ENS.registry,
      abi: parseAbi(['function owner(bytes32) view returns (address)']),
      functionName: 'owner',
      args: ['0x91d1777781884d03a6757a803996e38de2a42967fb37eeaca72729271025a9e2'],
    })
    expect(owner).toBe(TEST_ENS.reverseRegistrar)
  })

  it('passes a wildcard resolver through CCIP-Read, forward and in a primary-name check', async () => {
    const { TestCcipResolver } = await compileTestContracts()
    const hash = await rpc<Hex>(anvil.rpcUrl, 'eth_sendTransaction', [
      {
        from: ENS_DEPLOYER_ADDRESS,
        data: encodeDeployData({
          abi: TestCcipResolver.abi,
          bytecode: TestCcipResolver.bytecode,
          args: [gatewayUrl],
        }),
      },
    ])
    const receipt = await client.waitForTransactionReceipt({ hash })
    const resolver = receipt.contractAddress as Address
    await setEnsResolver({ rpcUrl: anvil.rpcUrl, name: 'shop.eth', resolver })
    expect(await getEnsAddress(client, { name: 'bob.shop.eth', universalResolverAddress })).toBe(bob)
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: bob, name: 'bob.shop.eth' })
    expect(await getEnsName(client, { address: bob, universalResolverAddress })).toBe('bob.shop.eth')
    await setEnsPrimaryName({ rpcUrl: anvil.rpcUrl, address: alice, name: 'alice.shop.eth' })
    expect(await getEnsName(client, { address: alice, universalResolverAddress })).toBeNull()
  })
})
