import { createPublicClient, http } from 'viem'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_ADDRESSES, ANVIL_INITIAL_BALANCE } from './accounts.js'
import { type AnvilInstance, revert, rpc, snapshot, startAnvil } from './anvil.js'

describe('startAnvil', () => {
  let anvil: AnvilInstance
  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31_401 })
  })
  afterAll(() => anvil.stop())

  it('serves the requested chain id on 127.0.0.1', async () => {
    expect(anvil.rpcUrl).toBe(`http://127.0.0.1:${anvil.port}`)
    expect(await rpc(anvil.rpcUrl, 'eth_chainId')).toBe('0x7aa9')
  })

  it('funds the well-known accounts whose keys are exported', async () => {
    const accounts = await rpc<string[]>(anvil.rpcUrl, 'eth_accounts')
    expect(accounts.slice(0, ANVIL_ADDRESSES.length).map((a) => a.toLowerCase())).toEqual(
      ANVIL_ADDRESSES.map((a) => a.toLowerCase()),
    )
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await client.getBalance({ address: ANVIL_ADDRESSES[4]! })).toBe(ANVIL_INITIAL_BALANCE)
  })

  it('reverts the chain to a snapshot', async () => {
    const id = await snapshot(anvil.rpcUrl)
    await rpc(anvil.rpcUrl, 'anvil_setBalance', [ANVIL_ADDRESSES[3], '0x1'])
    await revert(anvil.rpcUrl, id)
    const client = createPublicClient({ transport: http(anvil.rpcUrl) })
    expect(await client.getBalance({ address: ANVIL_ADDRESSES[3]! })).toBe(ANVIL_INITIAL_BALANCE)
  })

  it('fails with anvil stderr when the port is taken', async () => {
    await expect(startAnvil({ chainId: 31_402, port: anvil.port, readyTimeoutMs: 5000 })).rejects.toThrow(
      /anvil exited \(code \d+\)[\s\S]*in use/i,
    )
  })

  it('stops the node', async () => {
    const other = await startAnvil({ chainId: 31_403 })
    await other.stop()
    await expect(rpc(other.rpcUrl, 'eth_chainId')).rejects.toThrow()
  })
})
