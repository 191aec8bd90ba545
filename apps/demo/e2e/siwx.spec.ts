import { expect, type Page, test } from '@playwright/test'
import { serverUrl } from './chains'
import { ACCOUNT_0, connectButton, devWallet, modal } from './fixtures'
import { screens, screenshot, screenshotEverywhere } from './screenshot'

const SITE_ORIGIN = 'http://localhost:4173'
/** Nothing listens here: a Portico server that is down. */
const UNUSED_PORT = 18799

/** Connects the dev wallet (account 0) on a page with sign-in on; the sign-in view opens next. */
async function connectForSignIn(page: Page, mode: 'optional' | 'required', extra = '') {
  await page.goto(`/?siwx=${mode}${extra}`)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await expect(modal(page)).toContainText('Portico demo asks you to sign in')
}

/** The session token the page keeps for the account, as the site's frontend would pass it on. */
async function sessionToken(page: Page, account = ACCOUNT_0, chain = 31337): Promise<string | undefined> {
  return page.evaluate(
    ([caip10]) => {
      const tokens = JSON.parse(localStorage.getItem('portico:v1:siwxTokens') ?? '{}') as Record<
        string,
        string
      >
      const key = Object.keys(tokens).find((candidate) => candidate.toLowerCase() === caip10!.toLowerCase())
      return key ? tokens[key] : undefined
    },
    [`eip155:${chain}:${account}`],
  )
}

/** What a site's backend does with that token: asks the Portico server whether the session holds. */
async function verifyOnServer(token: string, origin = SITE_ORIGIN) {
  const response = await fetch(`${serverUrl}/v1/siwx/session?projectId=portico-demo`, {
    headers: { authorization: `Bearer ${token}`, origin },
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

test('optional sign-in: sign, the server verifies the session, it survives a reload, disconnect signs out', async ({
  page,
}) => {
  await connectForSignIn(page, 'optional')
  await expect(modal(page).getByRole('button', { name: 'Close' })).toBeVisible()
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(modal(page)).toBeHidden()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')

  const token = await sessionToken(page)
  expect(token).toBeTruthy()
  const verified = await verifyOnServer(token!)
  expect(verified.status).toBe(200)
  expect(verified.body.account).toBe(`eip155:31337:${ACCOUNT_0}`)
  const session = verified.body.session as { message: string; data: { domain: string; uri: string } }
  expect(session.message).toContain('localhost:4173 wants you to sign in with your Ethereum account:')
  expect(session.data.domain).toBe('localhost:4173')
  // Bound to the origin it was made on: the same token from another origin of the project is refused.
  const elsewhere = await verifyOnServer(token!, 'http://shop.localhost:4173')
  expect(elsewhere.status).toBe(401)
  expect((elsewhere.body.error as { code: string }).code).toBe('SIWX_SESSION_INVALID')

  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
  await expect(modal(page)).toBeHidden()

  await page.getByRole('button', { name: /^Account / }).click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).toBeVisible()
  const afterSignOut = await verifyOnServer(token!)
  expect(afterSignOut.status).toBe(401)
  expect((afterSignOut.body.error as { code: string }).code).toBe('SIWX_SESSION_INVALID')
})

test('optional sign-in: Cancel keeps the wallet connected without a session; the page can ask again', async ({
  page,
}) => {
  await connectForSignIn(page, 'optional')
  await modal(page).getByRole('button', { name: 'Cancel' }).click()
  await expect(modal(page)).toBeHidden()
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Not signed in')
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
})

test('required sign-in: the view cannot be closed, and cancelling disconnects', async ({ page }) => {
  await connectForSignIn(page, 'required')
  await expect(modal(page)).toContainText('Signing in is required. Cancelling disconnects your wallet.')
  await expect(modal(page).getByRole('button', { name: 'Close' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeVisible()
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  // A click on the backdrop does not close it either.
  await page.mouse.click(5, 5)
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(modal(page)).toBeHidden()
  await expect(connectButton(page)).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Not connected' })).toBeVisible()
})

test('signature declined: the view stays with "Signature declined", and signing again works', async ({
  page,
}) => {
  await connectForSignIn(page, 'required')
  await devWallet(page).setMode('reject')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(modal(page).getByRole('alert')).toHaveText('Not signed in: Signature declined')
  await expect(modal(page).getByRole('status').filter({ hasText: 'Signature declined' })).toBeVisible()
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await screenshot(page, 'siwx-declined')
  await devWallet(page).setMode('approve')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(modal(page)).toBeHidden()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
})

test('a network switch asks to sign in on the new network', async ({ page }) => {
  await connectForSignIn(page, 'optional')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
  await devWallet(page).setChain(31338)
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
  await expect(page.getByText('eip155:31338').first()).toBeVisible()
  expect(await sessionToken(page, ACCOUNT_0, 31338)).toBeTruthy()
})

test('sessions that cannot be read: connecting disconnects with the SPEC §8 message', async ({ page }) => {
  // A token from an earlier visit makes the modal ask the server, which is not there.
  await page.goto(`/?siwx=optional&apiUrl=http://127.0.0.1:${UNUSED_PORT}`)
  await page.evaluate(
    ([caip10]) => localStorage.setItem('portico:v1:siwxTokens', JSON.stringify({ [caip10!]: 'old-token' })),
    [`eip155:31337:${ACCOUNT_0}`],
  )
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
  await expect(
    modal(page)
      .getByRole('status')
      .filter({ hasText: 'A problem occurred while trying initialize authentication' }),
  ).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Not connected' })).toBeVisible()
})

test('a sign-in server that is down when signing: the view says so and stays', async ({ page }) => {
  await connectForSignIn(page, 'optional', `&apiUrl=http://127.0.0.1:${UNUSED_PORT}`)
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(modal(page).getByRole('alert')).toHaveText(
    'Not signed in: The sign-in server is not available. Try again in a moment.',
  )
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
})

// Optional sign-in on desktop, required on a phone; each in both themes.
for (const [mode, screen] of [
  ['optional', screens[0]],
  ['required', screens[1]],
] as const) {
  test(`the ${mode} sign-in view in both themes on ${screen.name}`, async ({ page }) => {
    await page.setViewportSize({ width: screen.width, height: screen.height })
    await connectForSignIn(page, mode, '')
    await screenshotEverywhere(page, 'siwx', { screens: [screen] })
    await devWallet(page).setMode('hang')
    await modal(page).getByRole('button', { name: 'Sign in' }).click()
    await expect(modal(page)).toContainText('Sign the message in Portico Dev Wallet')
    await screenshotEverywhere(page, 'siwx-signing', { screens: [screen] })
  })
}
