import { expect, type Page, test } from '@playwright/test'
import { connectButton, modal } from './fixtures'
import { screens, screenshotEverywhere } from './screenshot'

const mobile = screens[1]

// The attack the one-time proof closes: someone starts a social login in their own frame (which
// holds its secret), sends the provider's authorise link to a victim, and waits for the victim's
// consent to land on their login. The server sends the browser that approved back to the site's
// page with the proof; only that browser has it, so the starter's frame, secret and all, cannot
// finish (the server's socialRoutes test "binds the finish to the browser that approved" covers
// each refusal; this shows it in two real browsers, the real frame and the loopback provider).

/** The session the frame's partition holds, as the server sees it: 200 with one, 401 without. */
async function frameSessionStatus(page: Page): Promise<number> {
  const frame = page.frames().find((candidate) => candidate.url().includes('/frame/'))
  if (!frame) throw new Error('the page has no wallet frame')
  return frame.evaluate(async () => {
    const projectId = new URL(window.location.href).searchParams.get('projectId') ?? ''
    const response = await fetch(`/v1/auth/session?projectId=${encodeURIComponent(projectId)}`, {
      credentials: 'include',
    })
    return response.status
  })
}

test("a login started by one browser and approved in another (its link sent to a victim) opens no session for its starter; the victim's page says it finished nothing", async ({
  page,
  browser,
}) => {
  // The victim's browser: a context of its own, sharing no cookie or storage with the attacker's.
  const victimBrowser = await browser.newContext()
  try {
    await linkSentToAVictim(page, await victimBrowser.newPage())
  } finally {
    await victimBrowser.close()
  }
})

async function linkSentToAVictim(page: Page, victim: Page): Promise<void> {
  // The attacker starts a Google login; the frame asks the server for the authorise URL, which the
  // page sends its window to: the link the attacker passes on.
  await page.goto('/?socials=google')
  await connectButton(page).click()
  const started = page.waitForResponse((response) => response.url().includes('/v1/auth/social/start'))
  const opened = page.waitForEvent('popup')
  await modal(page).getByRole('button', { name: 'Continue with Google' }).click()
  const { uri } = (await (await started).json()) as { uri: string }
  const attackersWindow = await opened
  await expect(modal(page)).toHaveAccessibleName('Log in')
  // The attacker has the link: their own window, of no use to them, closes. Their frame's finish,
  // sent as the login started, keeps waiting on the server for the provider's callback meanwhile.
  await attackersWindow.close()

  // The victim follows the link and logs in as alice; the provider's callback sends the victim's
  // browser, with the proof, back to the site's page. Its frame never started this login, so it
  // finishes nothing, and the page, a tab no script can close, says so: the marker and proof gone
  // from the address bar, not connected, no session in that browser either.
  await victim.goto(uri)
  await victim.getByRole('button', { name: /Continue as alice/i }).click()
  await victim.waitForURL((url) => url.origin === 'http://localhost:4173')
  await expect.poll(() => new URL(victim.url()).search).toBe('?socials=google')
  const refusal = modal(victim)
  await expect(refusal.getByRole('heading', { name: 'Not logged in' })).toBeVisible()
  await expect(refusal.getByRole('alert')).toHaveText(
    'This login was started in another browser, so it was not finished here. If someone sent you this link, nothing was shared with them: start the login here if you want one.',
  )
  await screenshotEverywhere(victim, 'social-not-started-here', { screens: [mobile] })
  expect(await frameSessionStatus(victim)).toBe(401)
  // The way on: Connect, the ways of connecting, and the page stays unconnected.
  await refusal.getByRole('button', { name: 'Connect' }).click()
  await expect(refusal.getByRole('button', { name: 'Continue with Google' })).toBeVisible()
  await expect(victim.getByRole('button', { name: /^Account / })).toHaveCount(0)
  await expect(victim.getByText('Not connected')).toBeVisible()

  // The attacker's frame held the secret and was waiting when the victim approved, yet, without the
  // proof, it opened no session (a finish without it would have by now); the login ended
  // unconnected, with a clear message and a way back.
  await expect(modal(page).getByRole('alert')).toHaveText(
    'The Google window was closed before the login finished.',
  )
  await expect(modal(page).getByRole('button', { name: 'Try again' })).toBeVisible()
  await expect(page.getByTestId('demo-address')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Account / })).toHaveCount(0)
  expect(await frameSessionStatus(page)).toBe(401)
}
