import { fileURLToPath } from 'node:url'
import { expect, type Page, test } from '@playwright/test'
import { approveFarcasterSignIn, registerFid, TEST_FARCASTER_ACCOUNT } from '@portico/test/farcaster'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { farcasterRelayUrl, rpcUrl } from './chains'
import {
  connectButton,
  ethBalance,
  modal,
  openAccountAfterConnecting,
  rpc,
  sendEtherFromAccount,
} from './fixtures'
import { screens, screenshotEverywhere } from './screenshot'

const mobile = screens[1]

const custody = privateKeyToAccount(TEST_FARCASTER_ACCOUNT.custodyKey)
/** The test fid's picture (https only, as the server keeps it), served by the test from the demo's own image. */
const PICTURE = 'https://i.example/portico.png'
const pictureFile = fileURLToPath(
  new URL('../public/ipfs/bafkreiportico0demo0bob0avatar0local0only0/avatar.png', import.meta.url),
)
const frame = (page: Page) => page.frameLocator('iframe[src*="/frame/"]')

/** Opens Connect's Farcaster entry and returns the sign-in link the view shows. */
async function openFarcasterLink(page: Page): Promise<string> {
  await connectButton(page).click()
  await modal(page).getByRole('button', { name: 'Continue with Farcaster' }).click()
  await expect(modal(page)).toHaveAccessibleName('Sign in with Farcaster')
  const link = modal(page).getByRole('link', { name: 'Open in Farcaster' })
  await expect(link).toHaveAttribute('href', /channelToken=/)
  await expect(modal(page).getByRole('img', { name: 'QR code of the Farcaster sign-in link' })).toBeVisible()
  return (await link.getAttribute('href')) as string
}

test('Farcaster login: the test fid approves in its client, and the embedded wallet signs and sends on anvil', async ({
  page,
}) => {
  const fid = await registerFid(rpcUrl(31337), custody.address)
  // The fid's picture, as its host would serve it: Account shows it once the page has checked it.
  await page.route(PICTURE, (route) =>
    route.fulfill({
      path: pictureFile,
      contentType: 'image/png',
      headers: { 'access-control-allow-origin': '*' },
    }),
  )
  await page.goto('/')
  const url = await openFarcasterLink(page)
  await expect(modal(page)).toContainText('Waiting for approval in Farcaster…')
  await screenshotEverywhere(page, 'farcaster-waiting', { screens: [mobile] })
  // The Farcaster app, made of code: it signs with the fid's custody key and completes the channel.
  await approveFarcasterSignIn({
    url,
    relayUrl: farcasterRelayUrl,
    account: custody,
    profile: { fid, username: TEST_FARCASTER_ACCOUNT.username, pfpUrl: PICTURE },
  })
  await openAccountAfterConnecting(page)
  await expect(modal(page)).toContainText(`@${TEST_FARCASTER_ACCOUNT.username}`)
  await expect(modal(page).locator('img.social-picture')).toHaveAttribute('src', /^data:image\/png;base64,/)
  await screenshotEverywhere(page, 'farcaster-account', {
    screens: [mobile],
    show: modal(page).getByText('Logged in with Farcaster'),
  })
  await expect(page.getByTestId('demo-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const address = (await page.getByTestId('demo-address').textContent()) as string

  // Funds for the wallet; the page's 30 s balance cache is aged, as waiting would, before a reload.
  await rpc(31337, 'anvil_setBalance', [address, '0x8ac7230489e80000'])
  await page.evaluate(() => {
    for (const key of Object.keys(localStorage).filter((name) => name.endsWith('Cache')))
      localStorage.removeItem(key)
  })

  // A reload keeps the login: the same wallet, the username from storage.
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(address)
  await page.getByRole('button', { name: /^Account / }).click()
  await expect(modal(page)).toContainText(`@${TEST_FARCASTER_ACCOUNT.username}`)

  // It sends on anvil, approved in the frame.
  const recipient = privateKeyToAccount(generatePrivateKey()).address
  await sendEtherFromAccount(page, '0.25', recipient)
  await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeEnabled()
  await frame(page).getByRole('button', { name: 'Approve' }).click()
  await expect.poll(() => ethBalance(recipient), { timeout: 15_000 }).toBe(250_000_000_000_000_000n)
})

test('Farcaster login: a key that does not hold the fid is refused (360 px, both themes); leaving reloads the frame', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  const fid = await registerFid(rpcUrl(31337), custody.address)
  await page.goto('/')
  const url = await openFarcasterLink(page)
  // Another key claims the test fid: the server finds it is not the fid's custody address.
  await approveFarcasterSignIn({
    url,
    relayUrl: farcasterRelayUrl,
    account: privateKeyToAccount(generatePrivateKey()),
    profile: { fid, username: 'impostor' },
  })
  // The ended login says what happened once: a title, the server's reason alone, no code to scan.
  await expect(modal(page).getByRole('heading', { name: 'Not signed in with Farcaster' })).toBeVisible()
  const refusal = modal(page).getByRole('alert')
  await expect(refusal).toHaveText(/^The Farcaster sign-in was refused: .*owner of fid \d+\.$/)
  await expect(refusal).not.toContainText('did not work')
  await expect(modal(page).getByText('Scan with the Farcaster app')).toHaveCount(0)
  await expect(modal(page).getByRole('img', { name: /QR code|Preparing/ })).toHaveCount(0)
  await expect(modal(page).getByRole('button', { name: 'Get a new link' })).toBeVisible()
  // The signer's address (42 characters without a break) wraps inside the 360 px modal.
  const [text, dialog] = [await refusal.boundingBox(), await modal(page).boundingBox()]
  expect(text && dialog && text.x + text.width <= dialog.x + dialog.width).toBe(true)
  expect(await refusal.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true)
  // ConnectingFarcaster's refusal, which no other screenshot shows, in both themes.
  await screenshotEverywhere(page, 'farcaster-refused', { screens: [mobile] })

  // SPEC §2: leaving while not connected reloads the frame (and re-syncs it 100 ms later).
  const reloaded = page.waitForEvent('framenavigated', (navigated) => navigated.url().includes('/frame/'))
  await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
  await reloaded
  await expect(page.getByTestId('demo-address')).toHaveCount(0)
})
