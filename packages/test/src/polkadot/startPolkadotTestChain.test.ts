import { createServer } from 'node:net'
import '@polkadot/api-augment'
import type { ApiPromise } from '@polkadot/api'
import type { SubmittableExtrinsic } from '@polkadot/api/types'
import { Keyring } from '@polkadot/keyring'
import type { KeyringPair } from '@polkadot/keyring/types'
import { cryptoWaitReady } from '@polkadot/util-crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getFreePort } from '../anvil.js'
import { connectPolkadotApi } from './connectPolkadotApi.js'
import {
  type PolkadotTestChain,
  PolkadotTestChainStartError,
  startPolkadotTestChain,
} from './startPolkadotTestChain.js'
import {
  POLKADOT_TEST_ACCOUNT_BALANCE,
  POLKADOT_TEST_ACCOUNTS,
  POLKADOT_TEST_CHAIN_ID,
  POLKADOT_TEST_GENESIS_HASH,
} from './testAccounts.js'

// One chain for the whole file: starting one loads a runtime (10–16 s).
let chain: PolkadotTestChain
let api: ApiPromise
let alice: KeyringPair
let bob: KeyringPair

beforeAll(async () => {
  chain = await startPolkadotTestChain()
  api = await connectPolkadotApi(chain.wsUrl)
  await cryptoWaitReady()
  const keyring = new Keyring({ type: 'sr25519', ss58Format: 2 })
  alice = keyring.addFromUri('//Alice')
  bob = keyring.addFromUri('//Bob')
}, 120_000)

afterAll(async () => {
  await api?.disconnect()
  await chain?.stop()
})

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

const free = async (address: string) => (await api.query.system.account(address)).data.free.toBigInt()

interface Outcome {
  fee: bigint
  error?: string
}

/** Submits and waits for inclusion; returns the fee the sender paid and the dispatch error's name. */
async function submit(extrinsic: SubmittableExtrinsic<'promise'>, signer: KeyringPair): Promise<Outcome> {
  // @polkadot/api answers the same system_accountNextIndex call from a cache for about 2 s, so a
  // second send right after an inclusion would reuse the spent nonce (1010 stale): read it from state.
  const { nonce } = await api.query.system.account(signer.address)
  return new Promise((resolve, reject) => {
    extrinsic
      .signAndSend(signer, { nonce }, ({ status, events, dispatchError }) => {
        // The chain builds blocks at once: the status may skip InBlock and arrive as Finalized.
        if (!status.isInBlock && !status.isFinalized) return
        let fee = 0n
        // This runtime reports the fee only as the sender's balances.Withdraw.
        for (const { event } of events)
          if (api.events.balances.Withdraw.is(event) && event.data[0].eq(signer.address))
            fee += event.data[1].toBigInt()
        let error: string | undefined
        if (dispatchError?.isModule) {
          const { section, name } = api.registry.findMetaError(dispatchError.asModule)
          error = `${section}.${name}`
        } else if (dispatchError) error = dispatchError.toString()
        resolve({ fee, ...(error === undefined ? {} : { error }) })
      })
      .catch(reject)
  })
}

describe('startPolkadotTestChain', () => {
  it('reports the genesis hash, prefix, token and existential deposit the chain itself reports', async () => {
    expect(chain.wsUrl).toMatch(/^ws:\/\/127\.0\.0\.1:\d+$/)
    expect(chain.httpUrl).toBe(chain.wsUrl.replace('ws:', 'http:'))
    expect(api.genesisHash.toHex()).toBe(chain.genesisHash)
    expect(chain.genesisHash).toBe(POLKADOT_TEST_GENESIS_HASH)
    expect(chain.caip2).toBe(POLKADOT_TEST_CHAIN_ID)
    expect(api.registry.chainSS58).toBe(chain.ss58Prefix)
    expect(api.registry.chainDecimals).toEqual([chain.decimals])
    expect(api.registry.chainTokens).toEqual([chain.symbol])
    expect(api.consts.balances.existentialDeposit.toBigInt()).toBe(chain.existentialDeposit)
    expect(chain.existentialDeposit).toBeGreaterThan(0n)
  })

  it('answers JSON-RPC over HTTP on the same port', async () => {
    const response = await fetch(chain.httpUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'chain_getBlockHash', params: [0] }),
    })
    expect(await response.json()).toMatchObject({ result: chain.genesisHash })
  })

  it('funds every test account, readable with @polkadot/api', async () => {
    for (const account of POLKADOT_TEST_ACCOUNTS)
      expect(await free(account.address)).toBe(POLKADOT_TEST_ACCOUNT_BALANCE)
  })

  it('moves the amount of a transferKeepAlive plus its fee', async () => {
    const amount = 1_234_567_890_000n
    const [aliceBefore, bobBefore] = [await free(alice.address), await free(bob.address)]
    const outcome = await submit(api.tx.balances.transferKeepAlive(bob.address, amount), alice)
    expect(outcome.error).toBeUndefined()
    expect(outcome.fee).toBeGreaterThan(0n)
    expect(await free(bob.address)).toBe(bobBefore + amount)
    expect(await free(alice.address)).toBe(aliceBefore - amount - outcome.fee)
  })

  it('fails an overspend with the balances module error name', async () => {
    const bobBefore = await free(bob.address)
    const outcome = await submit(api.tx.balances.transferKeepAlive(bob.address, bobBefore * 2n), alice)
    expect(outcome.error).toBe('balances.InsufficientBalance')
    expect(await free(bob.address)).toBe(bobBefore)
  })

  it('sets a balance, keeping the nonce, and builds a block so subscribers see it', async () => {
    const nonce = (await api.query.system.account(alice.address)).nonce.toNumber()
    expect(nonce).toBeGreaterThan(0)
    const seen: bigint[] = []
    const unsubscribe = await api.query.system.account(alice.address, (info) => {
      seen.push(info.data.free.toBigInt())
    })
    await chain.setBalance(alice.address, 42n * 10n ** 12n)
    await expect.poll(() => seen.at(-1), { timeout: 10_000 }).toBe(42n * 10n ** 12n)
    unsubscribe()
    expect((await api.query.system.account(alice.address)).nonce.toNumber()).toBe(nonce)
    // A new account is created by its balance.
    const stranger = new Keyring({ type: 'sr25519', ss58Format: 2 }).addFromUri('//Stranger')
    await chain.setBalance(stranger.address, 5n * 10n ** 12n)
    expect(await free(stranger.address)).toBe(5n * 10n ** 12n)
  })

  it('builds a block on demand', async () => {
    const before = (await api.rpc.chain.getHeader()).number.toNumber()
    expect(await chain.newBlock()).toBe(before + 1)
  })

  it('refuses a taken port instead of moving to another one', async () => {
    await expect(startPolkadotTestChain({ port: chain.port })).rejects.toThrow(PolkadotTestChainStartError)
    await expect(startPolkadotTestChain({ port: chain.port })).rejects.toThrow(
      `Port ${chain.port} on 127.0.0.1 is already in use`,
    )
  })

  it('refuses a port that is not one', async () => {
    await expect(startPolkadotTestChain({ port: 70_000 })).rejects.toThrow(RangeError)
  })

  it('frees its port once stopped', async () => {
    await api.disconnect()
    await chain.stop()
    expect(await portIsFree(chain.port)).toBe(true)
  })

  it('gives up with a clear error past its bound, and stops the late start once it finishes', async () => {
    const port = await getFreePort()
    await expect(startPolkadotTestChain({ port, readyTimeoutMs: 1 })).rejects.toThrow(
      new PolkadotTestChainStartError(
        'The Polkadot test chain was not ready within 1 ms (loading the runtime usually takes 10–16 s; is the machine busy?).',
      ),
    )
    // The start goes on (the runtime cannot be interrupted while it loads) and listens meanwhile;
    // once it has finished, the chain is stopped and the port freed.
    await expect.poll(() => portIsFree(port), { timeout: 10_000, interval: 100 }).toBe(false)
    await expect.poll(() => portIsFree(port), { timeout: 90_000, interval: 500 }).toBe(true)
  }, 120_000)
})
