import { expect, type Page, test } from '@playwright/test'
import {
  createTestWalletConnectWallet,
  startWalletConnectRelay,
  type TestWalletConnectWallet,
} from '@portico/test/walletconnect'
import { hexToString, verifyMessage } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { relayUrl, rpcUrl } from './chains'
import {
  connectButton,
  ethBalance,
  ether,
  modal,
  openAccountAfterConnecting,
  rpc,
  sendEtherFromAccount,
} from './fixtures'
import { screenshot } from './screenshot'

/**
 * A phone's wallet made of code: it pairs through the local relay and signs for a fresh account.
 * `authenticate: false` makes it a wallet that cannot sign in while pairing.
 */
async function phoneWallet(options: { authenticate?: boolean } = {}) {
  const account = privateKeyToAccount(generatePrivateKey())
  await rpc(31337, 'anvil_setBalance', [account.address, ether(5n)])
  const wallet = await createTestWalletConnectWallet({
    relayUrl,
    account,
    rpcUrls: { 31337: rpcUrl(31337), 31338: rpcUrl(31338) },
    ...options,
  })
  return { account, wallet }
}

/** Opens the demo at `path`, picks WalletConnect in Connect, and waits for its QR code. */
async function openPairing(page: Page, path = '/') {
  await page.goto(path)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /WalletConnect/ })
    .click()
  await expect(modal(page).getByRole('img', { name: 'WalletConnect pairing code' })).toBeVisible()
}

/** What a phone's camera would read from the QR code, through the view's own Copy link. */
async function copyPairingLink(page: Page): Promise<string> {
  await modal(page).getByRole('button', { name: 'Copy link' }).click()
  return page.evaluate(() => navigator.clipboard.readText())
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
  await openPairing(page)
  await screenshot(page, 'walletconnect-qr')
  const uri = await copyPairingLink(page)
  expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
  await wallet.pair(uri)
  await openAccountAfterConnecting(page)
  await expect(page.getByTestId('demo-address')).toHaveText(account.address)

  // Sending from the modal is approved on the phone, which sends it on the chain.
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await sendEtherFromAccount(page, '1.25', receiver)
  await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible()
  expect(await ethBalance(receiver)).toBe(1_250_000_000_000_000_000n)
  expect(wallet.requests().some((request) => request.method === 'eth_sendTransaction')).toBe(true)
  await page.keyboard.press('Escape')

  // Signing is answered on the phone; the signature is the phone's account's.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(page.getByTestId('demo-signature')).toContainText(/Signature: 0x[0-9a-f]{130}/)
  const signature = ((await page.getByTestId('demo-signature').textContent()) ?? '').replace(
    'Signature: ',
    '',
  )
  const asked = wallet.requests().find((request) => request.method === 'personal_sign')
  const [hex] = (asked?.params ?? ['0x']) as [`0x${string}`]
  const message = hexToString(hex)
  expect(
    await verifyMessage({ address: account.address, message, signature: signature as `0x${string}` }),
  ).toBe(true)

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

test('WalletConnect with sign-in on: the phone signs the site in while pairing, and is not asked to sign again', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { account, wallet } = await phoneWallet()
  phone = wallet
  await openPairing(page, '/?siwx=required&namespaces=eip155')
  await wallet.pair(await copyPairingLink(page))
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
  await expect(page.getByTestId('demo-address')).toHaveText(account.address)
  // Signed in while pairing: nothing is left to ask, so the modal closes.
  await expect(modal(page)).toBeHidden()
  expect(wallet.authentications()).toHaveLength(1)
  expect(wallet.requests().filter((request) => request.method === 'personal_sign')).toEqual([])
  // The Portico server verified and kept the session: it is found again after a reload.
  await page.reload()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
})

test('WalletConnect with sign-in on: a phone wallet that cannot sign in while pairing is asked to sign after connecting', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { wallet } = await phoneWallet({ authenticate: false })
  phone = wallet
  await openPairing(page, '/?siwx=required&namespaces=eip155')
  await wallet.pair(await copyPairingLink(page))
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
  expect(wallet.requests().filter((request) => request.method === 'personal_sign')).toHaveLength(1)
})

test('basic WalletConnect mode (no adapters): the modal opens on the pairing, shows the phone’s account, restores it, and disconnecting ends the session', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { account, wallet } = await phoneWallet()
  phone = wallet
  await page.goto('/?basic=1')
  await connectButton(page).click()
  // No Connect view: with no adapters the pairing is the first view (SPEC §2).
  await expect(modal(page).getByRole('img', { name: 'WalletConnect pairing code' })).toBeVisible()
  await screenshot(page, 'walletconnect-basic-qr')
  await wallet.pair(await copyPairingLink(page))
  await openAccountAfterConnecting(page)
  await expect(page.getByTestId('demo-address')).toHaveText(account.address)
  // The session asked for the site's chains with no methods: the site sends its own requests.
  expect(wallet.sessions()[0]?.namespaces.eip155?.accounts).toContain(`eip155:31337:${account.address}`)

  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(account.address)
  await page.getByRole('button', { name: /^Account 0x/ }).click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).toBeVisible()
  await expect.poll(() => wallet.sessions().length).toBe(0)
})

test('WalletConnect: a phone wallet that refuses the pairing leaves the view with the reason and a new code', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { wallet } = await phoneWallet()
  phone = wallet
  wallet.setMode('reject')
  await openPairing(page)
  await wallet.pair(await copyPairingLink(page))
  await expect(modal(page).getByText('Connection declined')).toBeVisible()
  await screenshot(page, 'walletconnect-declined')
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  await expect(modal(page).getByRole('img', { name: 'WalletConnect pairing code' })).toBeVisible()
})

test('WalletConnect: an expired pairing code is replaced by a new one, and the new one pairs', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const { account, wallet } = await phoneWallet()
  phone = wallet
  // Long enough for the wallet to pair on a busy two-core machine, short enough for the test.
  await openPairing(page, '/?wcPairingTtl=8000')
  const copied = () => copyPairingLink(page)
  const first = await copied()
  // Polled often, so the new code is read early in its 8 s life and paired before it is replaced too.
  await expect.poll(copied, { timeout: 25_000, intervals: [100] }).not.toBe(first)
  await wallet.pair(await copied())
  await expect(page.getByTestId('demo-address')).toHaveText(account.address)
})

test('WalletConnect on a phone: AllWallets lists the installed wallets first, finds a mobile wallet, and opens it by its own link', async ({
  browser,
}) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  })
  try {
    const { account, wallet } = await phoneWallet()
    phone = wallet
    const page = await context.newPage()
    await page.goto('/')
    await connectButton(page).click()
    await modal(page)
      .getByRole('button', { name: /All Wallets/ })
      .click()
    await expect(modal(page)).toHaveAccessibleName('All wallets')
    const rows = modal(page).getByRole('listitem')
    // SPEC §9 order: WalletConnect first, then the wallets in this browser, then the registry's.
    await expect(rows.nth(0)).toContainText('WalletConnect')
    await expect(rows.nth(1)).toContainText('Portico Dev Wallet')
    await expect(modal(page).getByRole('button', { name: /Rainbow/ })).toBeVisible()
    await screenshot(page, 'walletconnect-allwallets-mobile')
    await modal(page).getByRole('searchbox').fill('rainb')
    await expect(rows).toHaveCount(1)
    await modal(page)
      .getByRole('button', { name: /Rainbow/ })
      .click()
    const open = modal(page).getByRole('link', { name: 'Open and continue in a new browser tab' })
    await expect(open).toBeVisible()
    await screenshot(page, 'walletconnect-open-mobile')
    const href = (await open.getAttribute('href')) ?? ''
    const link = new URL(href)
    expect(link.protocol).toBe('https:')
    expect(link.pathname.endsWith('/wc')).toBe(true)
    const uri = link.searchParams.get('uri') ?? ''
    expect(uri).toMatch(/^wc:[0-9a-f]{64}@2\?/)
    // The wallet app opened by that link pairs with the URI it carries.
    await wallet.pair(uri)
    await expect(page.getByTestId('demo-address')).toHaveText(account.address)
  } finally {
    await context.close()
  }
})

test("the demo's phone page pairs with the demo like a phone's wallet app", async ({ page, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await openPairing(page)
  const uri = await copyPairingLink(page)

  const phonePage = await context.newPage()
  await phonePage.goto('/phone.html')
  await phonePage.getByLabel('Account').selectOption('2')
  await phonePage.getByLabel('Pairing link (wc:…)').fill(uri)
  await phonePage.getByRole('button', { name: 'Pair' }).click()
  await expect(phonePage.getByRole('status')).toHaveText('Paired: answer the site from here.')
  await screenshot(phonePage, 'walletconnect-phone-page')

  await expect(page.getByTestId('demo-address')).toHaveText('0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC')
  await page.keyboard.press('Escape')
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(page.getByTestId('demo-signature')).toContainText(/Signature: 0x[0-9a-f]{130}/)
  await expect(phonePage.getByRole('listitem').first()).toContainText('personal_sign')
})

test("a relay that refuses the site's project id: the visitor reads why, the console gives the relay's reason", async ({
  page,
}) => {
  // Like WalletConnect's public relay for an id its operator did not issue: close code 3000.
  const refusing = await startWalletConnectRelay({ projectIds: ['issued-by-the-operator'], log: () => {} })
  try {
    const warnings: string[] = []
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text())
    })
    await page.goto(`/?wcRelayUrl=${encodeURIComponent(refusing.url)}`)
    await connectButton(page).click()
    await modal(page)
      .getByRole('button', { name: /WalletConnect/ })
      .click()
    await expect(modal(page)).toContainText(
      'Mobile wallets cannot connect to this site right now: the WalletConnect network refused its project ID.',
    )
    await expect(modal(page).getByRole('img', { name: 'WalletConnect pairing code' })).toHaveCount(0)
    await expect
      .poll(() => warnings.join('\n'))
      .toMatch(/refused project id "portico-demo": Unauthorized: invalid key/)
  } finally {
    await refusing.close()
  }
})
