import { expect, test } from '@playwright/test'
import { createTestWalletConnectWallet, type TestWalletConnectWallet } from '@portico/test/walletconnect'
import { hexToString, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { relayUrl, rpcUrl } from './chains'
import { connectButton, ether, modal, rpc } from './fixtures'
import { screenshot } from './screenshot'

/** A phone's wallet made of code: it pairs through the local relay and signs for a fresh account. */
async function phoneWallet() {
  const account = privateKeyToAccount(generatePrivateKey())
  await rpc(31337, 'anvil_setBalance', [account.address, ether(5n)])
  const wallet = await createTestWalletConnectWallet({
    relayUrl,
    account,
    rpcUrls: { 31337: rpcUrl(31337), 31338: rpcUrl(31338) },
  })
  return { account, wallet }
}

let phone: TestWalletConnectWallet | undefined
test.afterEach(async () => {
  await phone?.close()
  phone = undefined
})

test('WalletConnect: a phone wallet pairs from the QR view, signs, refuses, and the session survives a reload until the wallet ends it', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { account, wallet } = await phoneWallet()
  phone = wallet
  await page.goto('/')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /WalletConnect/ })
    .click()
  await expect(modal(page).getByRole('img', { name: 'WalletConnect pairing code' })).toBeVisible()
  await screenshot(page, 'walletconnect-qr')

  // What the phone's camera would read from the code, through the view's own Copy link.
  await modal(page).getByRole('button', { name: 'Copy link' }).click()
  const uri = await page.evaluate(() => navigator.clipboard.readText())
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.pair(uri)
  await expect(modal(page)).toHaveAccessibleName('Account')
  await expect(page.getByTestId('demo-address')).toHaveText(account.address)

  // Signing is answered on the phone; the signature is the phone's account's.
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(page.getByTestId('demo-signature')).toContainText(/Signature: 0x[0-9a-f]{130}/)
  const signature = ((await page.getByTestId('demo-signature').textContent()) ?? '').replace('Signature: ', '')
  const asked = wallet.requests().find((request) => request.method === 'personal_sign')
  const message = hexToString((asked?.params as [`0x${string}`])[0])
  expect(await verifyMessage({ address: account.address, message, signature: signature as `0x${string}` })).toBe(true)

  // A refusal on the phone reaches the page as the visitor's refusal.
  wallet.setRequestMode('reject')
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(page.getByRole('alert')).toContainText(/rejected/i)
  wallet.setRequestMode('approve')

  // A reload restores the stored session without a new pairing.
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(account.address)

  // The wallet ends the session from its side: the page is disconnected.
  await wallet.disconnect()
  await expect(connectButton(page)).toBeVisible()
})

test('WalletConnect: a phone wallet that refuses the pairing leaves the view with the reason and a new code', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { wallet } = await phoneWallet()
  phone = wallet
  wallet.setMode('reject')
  await page.goto('/')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /WalletConnect/ })
    .click()
  await modal(page).getByRole('button', { name: 'Copy link' }).click()
  await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()))
  await expect(modal(page).getByText('Connection declined')).toBeVisible()
  await screenshot(page, 'walletconnect-declined')
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  await expect(modal(page).getByRole('img', { name: 'WalletConnect pairing code' })).toBeVisible()
})
