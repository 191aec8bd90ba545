// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { disconnect } from '../connection/disconnect.js'
import { UserRejectedRequestError } from '../errors/base.js'
import {
  connectedSwapAccount,
  ROUTER,
  SWAP_HASH,
  SWAP_TOKENS,
  startSwapTestServer,
} from '../testing/swapServer.testkit.js'
import { approveSwap } from './approveSwap.js'
import { getSwapQuote } from './getSwapQuote.js'
import { swap } from './swap.js'
import { SwapAccountNotFoundError, SwapApprovalRevertedError, SwapRevertedError } from './swapErrors.js'

const { ETH, PUSD, PTK } = SWAP_TOKENS
let server: Awaited<ReturnType<typeof startSwapTestServer>>
beforeEach(async () => {
  server = await startSwapTestServer()
})
afterEach(() => server.close())

describe('swap', () => {
  it("sends the quote's transaction from the wallet, waits for it and tracks SWAP_SUCCESS (SPEC §7)", async () => {
    const { portico, handle, events } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: ETH, to: PUSD, amount: '1' })
    const sent: string[] = []
    expect(await swap(portico, { quote, onSent: (hash) => sent.push(hash) })).toEqual({
      hash: SWAP_HASH,
      status: 'success',
    })
    expect(sent).toEqual([SWAP_HASH])
    expect(handle.calls.find((call) => call.method === 'sendTransaction')?.parameters).toMatchObject({
      connectorId: 'io.metamask',
      address: '0x1111111111111111111111111111111111111111',
      to: ROUTER,
      data: '0x38ed1739',
      value: 10n ** 18n,
      gas: 120_000n,
    })
    expect(events).toEqual([
      {
        type: 'track',
        event: 'SWAP_SUCCESS',
        properties: {
          network: 'eip155:1',
          swapFromToken: 'ETH',
          swapToToken: 'PUSD',
          swapFromAmount: '1',
          swapToAmount: '1983',
          isSmartAccount: false,
        },
      },
    ])
  })

  it('rejects with SwapRevertedError when the chain reverts it (the price moved), and tracks SWAP_ERROR', async () => {
    const { portico, handle, events } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: ETH, to: PUSD, amount: '1' })
    handle.nextReceipt = 'reverted'
    const error = await swap(portico, { quote }).catch((caught) => caught)
    expect(error).toBeInstanceOf(SwapRevertedError)
    expect(error.hash).toBe(SWAP_HASH)
    expect(events.map((event) => event.event)).toEqual(['SWAP_ERROR'])
    expect(events[0]?.properties).toMatchObject({
      swapFromToken: 'ETH',
      swapToToken: 'PUSD',
      isSmartAccount: false,
    })
  })

  it("passes on the wallet's refusal and tracks SWAP_ERROR", async () => {
    const { portico, handle, events } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: ETH, to: PUSD, amount: '1' })
    handle.nextSend = new UserRejectedRequestError()
    await expect(swap(portico, { quote })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(events.map((event) => event.event)).toEqual(['SWAP_ERROR'])
  })

  it('refuses a quote that still needs its approval, before the wallet is asked', async () => {
    const { portico, handle } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: PUSD, to: PTK, amount: '1' })
    await expect(swap(portico, { quote })).rejects.toMatchObject({ problem: 'noTransaction' })
    expect(handle.calls.some((call) => call.method === 'sendTransaction')).toBe(false)
  })
})

describe('approveSwap', () => {
  it('sends the approval; a new quote then carries the swap (SPEC §4)', async () => {
    const { portico, handle } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: PUSD, to: PTK, amount: '10' })
    expect(await approveSwap(portico, { quote })).toEqual({ hash: SWAP_HASH })
    expect(handle.calls.find((call) => call.method === 'sendTransaction')?.parameters).toMatchObject({
      data: '0x095ea7b3',
      value: 0n,
    })
    server.script.approved.add(PUSD.address)
    const again = await getSwapQuote(portico, { from: PUSD, to: PTK, amount: '10' })
    expect(again.approval).toBeUndefined()
    expect(again.transaction).toBeDefined()
  })

  it('tracks SWAP_APPROVAL_ERROR when the visitor declines it (SPEC §7)', async () => {
    const { portico, handle, events } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: PUSD, to: PTK, amount: '10' })
    handle.nextSend = new UserRejectedRequestError()
    await expect(approveSwap(portico, { quote })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(events).toEqual([
      expect.objectContaining({
        event: 'SWAP_APPROVAL_ERROR',
        properties: expect.objectContaining({
          network: 'eip155:1',
          swapFromToken: 'PUSD',
          swapToToken: 'PTK',
          swapFromAmount: '10',
          swapToAmount: '19.83',
          isSmartAccount: false,
        }),
      }),
    ])
  })

  it('rejects with SwapApprovalRevertedError when the chain reverts the approval', async () => {
    const { portico, handle } = await connectedSwapAccount(server)
    const quote = await getSwapQuote(portico, { from: PUSD, to: PTK, amount: '10' })
    handle.nextReceipt = 'reverted'
    await expect(approveSwap(portico, { quote })).rejects.toBeInstanceOf(SwapApprovalRevertedError)
  })
})

describe('without an account', () => {
  it("swap and approveSwap reject with 'Address or auth connector not found' (SPEC §8) and ask no wallet", async () => {
    const { portico, handle } = await connectedSwapAccount(server)
    const approval = await getSwapQuote(portico, { from: PUSD, to: PTK, amount: '10' })
    const quote = await getSwapQuote(portico, { from: ETH, to: PUSD, amount: '1' })
    await disconnect(portico)
    const refused = swap(portico, { quote })
    await expect(refused).rejects.toBeInstanceOf(SwapAccountNotFoundError)
    await expect(refused).rejects.toThrow('Address or auth connector not found')
    await expect(approveSwap(portico, { quote: approval })).rejects.toBeInstanceOf(SwapAccountNotFoundError)
    expect(handle.calls.filter((call) => call.method === 'sendTransaction')).toHaveLength(0)
  })
})
