import {
  EMBEDDED_WALLET_CONNECTOR_ID,
  type EmbeddedWalletUser,
  InvalidResponseError,
  type Network,
  UserRejectedRequestError,
} from '@portico/core'
import { createTestAdapterContext } from '@portico/test'
import { type SolanaTestValidator, startSolanaTestValidator } from '@portico/test/solana'
import { createTestSolanaWallet, type TestSolanaWallet } from '@portico/test/solana/wallet'
import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase58Encoder,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  type SignatureBytes,
  address as toAddress,
  verifySignature,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { SolanaEmbeddedWallet } from './createEmbeddedSolanaWallet.js'
import { defineSolanaNetwork, solanaDevnet } from './networks.js'
import { type SolanaAdapter, solana } from './solana.js'

const SOL = 1_000_000_000n
const EVM_ADDRESS = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'

let validator: SolanaTestValidator
let local: Network
let rpc: ReturnType<typeof createSolanaRpc>
const cleanups: Array<() => unknown> = []

beforeAll(async () => {
  validator = await startSolanaTestValidator()
  rpc = createSolanaRpc(validator.url)
  local = defineSolanaNetwork({
    id: await rpc.getGenesisHash().send(),
    name: 'Test validator',
    rpcUrl: validator.url,
  })
})
afterAll(() => validator?.close())
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

type FrameRequest = { method: string; params?: unknown; chainId?: number | string }

/**
 * The frame's side of the embedded wallet, as the adapter sees it through `createEmbeddedWallet`:
 * `getUser` and an EIP-1193 provider whose Solana requests are signed by a real ed25519 key and sent
 * to the local validator (a test Solana wallet holds the key). `answer` decides each request, as the
 * visitor does on the frame's approval screen.
 */
async function createFrame(options: { solanaAddress?: boolean } = {}) {
  const testWallet: TestSolanaWallet = await createTestSolanaWallet({
    rpcUrl: validator.url,
    seeds: [crypto.getRandomValues(new Uint8Array(32))],
  })
  // The frame holds the key from the login on: the test wallet is connected once, up front.
  await (testWallet.wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
  const account = testWallet.wallet.accounts[0]!
  const requests: FrameRequest[] = []
  let answer: 'approve' | 'reject' | 'loggedOut' = 'approve'
  const base58 = { encode: getBase58Decoder(), decode: getBase58Encoder() }
  const feature = (name: string) =>
    (testWallet.wallet.features as Record<string, unknown>)[name] as Record<string, (input: unknown) => never>
  const refusal = (message: string, code: number) => Object.assign(new Error(message), { code })

  const embedded: SolanaEmbeddedWallet = {
    async getUser(): Promise<EmbeddedWalletUser> {
      if (answer === 'loggedOut') throw refusal('The embedded wallet is not connected: log in first.', 4100)
      return {
        email: 'ada@example.com',
        chainId: 1,
        address: EVM_ADDRESS,
        accountType: 'eoa',
        ...(options.solanaAddress === false ? {} : { solanaAddress: account.address }),
      }
    },
    provider: {
      async request(request) {
        requests.push(request)
        if (answer === 'reject') throw refusal('User rejected the request.', 4001)
        const params = request.params as { message?: string; transaction?: string; options?: object }
        if (request.method === 'solana_signMessage') {
          const [signed] = (await feature('solana:signMessage').signMessage!({
            account,
            message: base58.decode.encode(params.message!),
          })) as unknown as { signature: Uint8Array }[]
          return { signature: base58.encode.decode(signed!.signature) }
        }
        if (request.method === 'solana_signAndSendTransaction') {
          const [sent] = (await feature('solana:signAndSendTransaction').signAndSendTransaction!({
            account,
            transaction: base58.decode.encode(params.transaction!),
            chain: 'solana:localnet',
            options: params.options,
          })) as unknown as { signature: Uint8Array }[]
          return { signature: base58.encode.decode(sent!.signature) }
        }
        throw refusal(`${request.method} is not served here.`, 4200)
      },
    },
  }
  return {
    embedded,
    address: account.address,
    requests,
    answer: (next: typeof answer) => {
      answer = next
    },
  }
}

async function setup(frameOptions: Parameters<typeof createFrame>[0] = {}) {
  const frame = await createFrame(frameOptions)
  const { context, events } = createTestAdapterContext([local, solanaDevnet], true)
  const adapter: SolanaAdapter = solana({ window: new EventTarget(), embeddedWallet: frame.embedded })(
    context,
  )
  adapter.start()
  cleanups.push(() => adapter.destroy())
  return { frame, adapter, events }
}

const lamportsOf = async (owner: string) => (await rpc.getBalance(toAddress(owner)).send()).value

describe('solana({ embeddedWallet }): the e-mail wallet on Solana (SPEC §6)', () => {
  it('is listed as the AUTH connector portico.embedded and connects with the logged-in user’s Solana address', async () => {
    const { frame, adapter, events } = await setup()
    expect(adapter.getConnectors()).toEqual([
      {
        id: EMBEDDED_WALLET_CONNECTOR_ID,
        name: 'E-mail wallet',
        type: 'AUTH',
        namespace: 'solana',
        installed: true,
      },
    ])
    expect(events).toEqual([])
    const result = await adapter.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, network: local })
    expect(result).toEqual({ address: frame.address, accounts: [frame.address], chainId: local.id })
    // Connecting is the login's business: nothing was asked of the frame's approval screen.
    expect(frame.requests).toEqual([])
  })

  it('signs a message through solana_signMessage; the signature verifies against the Solana address', async () => {
    const { frame, adapter } = await setup()
    const { address } = await adapter.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, network: local })
    const message = 'Sign in to Shop'
    const signature = await adapter.signMessage({
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
      address,
      message,
    })
    expect(frame.requests).toEqual([
      {
        method: 'solana_signMessage',
        params: { message: getBase58Decoder().decode(getUtf8Encoder().encode(message)), pubkey: address },
      },
    ])
    const verified = await verifySignature(
      await getPublicKeyFromAddress(toAddress(address)),
      getBase58Encoder().encode(signature) as SignatureBytes,
      getUtf8Encoder().encode(message),
    )
    expect(verified).toBe(true)
  })

  it('sends SOL through solana_signAndSendTransaction on the network’s CAIP-2 id; it lands on the validator', async () => {
    const { frame, adapter } = await setup()
    const { address } = await adapter.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, network: local })
    await validator.airdrop(address, 2n * SOL)
    const to = (await generateKeyPairSigner()).address
    const hash = await adapter.send.send({
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
      address,
      network: local,
      to,
      amount: SOL / 4n,
    })
    expect(await adapter.send.waitForTransaction({ hash, network: local, timeoutMs: 5_000 })).toEqual({
      status: 'success',
    })
    expect(await lamportsOf(to)).toBe(SOL / 4n)
    expect(frame.requests.map((request) => [request.method, request.chainId])).toEqual([
      ['solana_signAndSendTransaction', local.caipNetworkId],
    ])
  })

  it('a request the visitor declines on the frame’s screen rejects with UserRejectedRequestError', async () => {
    const { frame, adapter } = await setup()
    const { address } = await adapter.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, network: local })
    frame.answer('reject')
    await expect(
      adapter.signMessage({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, address, message: 'no' }),
    ).rejects.toBeInstanceOf(UserRejectedRequestError)
  })

  it('switches between the configured Solana networks with the same address', async () => {
    const { adapter, events } = await setup()
    await adapter.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, network: local })
    await adapter.switchNetwork({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, network: solanaDevnet })
    expect(events.at(-1)).toEqual({
      type: 'chainChanged',
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
      chainId: solanaDevnet.id,
    })
  })

  it('comes back on reconnect while logged in, and is gone (undefined) once the frame says logged out (4100)', async () => {
    const { frame, adapter } = await setup()
    expect(await adapter.reconnect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, timeoutMs: 1_000 })).toEqual({
      address: frame.address,
      accounts: [frame.address],
      chainId: local.id,
    })
    frame.answer('loggedOut')
    expect(
      await adapter.reconnect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID, timeoutMs: 1_000 }),
    ).toBeUndefined()
    // An explicit connect while logged out is an error, not "no accounts".
    await expect(adapter.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID })).rejects.toMatchObject({
      details: expect.stringContaining('4100'),
    })
  })

  it('refuses a user without a Solana address with InvalidResponseError', async () => {
    const { adapter } = await setup({ solanaAddress: false })
    await expect(adapter.connect({ connectorId: EMBEDDED_WALLET_CONNECTOR_ID })).rejects.toBeInstanceOf(
      InvalidResponseError,
    )
  })

  it('is not offered without embeddedWallet', () => {
    const { context } = createTestAdapterContext([local], true)
    const adapter = solana({ window: new EventTarget() })(context)
    adapter.start()
    cleanups.push(() => adapter.destroy())
    expect(adapter.getConnectors()).toEqual([])
  })
})
