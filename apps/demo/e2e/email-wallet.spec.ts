import { expect, type Page, test } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { e2eEmailCooldownMs } from './chains'
import {
  ageStoredTimes,
  askForEmailCode,
  clickClose,
  codeFor,
  connectButton,
  enterMailedCode,
  ethBalance,
  ether,
  lastMessageId,
  mailedText,
  modal,
  openAccountAfterConnecting,
  rpc,
  sendEtherFromAccount,
} from './fixtures'
import { screenshot, screenshotEverywhere, themes } from './screenshot'

/** When the code view last showed for each e-mail, for waiting out the cool-downs. */
const codeViewShownAt = new Map<string, number>()

/**
 * Waits out both cool-downs of `email`'s last login as a visitor would: the e2e server's
 * (e2eEmailCooldownMs), by waiting, and the modal's 30 s (SPEC §9), by moving every time the page
 * keeps in its storage (the last login, the balance caches' timestamps) back 30 s, which is all that
 * waiting does to them. `page` is the browser the next login comes from.
 */
async function waitOutCooldowns(page: Page, email: string) {
  await ageStoredTimes(page, 30_000)
  await page.waitForTimeout(
    Math.max(0, (codeViewShownAt.get(email) ?? 0) + e2eEmailCooldownMs + 500 - Date.now()),
  )
}

const frame = (page: Page) => page.frameLocator('iframe[src*="/frame/"]')

async function logInWithEmail(page: Page, email: string, after = 0) {
  await askForEmailCode(page, email)
  // Both 30 s cool-downs (the modal's and the server's) started before the code view showed.
  codeViewShownAt.set(email, Date.now())
  await expect(modal(page)).toContainText(email)
  await screenshot(page, 'email-otp')
  await enterMailedCode(page, email, after)
  await openAccountAfterConnecting(page)
  await expect(page.getByTestId('demo-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  return (await page.getByTestId('demo-address').textContent()) as string
}

test('e-mail login: the code from the mailbox makes a wallet whose key the page cannot reach', async ({
  page,
}) => {
  const email = `ada-${Date.now()}@example.com`
  await page.goto('/')
  const address = await logInWithEmail(page, email)
  await expect(page.getByText('E-mail wallet')).toBeVisible()

  // The frame is on the server's origin: nothing of it is readable from the page.
  const reach = await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[src*="/frame/"]')
    if (!iframe) return 'no frame'
    try {
      return String(iframe.contentWindow?.localStorage.length)
    } catch (error) {
      return (error as Error).name
    }
  })
  expect(reach).toBe('SecurityError')
  expect(await page.evaluate(() => JSON.stringify(localStorage))).not.toMatch(/seed|privateKey/i)

  // Signing asks in the frame; approving returns a signature by the wallet's address.
  await page.keyboard.press('Escape')
  // SPEC §2 ApproveTransaction: the modal opens on it and the frame's own screen fills its view.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(modal(page)).toHaveAccessibleName('Approve request')
  await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeVisible()
  await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeEnabled()
  await screenshot(page, 'email-wallet-approve')
  await frame(page).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('demo-signature')).toContainText(/Signature: 0x[0-9a-f]{130}/)
  await expect(modal(page)).toBeHidden()
  expect(address).toMatch(/^0x/)

  // Rejecting in the frame reaches the page as a declined request.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await frame(page).getByRole('button', { name: 'Reject' }).click()
  await expect(page.getByRole('alert')).toContainText(/rejected/i)

  // Closing the modal while the frame asks rejects the request; the next one is asked afresh.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(modal(page)).toHaveAccessibleName('Approve request')
  await clickClose(page)
  await expect(modal(page)).toBeHidden()
  await expect(page.getByRole('alert')).toContainText(/aborted|rejected/i)
  await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeHidden()
  // The frame dropped the abandoned request: one Approve now answers the new one.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(modal(page)).toHaveAccessibleName('Approve request')
  await frame(page).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('demo-signature')).toContainText(/Signature: 0x[0-9a-f]{130}/)
  await expect(modal(page)).toBeHidden()

  // A reload keeps the wallet: the frame's session comes back from its partitioned cookie, as
  // the frame's storage is blocked in a third-party frame.
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(address)
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(modal(page)).toHaveAccessibleName('Approve request')
  await frame(page).getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('demo-signature')).toContainText(/Signature: 0x[0-9a-f]{130}/)
})

/**
 * Of a PNG's pixels, the share that is `background` (within a few levels) and the share that is light
 * (luminance over 60 %), decoded by the page's canvas since Node has no PNG decoder here.
 */
async function pixelShares(page: Page, png: Buffer, background: [number, number, number]) {
  return page.evaluate(
    async ({ data, background: [r, g, b] }) => {
      const image = new Image()
      image.src = `data:image/png;base64,${data}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context = canvas.getContext('2d')
      if (!context) throw new Error('no canvas')
      context.drawImage(image, 0, 0)
      const { data: rgba } = context.getImageData(0, 0, image.width, image.height)
      let matching = 0
      let light = 0
      for (let at = 0; at < rgba.length; at += 4) {
        const [pr, pg, pb] = [rgba[at] ?? 0, rgba[at + 1] ?? 0, rgba[at + 2] ?? 0]
        if (Math.abs(pr - r) <= 3 && Math.abs(pg - g) <= 3 && Math.abs(pb - b) <= 3) matching++
        if (0.2126 * pr + 0.7152 * pg + 0.0722 * pb > 153) light++
      }
      const total = rgba.length / 4
      return { background: matching / total, light: light / total }
    },
    { data: png.toString('base64'), background },
  )
}

/** Theme messages a hostile page script posts to the frame itself, past the modal's own checks. */
const HOSTILE_THEMES = [
  {
    themeMode: 'dark',
    themeVariables: { '--portico-frame-fg': 'transparent', '--portico-frame-bg': 'transparent' },
  },
  { themeMode: 'dark', themeVariables: { '--portico-frame-fg': '#141414', '--portico-frame-bg': '#141414' } },
  { themeMode: 'dark', themeVariables: { opacity: 0 } },
  { themeMode: 'dark', themeVariables: { fontSize: '0px' } },
  { themeMode: 'dark', themeVariables: { fontSize: '400px' } },
  { themeMode: 'dark', themeVariables: { '--portico-accent': 'url(https://evil.example/x.png)' } },
  {
    themeMode: 'dark',
    themeVariables: {
      accent: 'transparent',
      fontFamily: 'url(https://evil.example/f.woff)',
      borderRadius: 1e9,
    },
  },
  { themeMode: 'dark', themeVariables: { accent: '#141414', fontFamily: 'var(--x)' } },
]

/**
 * Posts requests to the frame as a page script can (straight to its window, past the modal and the
 * client), and returns the type and payload of each reply.
 */
async function postToFrame(page: Page, requests: { type: string; payload?: unknown }[]) {
  return page.evaluate(async (messages) => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[src*="/frame/"]')
    const target = iframe?.contentWindow
    if (!iframe || !target) throw new Error('no frame')
    const src = new URL(iframe.src)
    const replies = new Map<string, { type: string; payload: unknown }>()
    const listen = (event: MessageEvent) => {
      const data = event.data as { id?: string; type?: string; payload?: unknown }
      if (event.origin === src.origin && data?.id && data.type)
        replies.set(data.id, { type: data.type, payload: data.payload })
    }
    window.addEventListener('message', listen)
    const ids = messages.map(({ type, payload }) => {
      const id = crypto.randomUUID()
      const version = src.searchParams.get('version')
      target.postMessage({ portico: 'embedded-wallet', version, id, type, payload }, src.origin)
      return id
    })
    const deadline = Date.now() + 10_000
    while (ids.some((id) => !replies.has(id)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 50))
    window.removeEventListener('message', listen)
    return ids.map((id) => replies.get(id) ?? { type: 'no reply', payload: undefined })
  }, requests)
}

const postHostileThemes = (page: Page) =>
  postToFrame(
    page,
    HOSTILE_THEMES.map((payload) => ({ type: 'APP_SYNC_THEME', payload })),
  )

test("e-mail wallet: a page's hostile theme cannot hide the approval screen, and an early click does not approve", async ({
  page,
}) => {
  const email = `eve-${Date.now()}@example.com`
  await page.goto('/')
  await logInWithEmail(page, email)
  await page.keyboard.press('Escape')

  // Before the request: every message with a key of its own is refused, bad values are ignored.
  const before = await postHostileThemes(page)
  expect(before.slice(0, 6).map((reply) => reply.type)).toEqual(Array(6).fill('FRAME_SYNC_THEME_ERROR'))
  expect(before[6]).toMatchObject({
    type: 'FRAME_SYNC_THEME_SUCCESS',
    payload: { ignored: [{ name: 'accent' }, { name: 'borderRadius' }, { name: 'fontFamily' }] },
  })
  expect(before[7]).toMatchObject({
    type: 'FRAME_SYNC_THEME_SUCCESS',
    payload: {
      ignored: [
        { name: 'accent', reason: expect.stringMatching(/contrast of 1\.00:1/) },
        { name: 'fontFamily' },
      ],
    },
  })

  await page.getByRole('button', { name: 'Sign a message' }).click()
  const approve = frame(page).getByRole('button', { name: 'Approve' })
  await expect(approve).toBeVisible()
  // A clickjacking page moves the frame just before the visitor's click lands. To the frame that is
  // its screen appearing anew (its window resizes), so Approve ignores clicks for a moment again.
  const box = await approve.boundingBox()
  if (!box) throw new Error('Approve has no box')
  await page.evaluate(() => {
    const iframe = document.querySelector<HTMLIFrameElement>('iframe[src*="/frame/"]') as HTMLIFrameElement
    iframe.style.width = `${iframe.getBoundingClientRect().width - 1}px`
  })
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2)
  // Had the click approved, the signature would show by now.
  await page.waitForTimeout(1_000)
  await expect(page.getByTestId('demo-signature')).toHaveCount(0)
  await expect(frame(page).getByRole('dialog')).toContainText('Sign message')
  // And again once the request is on screen, as a script would after its own.
  await postHostileThemes(page)

  // What the visitor reads is the frame's: opaque, in the frame's colours and sizes.
  const dialog = frame(page).getByRole('dialog')
  await expect(dialog).toContainText('Sign message')
  await expect(dialog).toContainText('Hello from the Portico demo')
  const looks = await frame(page)
    .locator('.portico-approval__value')
    .first()
    .evaluate((value) => {
      const card = value.closest('.portico-approval') as HTMLElement
      const screen = value.closest('.portico-screen') as HTMLElement
      const chain: string[] = []
      for (let node: Element | null = value; node; node = node.parentElement) {
        const style = getComputedStyle(node)
        chain.push(`${style.opacity}/${style.visibility}/${style.display === 'none' ? 'none' : 'shown'}`)
      }
      return {
        text: getComputedStyle(value).color,
        fieldBackground: getComputedStyle(value).backgroundColor,
        card: getComputedStyle(card).backgroundColor,
        screen: getComputedStyle(screen).backgroundColor,
        fontSize: getComputedStyle(value).fontSize,
        titleSize: getComputedStyle(card.querySelector('h1') as Element).fontSize,
        fontFamily: getComputedStyle(value).fontFamily,
        chain,
      }
    })
  expect(looks).toMatchObject({
    text: 'rgb(242, 242, 242)',
    fieldBackground: 'rgb(31, 31, 31)',
    card: 'rgb(20, 20, 20)',
    screen: 'rgb(20, 20, 20)',
    fontSize: '13px',
    titleSize: '18px',
  })
  expect(looks.fontFamily).not.toMatch(/url|var/)
  expect(new Set(looks.chain)).toEqual(new Set(['1/visible/shown']))
  // The pixels agree: the dialog's area is the frame's background with light text on it.
  const pixels = await pixelShares(page, await dialog.screenshot(), [20, 20, 20])
  expect(pixels.background).toBeGreaterThan(0.5)
  expect(pixels.light).toBeGreaterThan(0.01)
  await expect(approve).toBeEnabled()
  await screenshot(page, 'email-approve-hostile-theme')

  await approve.click()
  await expect(page.getByTestId('demo-signature')).toContainText(/Signature: 0x[0-9a-f]{130}/)
})

test('e-mail login: a wrong code is refused with the reason and the right one still works', async ({
  page,
}) => {
  const email = `grace-${Date.now()}@example.com`
  await page.goto('/')
  await connectButton(page).click()
  await modal(page).getByRole('textbox', { name: 'E-mail address' }).fill(email)
  await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
  const code = await codeFor(email)
  const wrong = code === '000000' ? '111111' : '000000'
  await modal(page).getByRole('textbox', { name: 'Code' }).fill(wrong)
  await expect(modal(page).getByRole('alert')).toBeVisible()
  await screenshot(page, 'email-otp-wrong')
  await modal(page).getByRole('textbox', { name: 'Code' }).fill(code)
  await openAccountAfterConnecting(page)
})

test('e-mail wallet: the same e-mail gives the same address after signing out, and it sends ETH approved in the frame', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const email = `lin-${Date.now()}@example.com`
  await page.goto('/')
  const address = await logInWithEmail(page, email)
  await rpc(31337, 'anvil_setBalance', [address, ether(5n)])

  // Signing out ends the frame's session; after the cool-downs the same e-mail logs in again
  // and gets the same address (its seed comes back from the server, decrypted in the frame).
  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).toBeVisible()
  await waitOutCooldowns(page, email)
  expect(await logInWithEmail(page, email)).toBe(address)
  await expect(modal(page)).toContainText('5.00 ETH')

  const receiver = privateKeyToAccount(generatePrivateKey()).address
  await sendEtherFromAccount(page, '1.25', receiver)
  await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeVisible()
  await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeEnabled()
  await screenshot(page, 'email-wallet-approve-send')
  await frame(page).getByRole('button', { name: 'Approve' }).click()
  await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible()
  expect(await ethBalance(receiver)).toBe(1_250_000_000_000_000_000n)
})

test('e-mail wallet: changing the e-mail takes a code from the old and from the new address, and the new one logs in to the same wallet', async ({
  page,
}) => {
  test.setTimeout(90_000)
  const stamp = Date.now()
  const oldEmail = `mary-${stamp}@example.com`
  const newEmail = `mary-${stamp}@new.example`
  await page.goto('/')
  const address = await logInWithEmail(page, oldEmail)
  const seen = await lastMessageId()

  await modal(page)
    .getByRole('button', { name: `Change the e-mail of this wallet: ${oldEmail}` })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Change e-mail')
  await modal(page).getByRole('textbox', { name: 'New e-mail address' }).fill(newEmail)
  await screenshot(page, 'email-update')
  await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
  // The codes are typed on the frame's own screen, on the server's origin: the page has no field for them.
  const codeScreen = frame(page).getByRole('dialog', { name: 'Change e-mail' })
  await expect(codeScreen).toContainText(`Step 1 of 2: enter the code we sent to ${oldEmail}`)
  await expect(codeScreen).toContainText(`This wallet will log in with ${newEmail}`)
  await expect(modal(page)).toHaveAccessibleName('Change e-mail')
  await expect(modal(page).getByRole('textbox')).toHaveCount(0)
  await screenshot(page, 'email-update-code')
  const primary = await codeFor(oldEmail, seen)
  // A page script that learnt the code cannot hand it in: the frame refuses those requests by name.
  const refused = await postToFrame(page, [
    { type: 'APP_UPDATE_EMAIL_PRIMARY_OTP', payload: { otp: primary } },
    { type: 'APP_UPDATE_EMAIL_SECONDARY_OTP', payload: { otp: primary } },
  ])
  expect(refused).toEqual([
    {
      type: 'FRAME_UPDATE_EMAIL_PRIMARY_OTP_ERROR',
      payload: { message: expect.stringContaining('typed in the embedded wallet frame') },
    },
    {
      type: 'FRAME_UPDATE_EMAIL_SECONDARY_OTP_ERROR',
      payload: { message: expect.stringContaining('typed in the embedded wallet frame') },
    },
  ])
  await expect(codeScreen).toContainText('Step 1 of 2')
  await codeScreen.getByRole('textbox', { name: 'Code' }).fill(primary)
  await expect(codeScreen).toContainText(`Step 2 of 2: enter the code we sent to ${newEmail}`)
  await codeScreen.getByRole('textbox', { name: 'Code' }).fill(await codeFor(newEmail, seen))
  await expect(modal(page)).toHaveAccessibleName('Account')
  await expect(
    modal(page).getByRole('button', { name: `Change the e-mail of this wallet: ${newEmail}` }),
  ).toBeVisible()

  await modal(page).getByRole('button', { name: 'Disconnect' }).click()
  await expect(connectButton(page)).toBeVisible()
  // The new address may still be in its cool-down from the change's code.
  await waitOutCooldowns(page, oldEmail)
  expect(await logInWithEmail(page, newEmail, await lastMessageId())).toBe(address)
})

test('e-mail wallet: another browser proves the code, then must approve itself from the mailed link, and gets the same address', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const email = `noor-${Date.now()}@example.com`
  await page.goto('/')
  const address = await logInWithEmail(page, email)

  // A second browser: no cookies, so to the server it is a new device of a known account.
  const other = await browser.newContext()
  try {
    const second = await other.newPage()
    await second.goto('/')
    await waitOutCooldowns(second, email)
    const seen = await lastMessageId()
    await connectButton(second).click()
    await modal(second).getByRole('textbox', { name: 'E-mail address' }).fill(email)
    await modal(second).getByRole('button', { name: 'Continue', exact: true }).click()
    // Every address is answered alike, with a code: that the account exists and the device is new
    // to it is told only to whoever proves the code.
    await expect(modal(second)).toHaveAccessibleName('Enter the code')
    const code = await codeFor(email, seen)
    await modal(second).getByRole('textbox', { name: 'Code' }).fill(code)
    // The code was right: now the new device waits for the approval from the mailed link.
    await expect(modal(second)).toHaveAccessibleName('Approve this device')
    await expect(modal(second)).toContainText('This account was used on another device')
    await screenshot(second, 'email-device')

    // The link only shows a page: opening it (as a mail scanner would) approves nothing.
    const link = await mailedText(
      email,
      /https?:\/\/\S+\/v1\/auth\/device\/approve\?token=\S+/,
      'device link',
      seen,
    )
    const mailClient = await other.newPage()
    await mailClient.goto(link)
    await expect(mailClient.getByRole('heading', { level: 1 })).toBeVisible()
    await mailClient.reload()
    await mailClient.getByRole('button', { name: /approve/i }).click()
    await expect(mailClient.getByRole('heading', { name: 'Device approved' })).toBeVisible()

    // Once approved, the code already typed logs in: nothing to type again; connected, the modal closes.
    await expect(modal(second)).toBeHidden({ timeout: 30_000 })
    await expect(second.getByTestId('demo-address')).toHaveText(address)
  } finally {
    await other.close()
  }
})

test('e-mail login: a wallet frame that cannot load says so in the modal, and works once its server answers again', async ({
  page,
}) => {
  test.setTimeout(60_000)
  const email = `otto-${Date.now()}@example.com`
  // The frame's server is down for this page: its frame page answers 503.
  await page.route('**/frame/**', (route) => route.fulfill({ status: 503, body: 'Service Unavailable' }))
  await page.goto('/')
  await connectButton(page).click()
  await modal(page).getByRole('textbox', { name: 'E-mail address' }).fill(email)
  await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(modal(page).getByRole('alert')).toHaveText('Unable to load email login dependency', {
    timeout: 20_000,
  })
  await screenshot(page, 'email-frame-down')

  await page.unroute('**/frame/**')
  await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(modal(page)).toHaveAccessibleName('Enter the code')
})

// The e-mail login's views on both screens; the theme comes from the page's address, as the
// wallet's frame takes it when its screens open.
for (const theme of themes) {
  test(`the e-mail login views in the ${theme} theme, on desktop and on a 360 px phone`, async ({ page }) => {
    test.setTimeout(60_000)
    const shot = (view: string) => screenshotEverywhere(page, view, { themes: [theme] })
    const email = `shot-${theme}-${Date.now()}@example.com`
    await page.goto(`/?theme=${theme}`)
    await connectButton(page).click()
    await modal(page).getByRole('textbox', { name: 'E-mail address' }).fill(email)
    await shot('email-connect')
    await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(modal(page)).toHaveAccessibleName('Enter the code')
    await shot('email-otp')
    await modal(page)
      .getByRole('textbox', { name: 'Code' })
      .fill(await codeFor(email))
    await openAccountAfterConnecting(page)
    await shot('email-account')
    await modal(page)
      .getByRole('button', { name: /Change the e-mail of this wallet/ })
      .click()
    await expect(modal(page)).toHaveAccessibleName('Change e-mail')
    await shot('email-update')
    await modal(page).getByRole('textbox', { name: 'New e-mail address' }).fill(`new-${email}`)
    await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
    await expect(frame(page).getByRole('dialog', { name: 'Change e-mail' })).toContainText('Step 1 of 2')
    await shot('email-update-code')
    // Leaving the view ends the change in the frame too.
    await clickClose(page)
    await expect(frame(page).getByRole('dialog', { name: 'Change e-mail' })).toBeHidden()
    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeVisible()
    await expect(frame(page).getByRole('button', { name: 'Approve' })).toBeEnabled()
    await shot('email-approve')
  })
}
