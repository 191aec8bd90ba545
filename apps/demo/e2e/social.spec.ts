import { expect, type Page, test } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import {
  connectButton,
  ethBalance,
  ether,
  modal,
  openAccountAfterConnecting,
  rpc,
  sendEtherFromAccount,
} from './fixtures'
import { screens, screenshotEverywhere } from './screenshot'

const mobile = screens[1]

// Social logins end to end: the real server (its OAuth client), the real frame, and the loopback
// oidc-provider stand-in of @portico/test/social for each provider's endpoints; users `alice`
// (verified e-mail) and `bob` (unverified) log in on its consent page. This Chromium blocks the
// third-party frame's localStorage (third-party cookies are blocked), so the full-page redirect also
// shows that the frame keeps its pending login in its partitioned cookies across the page load.

const ALL = 'google,x,discord,github,apple,facebook'
const frame = (page: Page) => page.frameLocator('iframe[src*="/frame/"]')

/** Clicks a provider in Connect and answers its consent page in the window that opens. */
async function logInThroughWindow(page: Page, provider: string, choice: 'alice' | 'bob' | 'deny') {
  const opened = page.waitForEvent('popup')
  await modal(page)
    .getByRole('button', { name: `Continue with ${provider}` })
    .click()
  const popup = await opened
  await expect(modal(page)).toHaveAccessibleName('Log in')
  await popup.waitForLoadState()
  await popup
    .getByRole('button', { name: choice === 'deny' ? 'Deny' : new RegExp(`Continue as ${choice}`, 'i') })
    .click()
  return popup
}

async function address(page: Page): Promise<string> {
  await expect(page.getByTestId('demo-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  return (await page.getByTestId('demo-address').textContent()) as string
}

/**
 * Signs a message from the connected embedded wallet after a reload (the login stays) and sends
 * 0.5 ETH on anvil, each approved in the frame.
 */
async function signAndSend(page: Page, from: string) {
  await rpc(31337, 'anvil_setBalance', [from, ether(2n)])
  // The page keeps balances 30 s (SPEC §9): drop them before the reload.
  await page.evaluate(() => {
    for (const key of ['portico:v1:nativeBalanceCache', 'portico:v1:portfolioCache'])
      localStorage.removeItem(key)
  })
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(from)
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(modal(page)).toHaveAccessibleName('Approve request')
  await frame(page).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('demo-signature')).toContainText(/Signature: 0x[0-9a-f]{130}/)
  await page.getByRole('button', { name: /^Account / }).click()
  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await sendEtherFromAccount(page, '0.5', receiver)
  await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeEnabled()
  await frame(page).getByRole('button', { name: 'Approve' }).click()
  await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible()
  expect(await ethBalance(receiver)).toBe(500_000_000_000_000_000n)
}

test('two providers through their windows, each its own wallet that signs and sends after a reload', async ({
  page,
}) => {
  test.setTimeout(90_000)
  await page.goto(`/?socials=${ALL}`)
  await connectButton(page).click()
  await expect(modal(page).getByRole('region', { name: 'Social logins' })).toBeVisible()
  await screenshotEverywhere(page, 'social-connect', { screens: [mobile] })
  const github = await logInThroughWindow(page, 'GitHub', 'alice')
  // The window comes back to the site's page, whose Portico relays the proof to its frame and closes it.
  await github.waitForEvent('close')
  await openAccountAfterConnecting(page)
  await expect(modal(page)).toContainText('alice')
  await expect(modal(page)).toContainText('Logged in with GitHub')
  await screenshotEverywhere(page, 'social-account', {
    screens: [mobile],
    show: modal(page).getByText('Logged in with GitHub'),
  })
  const first = await address(page)
  await signAndSend(page, first)
  // Done leads to Account, which after the reload still names the login (from storage).
  await modal(page).getByRole('button', { name: 'Done' }).click()
  await expect(modal(page)).toContainText('Logged in with GitHub')
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()

  // Bob's e-mail is unverified: his Discord identity is a wallet of its own.
  await connectButton(page).click()
  // Farcaster, one of the social logins, is the section's last entry: three behind 'more'.
  await modal(page).getByRole('button', { name: '3 more ways to log in' }).click()
  await logInThroughWindow(page, 'Discord', 'bob')
  await openAccountAfterConnecting(page)
  await expect(modal(page)).toContainText('Logged in with Discord')
  const second = await address(page)
  expect(second).not.toBe(first)
  await signAndSend(page, second)
})

test('a blocked window: the whole page goes to the provider, comes back, and the frame finishes the login; its wallet signs and sends', async ({
  page,
}) => {
  test.setTimeout(60_000)
  // Chromium lets a window opened in a click through: the test blocks it as a popup blocker would.
  await page.addInitScript(() => {
    window.open = () => null
  })
  await page.goto(`/?socials=${ALL}&from=shop`)
  await connectButton(page).click()
  await modal(page).getByRole('button', { name: 'Continue with X' }).click()
  await page.getByRole('button', { name: /Continue as alice/i }).click()
  // Back on the site, connected, the modal closed; the single-use marker and proof left the address
  // bar at once. (Account, which names the login, opens after the send, past a reload.)
  const from = await address(page)
  await expect(modal(page)).toBeHidden()
  const back = new URL(page.url()).searchParams
  expect(back.get('portico_social')).toBeNull()
  expect(back.get('portico_proof')).toBeNull()
  expect(back.get('from')).toBe('shop')
  // The page's storage never held the frame's secret: only the frame origin's storage did.
  const pageStorage = await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))
  expect(pageStorage).not.toContain('secret')
  await signAndSend(page, from)
  await modal(page).getByRole('button', { name: 'Done' }).click()
  await expect(modal(page)).toContainText('Logged in with X')
})

test('a denied consent and Cancel each lead back with a way to try again (360 px, both themes)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 760 })
  await page.goto(`/?socials=${ALL}&theme=light`)
  await connectButton(page).click()
  const popup = await logInThroughWindow(page, 'Google', 'deny')
  await expect(modal(page).getByRole('alert')).toHaveText('You declined the Google login.')
  // The server's error page stays in the window; the modal closes it.
  if (!popup.isClosed()) await popup.waitForEvent('close')
  await expect(modal(page).getByRole('button', { name: 'Try again' })).toBeVisible()
  // ConnectingSocial with its refusal and retry, which no other screenshot shows, in both themes.
  await screenshotEverywhere(page, 'social-denied', { screens: [mobile] })
  // Try again opens a new window in the click; Cancel closes it and returns to Connect.
  const again = page.waitForEvent('popup')
  await modal(page).getByRole('button', { name: 'Try again' }).click()
  const second = await again
  await expect(modal(page).getByRole('heading', { name: 'Continue in the Google window' })).toBeVisible()
  await screenshotEverywhere(page, 'social-waiting', { screens: [mobile] })
  await modal(page).getByRole('button', { name: 'Cancel' }).click()
  await expect.poll(() => second.isClosed()).toBe(true)
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
})
