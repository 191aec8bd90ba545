// @vitest-environment happy-dom

import { stringToHex, stringToU8a, u8aWrapBytes } from '@polkadot/util'
import { cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { createKeyPairSignerFromPrivateKeyBytes, type SignatureBytes, verifySignature } from '@solana/kit'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ANVIL_ADDRESSES } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { POLKADOT_TEST_ACCOUNTS } from './polkadot/testAccounts.js'
import { POLKADOT_DEV_WALLET } from './polkadot/wallet/createTestPolkadotExtension.js'
import type { PolkadotDevWalletsWindow } from './polkadot/wallet/installTestPolkadotExtension.js'
import { startSolanaTestValidator } from './solana/startSolanaTestValidator.js'
import type { TestSolanaWalletStandard } from './solana/wallet/createTestSolanaWallet.js'
import type { Wallet, WalletAccount, WalletRegisterCallback } from './solana/wallet/walletStandard.js'
import { buildTestWalletScript } from './testWalletScript.js'
import { DEV_WALLET_NAME } from './wallet/icon.js'

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31_431 })
})
afterAll(() => anvil?.stop())

it('builds a self-contained script that installs working dev wallets in a page', async () => {
  const script = await buildTestWalletScript({
    chains: [{ chainId: 31_431, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
    second: true,
  })
  expect(script).not.toMatch(/\bimport\s*[{*]|require\(/)
  const announced: string[] = []
  window.addEventListener('eip6963:announceProvider', (event) =>
    announced.push((event as CustomEvent<{ info: { rdns: string } }>).detail.info.rdns),
  )
  // Runs the script the way a browser runs an init script: as plain code in the page.
  new Function(script)()
  expect(announced).toEqual(['dev.portico.wallet', 'dev.portico.wallet2'])
  const wallet = window.__porticoDevWallets?.['dev.portico.wallet']
  expect(await wallet?.request({ method: 'eth_requestAccounts' })).toContain(ANVIL_ADDRESSES[0])
  expect(await wallet?.request({ method: 'eth_getBalance', params: [ANVIL_ADDRESSES[0], 'latest'] })).toMatch(
    /^0x/,
  )
})

it('with solana, the script also registers a Wallet Standard Solana wallet that signs, keeping the EVM wallet', async () => {
  const validator = await startSolanaTestValidator()
  try {
    const seed = Array.from({ length: 32 }, (_, index) => index)
    const script = await buildTestWalletScript({
      chains: [{ chainId: 31_431, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
      solana: { rpcUrl: validator.url, name: DEV_WALLET_NAME, seeds: [seed], persist: true },
    })
    expect(script).not.toMatch(/\bimport\s*[{*]|require\(/)
    const announced: string[] = []
    window.addEventListener('eip6963:announceProvider', (event) =>
      announced.push((event as CustomEvent<{ info: { name: string } }>).detail.info.name),
    )
    const registered = new Promise<Wallet>((resolve) =>
      window.addEventListener('wallet-standard:register-wallet', (event) =>
        (event as CustomEvent<WalletRegisterCallback>).detail({
          register: (wallet) => {
            resolve(wallet)
            return () => {}
          },
        }),
      ),
    )
    // kit's browser build signs only in a secure context, as a page on http://localhost is; happy-dom
    // does not say so itself.
    Object.defineProperty(globalThis, 'isSecureContext', { value: true, configurable: true })
    new Function(script)()
    expect(announced).toEqual(['Portico Dev Wallet'])
    const wallet = (await registered) as TestSolanaWalletStandard
    expect(wallet.name).toBe('Portico Dev Wallet')
    expect(window.__porticoDevSolanaWallets?.['Portico Dev Wallet']?.wallet).toBe(wallet)
    const [account] = (await wallet.features['standard:connect'].connect()).accounts
    const expected = await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed))
    expect(account?.address).toBe(expected.address)
    const message = new TextEncoder().encode('hello')
    const [signed] = await wallet.features['solana:signMessage'].signMessage({
      account: account as WalletAccount,
      message,
    })
    expect(
      await verifySignature(expected.keyPair.publicKey, signed?.signature as SignatureBytes, message),
    ).toBe(true)
    // persist: true keeps the authorisation in the page's localStorage.
    expect(
      JSON.parse(window.localStorage.getItem('portico-dev-solana-wallet:Portico Dev Wallet') ?? '{}'),
    ).toEqual({
      connected: true,
      accountIndex: 0,
    })
  } finally {
    Reflect.deleteProperty(globalThis, 'isSecureContext')
    await validator.close()
  }
})

it('with polkadot, the script also injects the Polkadot dev extension, which signs with <Bytes> wrapping', async () => {
  const script = await buildTestWalletScript({
    chains: [{ chainId: 31_431, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
    polkadot: { ss58Prefix: 2, persist: true },
  })
  expect(script).not.toMatch(/\bimport\s*[{*]|require\(/)
  new Function(script)()
  const provider = (window as unknown as PolkadotDevWalletsWindow).injectedWeb3?.[POLKADOT_DEV_WALLET.key]
  const injected = await provider?.enable('Script test')
  const [alice] = (await injected?.accounts.get()) ?? []
  expect(alice?.address).toBe(POLKADOT_TEST_ACCOUNTS[0]?.address)
  const { signature } = (await injected?.signer.signRaw({
    address: alice?.address as string,
    data: stringToHex('hello'),
    type: 'bytes',
  })) ?? { signature: '0x' }
  await cryptoWaitReady()
  expect(
    signatureVerify(u8aWrapBytes(stringToU8a('hello')), signature, alice?.address as string).isValid,
  ).toBe(true)
  expect(
    JSON.parse(window.localStorage.getItem(`portico-dev-polkadot-wallet:${POLKADOT_DEV_WALLET.key}`) ?? '{}'),
  ).toMatchObject({
    authorized: true,
  })
})
