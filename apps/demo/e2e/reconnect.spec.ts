import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { createTestWalletConnectWallet, type TestWalletConnectWallet } from '@portico/test/walletconnect'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { relayUrl, rpcUrl, serverUrl } from './chains'
import {
  ACCOUNT_0,
  askForEmailCode,
  connectButton,
  connectWith,
  devWallet,
  enterMailedCode,
  ether,
  modal,
  openAccountAfterConnecting,
  rpc,
} from './fixtures'
import { screenshotEverywhere } from './screenshot'

// A reload whose wallet answers after the page's 3 s is not a "no" (SPEC §9's 3 s is only how long
// the page waits before it shows its state): the button says Reconnecting…, then the account.

const reconnecting = (page: Page) => page.getByRole('button', { name: 'Reconnecting…' })

/** Delays each request matching `url` (and `only`) by `ms` before it goes out; counts them. */
async function delay(
  page: Page,
  url: string | RegExp,
  ms: number,
  only: (type: string) => boolean = () => true,
): Promise<{ delayed: number }> {
  const count = { delayed: 0 }
  await page.route(url, async (route) => {
    if (only(route.request().resourceType())) {
      count.delayed++
      await new Promise((resolve) => setTimeout(resolve, ms))
    }
    await route.fallback()
  })
  return count
}

test('an injected wallet answering eth_accounts after 7 s is still connected after a reload; Reconnecting… in both themes, desktop and phone', async ({
  page,
}) => {
  await page.goto('/')
  await connectWith(page)
  await page.keyboard.press('Escape')
  // Like a locked extension: eth_accounts answers 7 s late, on this load and the next: within the
  // 10 s a browser wallet is given, and long enough for the four screenshots of the waiting page.
  await devWallet(page).setMethodDelay('eth_accounts', 7_000)
  await page.reload()
  await expect(reconnecting(page)).toBeVisible()
  await expect(reconnecting(page)).toHaveAttribute('aria-busy', 'true')
  await expect(page.getByRole('heading', { name: 'Reconnecting…' })).toBeVisible()
  await screenshotEverywhere(page, 'reconnecting')
  // The four shots show the waiting page: it still waits after them.
  await expect(reconnecting(page)).toBeVisible({ timeout: 1 })
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
  await expect(page.getByRole('button', { name: /Account 0xf39F…2266/ })).toBeVisible()
  const stored = await page.evaluate(() => localStorage.getItem('portico:v1:connections'))
  expect(stored).toContain('dev.portico.wallet')
})

test('while a wallet is still reconnecting the modal opens, and picking a wallet there cancels the wait', async ({
  page,
}) => {
  await page.goto('/?wallets=2')
  await connectWith(page)
  await page.keyboard.press('Escape')
  await devWallet(page).setMethodDelay('eth_accounts', 8_000)
  await page.reload()
  await reconnecting(page).click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
  await modal(page)
    .getByRole('button', { name: /Second Dev Wallet/ })
    .click()
  await openAccountAfterConnecting(page)
  const second = (await page.getByTestId('demo-address').textContent()) as string
  // The first wallet's late answer (8 s) does not take the place of the one picked.
  await page.waitForTimeout(6_000)
  await expect(page.getByTestId('demo-address')).toHaveText(second)
  expect(await page.evaluate(() => localStorage.getItem('portico:v1:connections'))).toContain(
    'dev.portico.wallet2',
  )
})

/** Logs in with a code from the mailbox; returns the address and the session token the server gave the frame. */
async function logInWithEmail(page: Page, email: string): Promise<{ address: string; token: string }> {
  await page.goto('/')
  const otpAnswer = page.waitForResponse((response) => response.url().includes('/v1/auth/otp'))
  await askForEmailCode(page, email)
  await enterMailedCode(page, email)
  // Connected: the modal closes by itself.
  await expect(modal(page)).toBeHidden()
  await expect(page.getByTestId('demo-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const { token } = (await (await otpAnswer).json()) as { token: string }
  return { address: (await page.getByTestId('demo-address').textContent()) as string, token }
}

const emailCache = (page: Page) =>
  page.evaluate(() => ({
    email: localStorage.getItem('portico:v1:email'),
    used: localStorage.getItem('portico:v1:emailLoginUsed'),
    connections: localStorage.getItem('portico:v1:connections'),
  }))

test('e-mail wallet: a reload whose frame page and server answers come after 3 s, on a CPU slowed ×4, keeps the visitor logged in', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const email = `slow-${Date.now()}@example.com`
  const { address } = await logInWithEmail(page, email)

  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 })
  // The frame's page, and each answer of the server's e-mail login API, arrive 3.5 s late.
  const framePage = await delay(page, `${serverUrl}/frame/**`, 3_500, (type) => type === 'document')
  const authAnswers = await delay(page, `${serverUrl}/v1/auth/**`, 3_500)
  await page.reload()
  await expect(reconnecting(page)).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('demo-address')).toHaveText(address, { timeout: 45_000 })
  expect(framePage.delayed).toBeGreaterThan(0)
  expect(authAnswers.delayed).toBeGreaterThan(0)
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 })
  expect(await emailCache(page)).toMatchObject({ email: JSON.stringify(email), used: 'true' })
})

test('e-mail wallet: a session signed out on the server while the page was closed ends in Not connected, its cache cleared', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  const email = `revoked-${Date.now()}@example.com`
  const { token } = await logInWithEmail(page, email)
  expect((await emailCache(page)).used).toBe('true')
  await page.close()

  // Signed out on the server: what another device, or an expiry, does while this page is closed.
  const signOut = await fetch(`${serverUrl}/v1/auth/signout?projectId=portico-demo`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'x-portico-origin': new URL(serverUrl).origin },
  })
  expect(signOut.status).toBe(204)

  const again = await context.newPage()
  await again.goto('/')
  await expect(again.getByRole('heading', { name: 'Not connected' })).toBeVisible({ timeout: 20_000 })
  await expect(connectButton(again)).toBeVisible()
  await expect.poll(() => emailCache(again)).toMatchObject({ email: null, used: null })
  expect((await emailCache(again)).connections ?? '').not.toContain('portico.embedded')
})

/** The vite manifest's chunks of the WalletConnect service and client, which a page loads lazily. */
function walletConnectChunks(): string[] {
  const manifest = JSON.parse(
    readFileSync(new URL('../dist-e2e/.vite/manifest.json', import.meta.url), 'utf8'),
  ) as Record<string, { file: string }>
  return Object.entries(manifest)
    .filter(([source]) => /walletconnect/i.test(source))
    .map(([, chunk]) => chunk.file)
}

let phone: TestWalletConnectWallet | undefined
test.afterEach(async () => {
  await phone?.close()
  phone = undefined
})

test('WalletConnect: a reload whose WalletConnect client downloads 5 s late keeps the session', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const account = privateKeyToAccount(generatePrivateKey())
  await rpc(31337, 'anvil_setBalance', [account.address, ether(1n)])
  phone = await createTestWalletConnectWallet({
    relayUrl,
    account,
    rpcUrls: { 31337: rpcUrl(31337), 31338: rpcUrl(31338) },
  })
  await page.goto('/')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /WalletConnect/ })
    .click()
  await modal(page).getByRole('button', { name: 'Copy link' }).click()
  await phone.pair(await page.evaluate(() => navigator.clipboard.readText()))
  await expect(page.getByTestId('demo-address')).toHaveText(account.address)

  const chunks = walletConnectChunks()
  expect(chunks.length).toBeGreaterThan(0)
  for (const file of chunks) await delay(page, `**/${file}`, 5_000)
  await page.reload()
  await expect(reconnecting(page)).toBeVisible()
  await expect(page.getByTestId('demo-address')).toHaveText(account.address, { timeout: 30_000 })
})
