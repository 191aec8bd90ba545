import { expect, type Page } from '@playwright/test'
import { MODAL_CLOSE_GUARD_MS } from '@portico/core'
import { mailboxUrl, rpcUrl } from './chains'
import { screenshot } from './screenshot'

export const DEV_WALLET = 'dev.portico.wallet'
export const SECOND_WALLET = 'dev.portico.wallet2'
export const ACCOUNT_0 = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
/** Only the balance tests use this account, so its balance is theirs to set. */
export const ACCOUNT_4 = '0x15d34AAf54267DB7D7c367839AAf71A00a2C6A65'

type Mode = 'approve' | 'reject' | 'fail' | 'hang'
type WalletCall =
  | { method: 'setMode'; args: [Mode] }
  | { method: 'setAccount' | 'setChain'; args: [number] }
  | { method: 'setMethodDelay'; args: [string, number | undefined] }
  | { method: 'disconnectFromWallet'; args: [] }

async function call(page: Page, rdns: string, action: WalletCall) {
  // The demo installs its dev wallets right after the page starts; wait for them.
  await page.waitForFunction(
    (id) => Boolean((window as { __porticoDevWallets?: Record<string, unknown> }).__porticoDevWallets?.[id]),
    rdns,
  )
  await page.evaluate(
    ([id, method, args]) => {
      const wallets = (
        window as unknown as {
          __porticoDevWallets: Record<string, Record<string, (...x: unknown[]) => void>>
        }
      ).__porticoDevWallets
      const wallet = wallets[id as string]
      if (!wallet) throw new Error(`no dev wallet ${id}`)
      wallet[method as string]!(...(args as unknown[]))
    },
    [rdns, action.method, action.args] as const,
  )
}

/** The switches of a development wallet in the page. */
export function devWallet(page: Page, rdns = DEV_WALLET) {
  return {
    setMode: (mode: Mode) => call(page, rdns, { method: 'setMode', args: [mode] }),
    setAccount: (index: number) => call(page, rdns, { method: 'setAccount', args: [index] }),
    setChain: (chainId: number) => call(page, rdns, { method: 'setChain', args: [chainId] }),
    /** The wallet answers `method` only after `ms`, on this load and the next ones (a locked extension). */
    setMethodDelay: (method: string, ms: number | undefined) =>
      call(page, rdns, { method: 'setMethodDelay', args: [method, ms] }),
    disconnect: () => call(page, rdns, { method: 'disconnectFromWallet', args: [] }),
  }
}

/** The modal dialog (inside its shadow root; Playwright's locators pierce open shadow roots). */
export const modal = (page: Page) => page.getByRole('dialog')

export const connectButton = (page: Page) => page.getByRole('button', { name: 'Connect Wallet' })

/**
 * After a connection made in the modal: the modal closes (the visitor came to use the site), then
 * Account opens from the account button, as a visitor would open it.
 */
export async function openAccountAfterConnecting(page: Page) {
  await expect(modal(page)).toBeHidden()
  await page.getByRole('button', { name: /^Account / }).click()
  await expect(modal(page)).toHaveAccessibleName('Account')
}

/** Opens the modal, picks a dev wallet and, once connected, opens the Account view. */
export async function connectWith(page: Page, walletName = 'Portico Dev Wallet') {
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(walletName) })
    .click()
  await openAccountAfterConnecting(page)
}

export async function rpc(chainId: 31337 | 31338, method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(rpcUrl(chainId), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(body.error.message)
  return body.result
}

/** The ETH balance of `address` on chain 31337, from the chain. */
export async function ethBalance(address: string): Promise<bigint> {
  return BigInt((await rpc(31337, 'eth_getBalance', [address, 'latest'])) as string)
}

/** The ERC-20 balance of `holder` on chain 31337, from the chain. */
export async function tokenBalance(tokenAddress: string, holder: string): Promise<bigint> {
  const data = `0x70a08231${holder.slice(2).toLowerCase().padStart(64, '0')}`
  return BigInt((await rpc(31337, 'eth_call', [{ to: tokenAddress, data }, 'latest'])) as string)
}

/** Opens `path`, moves the dev wallet to anvil account `index` and connects it: the Account view. */
export async function connectAccount(page: Page, index: number, path = '/') {
  await page.goto(path)
  await devWallet(page).setAccount(index)
  await connectWith(page)
}

export const ether = (amount: bigint, tenths = 0n) =>
  `0x${(amount * 10n ** 18n + tenths * 10n ** 17n).toString(16)}`

/**
 * From the Account view, fills the Send form with `amount` of Ether to `to` and presses Send on the
 * review; the wallet (or the e-mail wallet's frame) is asked next.
 */
/** Opens Send from the Account view's wallet actions. */
export async function openSendView(page: Page) {
  await modal(page)
    .getByRole('navigation', { name: 'Wallet actions' })
    .getByRole('button', { name: 'Send' })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Send')
}

/** Picks the token to send by its name in the token list. */
export async function chooseSendToken(page: Page, name: string) {
  await modal(page)
    .getByRole('button', { name: /Change token|Select a token/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Select a token')
  await modal(page)
    .getByRole('button', { name: new RegExp(`^${name},`) })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Send')
}

/** Fills the send form and opens its review (screenshots `<shot>-form` and `<shot>-preview`). */
export async function fillAndReviewSend(page: Page, amount: string, to: string, shot?: string) {
  await modal(page).getByRole('textbox', { name: 'Amount' }).fill(amount)
  await modal(page).getByRole('textbox', { name: 'To', exact: true }).fill(to)
  const review = modal(page).getByRole('button', { name: 'Review' })
  await expect(review).toBeEnabled()
  if (shot) await screenshot(page, `${shot}-form`)
  await review.click()
  await expect(modal(page)).toHaveAccessibleName('Review send')
  await expect(modal(page)).toContainText('Network fee')
  if (shot) await screenshot(page, `${shot}-preview`)
}

/** Sends from the review and waits until the chain confirmed it (screenshot `<shot>-confirmed`). */
export async function confirmSend(page: Page, shot?: string) {
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText('Transaction started').first()).toBeVisible()
  await expect(modal(page)).toHaveAccessibleName('Transaction')
  await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible()
  if (shot) await screenshot(page, `${shot}-confirmed`)
}

/** From Account: sends `amount` ETH to `to` and leaves the wallet to approve it. */
export async function sendEtherFromAccount(page: Page, amount: string, to: string) {
  await openSendView(page)
  await chooseSendToken(page, 'Ether')
  await fillAndReviewSend(page, amount, to)
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
}

/**
 * Clicks the modal's close button as a person would: not within MODAL_CLOSE_GUARD_MS of the modal
 * opening, when the modal ignores a pointer close (the second click of a double-click).
 */
export async function clickClose(page: Page): Promise<void> {
  await page.waitForTimeout(MODAL_CLOSE_GUARD_MS)
  await modal(page).getByRole('button', { name: 'Close' }).click()
}

/** The messages the local mailbox (scripts/mailbox.mjs) received, oldest first. */
async function mailboxMessages(): Promise<{ id: number; to: string[]; text: string }[]> {
  return (await (await fetch(`${mailboxUrl}/api/messages`)).json()) as {
    id: number
    to: string[]
    text: string
  }[]
}

/**
 * The first match of `pattern` in the newest message mailed to `email` after message `after`;
 * waits up to 15 s for it (the server sends its mail after it answered the page).
 */
export async function mailedText(email: string, pattern: RegExp, what: string, after = 0): Promise<string> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const found = (await mailboxMessages())
      .filter((message) => message.to.includes(email) && message.id > after)
      .at(-1)
      ?.text.match(pattern)?.[0]
    if (found) return found
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`no ${what} reached ${email}`)
}

/** The newest one-time code mailed to `email` (after message `after`), read from the local mailbox. */
export const codeFor = (email: string, after = 0) => mailedText(email, /\b\d{6}\b/, 'code', after)

/** The id of the newest message in the local mailbox (0 when empty): later mails have greater ids. */
export async function lastMessageId(): Promise<number> {
  return (await mailboxMessages()).at(-1)?.id ?? 0
}

/**
 * Moves every time the page keeps in its storage (the last e-mail login, the balance caches'
 * timestamps) back `ms`, which is all that waiting `ms` does to them: the modal's 30 s e-mail
 * cool-down and the caches' 30 s lifetime (SPEC §9) pass without the test sleeping through them.
 */
export async function ageStoredTimes(page: Page, ms: number): Promise<void> {
  await page.evaluate((ms) => {
    const age = (value: unknown): unknown => {
      if (typeof value !== 'object' || value === null) return value
      if (Array.isArray(value)) return value.map(age)
      const entry = value as Record<string, unknown>
      if (typeof entry.timestamp === 'number' && 'value' in entry)
        return { ...entry, timestamp: entry.timestamp - ms }
      return Object.fromEntries(Object.entries(entry).map(([key, inner]) => [key, age(inner)]))
    }
    for (const key of Object.keys(localStorage).filter((name) => name.startsWith('portico:v1:'))) {
      const value = JSON.parse(localStorage.getItem(key) as string) as unknown
      const aged = key === 'portico:v1:lastEmailLoginTime' ? (value as number) - ms : age(value)
      localStorage.setItem(key, JSON.stringify(aged))
    }
  }, ms)
}

/** From the loaded page: Connect, `email` and Continue, until the view asks for the mailed code. */
export async function askForEmailCode(page: Page, email: string): Promise<void> {
  await connectButton(page).click()
  await modal(page).getByRole('textbox', { name: 'E-mail address' }).fill(email)
  await modal(page).getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(modal(page)).toHaveAccessibleName('Enter the code')
}

/** Types the code mailed to `email` (after message `after`) into the code view. */
export async function enterMailedCode(page: Page, email: string, after = 0): Promise<void> {
  await modal(page)
    .getByRole('textbox', { name: 'Code' })
    .fill(await codeFor(email, after))
}
