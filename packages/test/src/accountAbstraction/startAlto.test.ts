import { createPublicClient, http, parseEther } from 'viem'
import { createBundlerClient } from 'viem/account-abstraction'
import { privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type AnvilInstance, rpc, startAnvil } from '../anvil.js'
import {
  deployAccountAbstraction,
  ENTRY_POINT_08_ADDRESS,
  SIMPLE_7702_ACCOUNT_08_ADDRESS,
  SIMPLE_ACCOUNT_FACTORY_08_ADDRESS,
} from './deployAccountAbstraction.js'
import { type AltoInstance, startAlto } from './startAlto.js'
import { toTestSimpleSmartAccount } from './toTestSimpleSmartAccount.js'

// One chain and one bundler for the whole file: alto takes a few seconds to start.
let anvil: AnvilInstance
let alto: AltoInstance

beforeAll(async () => {
  anvil = await startAnvil({ chainId: foundry.id })
  alto = await startAlto({ rpcUrl: anvil.rpcUrl })
}, 120_000)

afterAll(async () => {
  await alto?.stop()
  await anvil?.stop()
})

describe('deployAccountAbstraction', () => {
  it('puts EntryPoint v0.8, SimpleAccountFactory and Simple7702Account at their public addresses, once', async () => {
    const deployment = await deployAccountAbstraction(anvil)
    expect(deployment).toEqual({
      entryPoint: ENTRY_POINT_08_ADDRESS,
      simpleAccountFactory: SIMPLE_ACCOUNT_FACTORY_08_ADDRESS,
      simple7702Account: SIMPLE_7702_ACCOUNT_08_ADDRESS,
    })
    for (const address of Object.values(deployment)) {
      expect((await rpc<string>(anvil.rpcUrl, 'eth_getCode', [address, 'latest'])).length).toBeGreaterThan(2)
    }
    const nonce = await rpc<string>(anvil.rpcUrl, 'eth_getTransactionCount', [
      '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
      'latest',
    ])
    // A second call finds everything in place and sends nothing.
    await deployAccountAbstraction(anvil)
    expect(
      await rpc<string>(anvil.rpcUrl, 'eth_getTransactionCount', [
        '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
        'latest',
      ]),
    ).toBe(nonce)
  })
})

describe('startAlto', () => {
  it('serves EntryPoint v0.8 and bundles the first user operation of a counterfactual SimpleAccount', async () => {
    expect(await rpc<string[]>(alto.rpcUrl, 'eth_supportedEntryPoints')).toEqual([ENTRY_POINT_08_ADDRESS])
    const client = createPublicClient({ chain: foundry, transport: http(anvil.rpcUrl), pollingInterval: 50 })
    const owner = privateKeyToAccount('0x1111111111111111111111111111111111111111111111111111111111111111')
    const account = await toTestSimpleSmartAccount({ client, owner })
    const address = await account.getAddress()
    expect(await client.getCode({ address })).toBeUndefined()
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    const bundler = createBundlerClient({ client, transport: http(alto.rpcUrl), pollingInterval: 50 })
    const recipient = '0x000000000000000000000000000000000000bEEF'
    const hash = await bundler.sendUserOperation({
      account,
      calls: [{ to: recipient, value: parseEther('0.01') }],
    })
    const receipt = await bundler.waitForUserOperationReceipt({ hash, timeout: 30_000 })
    expect(receipt.success).toBe(true)
    expect(await client.getBalance({ address: recipient })).toBe(parseEther('0.01'))
    expect(await client.getCode({ address })).toMatch(/^0x.+/)
  })

  it('stops the bundler: its port no longer answers', async () => {
    const second = await startAlto({ rpcUrl: anvil.rpcUrl })
    await second.stop()
    await expect(rpc(second.rpcUrl, 'eth_supportedEntryPoints')).rejects.toThrow()
  })
})
