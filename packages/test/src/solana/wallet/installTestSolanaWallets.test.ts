// @vitest-environment happy-dom
import {
  type Address,
  appendTransactionMessageInstruction,
  type Blockhash,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getTransactionEncoder,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest'
import { DEV_WALLET_ICON, DEV_WALLET_NAME } from '../../wallet/icon.js'
import { type SolanaTestValidator, startSolanaTestValidator } from '../startSolanaTestValidator.js'
import { getSolTransferInstruction } from '../transferInstruction.js'
import { type InstalledTestSolanaWallets, installTestSolanaWallets } from './installTestSolanaWallets.js'
import { SOLANA_TEST_ADDRESSES } from './testSeeds.js'
import type { Wallet, WalletRegisterCallback, WalletsRegisterApi } from './walletStandard.js'

let validator: SolanaTestValidator
const installed: InstalledTestSolanaWallets[] = []

beforeAll(async () => {
  validator = await startSolanaTestValidator()
})
afterAll(() => validator?.close())
/** Takes every wallet off the page, as a reload does. */
function uninstallAll() {
  for (const installation of installed.splice(0)) installation.uninstall()
}
afterEach(() => {
  uninstallAll()
  window.localStorage.clear()
})

async function install(config: Omit<Parameters<typeof installTestSolanaWallets>[0], 'rpcUrl'> = {}) {
  const installation = await installTestSolanaWallets({ rpcUrl: validator.url, ...config })
  installed.push(installation)
  return installation
}

// kit's RPC client trips over happy-dom's AbortSignal, so the page-side reads are plain JSON-RPC.
async function call(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(validator.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  return ((await response.json()) as { result: unknown }).result
}

/** The wallets a Wallet Standard app on this page sees. */
function appWallets(): Wallet[] {
  const wallets: Wallet[] = []
  const api: WalletsRegisterApi = {
    register(...added) {
      wallets.push(...added)
      return () => {}
    },
  }
  const onRegister = (event: Event) => (event as CustomEvent<WalletRegisterCallback>).detail(api)
  window.addEventListener('wallet-standard:register-wallet', onRegister)
  window.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  window.removeEventListener('wallet-standard:register-wallet', onRegister)
  return wallets
}

describe('installTestSolanaWallets', () => {
  test('registers the wallet with the page and exposes its handle on window.__porticoDevSolanaWallets', async () => {
    const { wallets } = await install()
    const handle = wallets['Portico Solana Dev Wallet']
    expect(handle).toBeDefined()
    expect(window.__porticoDevSolanaWallets?.['Portico Solana Dev Wallet']).toBe(handle)
    expect(appWallets()).toEqual([handle?.wallet])
  })

  test('takes the EVM dev wallet’s name and icon, so one wallet shows in both namespaces', async () => {
    await install({ name: DEV_WALLET_NAME, icon: DEV_WALLET_ICON as `data:image/${string}` })
    const [wallet] = appWallets()
    expect([wallet?.name, wallet?.icon]).toEqual(['Portico Dev Wallet', DEV_WALLET_ICON])
    expect(window.__porticoDevSolanaWallets?.['Portico Dev Wallet']).toBeDefined()
  })

  test('signs and sends from the page: the transfer lands on the validator', async () => {
    const { wallets } = await install()
    const handle = wallets['Portico Solana Dev Wallet']
    if (!handle) throw new Error('not installed')
    const [account] = (await handle.wallet.features['standard:connect'].connect()).accounts
    if (!account) throw new Error('no account')
    await validator.airdrop(account.address, 1_000_000_000n)
    const receiver = (await generateKeyPairSigner()).address
    const { value } = (await call('getLatestBlockhash')) as {
      value: { blockhash: Blockhash; lastValidBlockHeight: number }
    }
    const blockhash = { blockhash: value.blockhash, lastValidBlockHeight: BigInt(value.lastValidBlockHeight) }
    const transaction = await partiallySignTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(account.address as Address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstruction(
            getSolTransferInstruction(account.address as Address, receiver, 2_000_000n),
            m,
          ),
      ),
    )
    const [output] = await handle.wallet.features['solana:signAndSendTransaction'].signAndSendTransaction({
      account,
      transaction: new Uint8Array(getTransactionEncoder().encode(transaction)),
      chain: 'solana:localnet',
    })
    const signature = getBase58Decoder().decode(output?.signature as Uint8Array)
    expect(await call('getSignatureStatuses', [[signature]])).toMatchObject({ value: [{ err: null }] })
    expect(await call('getBalance', [receiver])).toMatchObject({ value: 2_000_000 })
  })

  test('with persist, a reload keeps the authorisation and the account, so a silent connect finds it', async () => {
    const first = (await install({ persist: window.localStorage })).wallets['Portico Solana Dev Wallet']
    await first?.wallet.features['standard:connect'].connect()
    first?.setAccount(3)
    uninstallAll()

    const reloaded = (await install({ persist: window.localStorage })).wallets['Portico Solana Dev Wallet']
    const { accounts } = (await reloaded?.wallet.features['standard:connect'].connect({ silent: true })) ?? {}
    expect(accounts?.map((account) => account.address)).toEqual([SOLANA_TEST_ADDRESSES[3]])
  })

  test('with persist, a disconnect is remembered too', async () => {
    const first = (await install({ persist: window.localStorage })).wallets['Portico Solana Dev Wallet']
    await first?.wallet.features['standard:connect'].connect()
    first?.disconnectFromWallet()
    uninstallAll()

    const reloaded = (await install({ persist: window.localStorage })).wallets['Portico Solana Dev Wallet']
    expect((await reloaded?.wallet.features['standard:connect'].connect({ silent: true }))?.accounts).toEqual(
      [],
    )
  })

  test('without persist, every load starts disconnected', async () => {
    const first = (await install()).wallets['Portico Solana Dev Wallet']
    await first?.wallet.features['standard:connect'].connect()
    uninstallAll()
    const reloaded = (await install()).wallets['Portico Solana Dev Wallet']
    expect((await reloaded?.wallet.features['standard:connect'].connect({ silent: true }))?.accounts).toEqual(
      [],
    )
  })

  test('a corrupt or out-of-range saved state starts the wallet fresh', async () => {
    window.localStorage.setItem('portico-dev-solana-wallet:Portico Solana Dev Wallet', '{not json')
    const fresh = (await install({ persist: window.localStorage })).wallets['Portico Solana Dev Wallet']
    expect(fresh?.getState()).toMatchObject({ connected: false, accountIndex: 0 })
    uninstallAll()
    window.localStorage.setItem(
      'portico-dev-solana-wallet:Portico Solana Dev Wallet',
      JSON.stringify({ connected: true, accountIndex: 42 }),
    )
    const clamped = (await install({ persist: window.localStorage })).wallets['Portico Solana Dev Wallet']
    expect(clamped?.getState()).toMatchObject({ connected: true, accountIndex: 0 })
  })

  test('uninstall unregisters the wallet and removes its handle', async () => {
    const installation = await installTestSolanaWallets({ rpcUrl: validator.url })
    installation.uninstall()
    expect(appWallets()).toEqual([])
    expect(window.__porticoDevSolanaWallets?.['Portico Solana Dev Wallet']).toBeUndefined()
  })
})
