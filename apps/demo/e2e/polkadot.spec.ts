import { randomBytes } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { encodeSs58 } from '@portico/adapter-polkadot'
import { formatUnits } from '@portico/core'
import { polkadotVerifier } from '@portico/siwx/polkadot'
import { connectPolkadotApi, POLKADOT_TEST_ACCOUNTS } from '@portico/test/polkadot'
import { createTestWalletConnectWallet, type TestWalletConnectWallet } from '@portico/test/walletconnect'
import type { DemoPolkadotInfo } from '../scripts/polkadot.mjs'
import { polkadotInfoFile, polkadotWsUrl, relayUrl } from './chains'
import {
  ACCOUNT_0,
  connectButton,
  fillAndReviewSend,
  modal,
  openAccountAfterConnecting,
  openSendView,
} from './fixtures'
import { screenshot, screenshotEverywhere } from './screenshot'

// Each test uses its own development account, so tests in parallel never share a balance:
// 0–1 read balances and switch accounts, 2 sends, 3 is refused and hangs, 4 reloads and switches
// namespaces and is the phone wallet's (the only one of them to send), 5 signs in.
const DEV_WALLET_NAME = 'Portico Dev Wallet'
const KEY = 'portico-dev-wallet'
const info = () => JSON.parse(readFileSync(polkadotInfoFile, 'utf8')) as DemoPolkadotInfo
const address = (index: number) => POLKADOT_TEST_ACCOUNTS[index]!.address

type Switch = 'setMode' | 'setAccounts' | 'requests' | 'revoke'

/** Calls a switch of the Polkadot dev extension in the page (window.__porticoDevPolkadotWallets). */
async function extension(page: Page, method: Switch, arg?: unknown): Promise<unknown> {
  await page.waitForFunction(
    (key) =>
      Boolean(
        (window as { __porticoDevPolkadotWallets?: Record<string, unknown> }).__porticoDevPolkadotWallets?.[
          key
        ],
      ),
    KEY,
  )
  return page.evaluate(
    ([key, call, value]) => {
      const wallet = (
        window as unknown as {
          __porticoDevPolkadotWallets: Record<string, Record<string, (x?: unknown) => unknown>>
        }
      ).__porticoDevPolkadotWallets[key as string]!
      return JSON.parse(JSON.stringify(wallet[call as string]!(value) ?? null))
    },
    [KEY, method, arg] as const,
  )
}

/** The free balance of `who` on the chain, in planck. */
async function free(who: string): Promise<bigint> {
  const api = await connectPolkadotApi(polkadotWsUrl)
  try {
    const query = api.query as unknown as {
      system: { account(address: string): Promise<{ data: { free: { toBigInt(): bigint } } }> }
    }
    return (await query.system.account(who)).data.free.toBigInt()
  } finally {
    await api.disconnect()
  }
}

/**
 * Opens `path` with the dev extension sharing the accounts `indices` (first active), connects the
 * dev wallet and moves to the local Polkadot network from the Networks view: the Account view there.
 */
async function connectOnPolkadot(page: Page, indices: number[], path = '/') {
  await page.goto(path)
  await extension(page, 'setAccounts', indices)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })
    .click()
  await openAccountAfterConnecting(page)
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Polkadot Local/ })
    .click()
  await expect(page.getByTestId('demo-network')).toHaveText(`Polkadot Local (${info().caip2})`)
  await expect(page.getByTestId('demo-address')).toHaveText(address(indices[0]!))
}

/** Opens `path` with Polkadot Local as the active network, as a visitor who picked it earlier. */
async function startOnPolkadot(page: Page, path = '/') {
  await page.goto(path)
  await page.evaluate(
    (caip2) => localStorage.setItem('portico:v1:activeCaipNetworkId', JSON.stringify(caip2)),
    info().caip2,
  )
  await page.reload()
}

test('one dev wallet row for three namespaces; on Polkadot the balance, its details, and another account', async ({
  page,
}) => {
  await page.goto('/')
  await connectButton(page).click()
  await expect(modal(page).getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })).toHaveCount(1)
  await page.keyboard.press('Escape')
  await connectOnPolkadot(page, [0, 1])
  const ed = BigInt(info().existentialDeposit)
  const freeNow = await free(address(0))
  const transferable = formatUnits(freeNow - ed, 12)
  await expect(page.getByTestId('demo-balance')).toHaveText(`${transferable} ROC`)
  const details = modal(page).getByLabel('Balance details')
  await expect(details).toContainText('Transferable')
  await expect(details).toContainText('Reserved0.00 ROC')
  await screenshot(page, 'polkadot-account')

  await modal(page).getByRole('button', { name: 'Switch account' }).click()
  await expect(modal(page)).toHaveAccessibleName('Choose an account')
  await screenshot(page, 'polkadot-select-account')
  await modal(page).getByTitle(address(1)).click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  await expect(page.getByTestId('demo-address')).toHaveText(address(1))
  // The pick is the site's: it survives a reload.
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(address(1))
})

test('send ROC: review with the network fee, confirmation, and 1.5 ROC arrive to the planck', async ({
  page,
}) => {
  const fresh = encodeSs58(randomBytes(32), 2)
  await connectOnPolkadot(page, [2])
  await openSendView(page)
  const before = await free(address(2))
  await fillAndReviewSend(page, '1.5', fresh, 'polkadot-send')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByText('Transaction started').first()).toBeVisible()
  await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible()
  await screenshot(page, 'polkadot-send-confirmed')
  expect(await free(fresh)).toBe(1_500_000_000_000n)
  expect(before - (await free(address(2)))).toBeGreaterThan(1_500_000_000_000n)
})

test('the extension declines a send, then never answers: nothing moves, the modal can be left', async ({
  page,
}) => {
  const to = address(0)
  const before = await free(to)
  await connectOnPolkadot(page, [3])
  await openSendView(page)
  await fillAndReviewSend(page, '2', to)
  await extension(page, 'setMode', 'reject')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page)).toContainText('You declined the request in your wallet. Nothing was sent.')
  await screenshot(page, 'polkadot-send-declined')
  await extension(page, 'setMode', 'hang')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  expect(await free(to)).toBe(before)
})

test('a reload reconnects on Polkadot without asking the extension again', async ({ page }) => {
  await connectOnPolkadot(page, [4])
  await extension(page, 'setMode', 'reject')
  await page.reload()
  await expect(page.getByTestId('demo-network')).toHaveText(`Polkadot Local (${info().caip2})`)
  await expect(page.getByTestId('demo-address')).toHaveText(address(4))
})

test('switch EVM → Solana → Polkadot → EVM with the one multi-chain wallet: the right account each time', async ({
  page,
}) => {
  await connectOnPolkadot(page, [4])
  for (const [name, expected] of [
    [/Solana Local/, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/],
    [/Polkadot Local/, new RegExp(`^${address(4)}$`)],
    [/Anvil Two/, new RegExp(`^${ACCOUNT_0}$`)],
    [/Polkadot Local/, new RegExp(`^${address(4)}$`)],
  ] as const) {
    await modal(page)
      .getByRole('button', { name: /Change network/ })
      .click()
    await modal(page).getByRole('button', { name }).click()
    await expect(page.getByTestId('demo-address')).toHaveText(expected)
  }
})

test('required sign-in on Polkadot: the extension signs with <Bytes>, the server holds the session', async ({
  page,
}) => {
  await page.goto('/?siwx=required')
  await extension(page, 'setAccounts', [5])
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
  await page.getByRole('button', { name: /^Account / }).click()
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Polkadot Local/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Sign in')
  await screenshot(page, 'polkadot-sign-in')
  await modal(page).getByRole('button', { name: 'Sign in' }).click()
  await expect(page.getByTestId('demo-siwx-status')).toHaveText('Signed in')
  const requests = (await extension(page, 'requests')) as { method: string }[]
  expect(requests.some((request) => request.method === 'signRaw')).toBe(true)
  const token = await page.evaluate(
    (caip10) => {
      const tokens = JSON.parse(localStorage.getItem('portico:v1:siwxTokens') ?? '{}') as Record<
        string,
        string
      >
      return tokens[caip10]
    },
    `${info().caip2}:${address(5)}`,
  )
  expect(token).toBeTruthy()
})

test('the Polkadot Account and account picker in both themes, on desktop and on a 360 px phone', async ({
  page,
}) => {
  await connectOnPolkadot(page, [0, 1], '/')
  await expect(modal(page).getByLabel('Balance details')).toBeVisible()
  await screenshotEverywhere(page, 'polkadot-account')
  await modal(page).getByRole('button', { name: 'Switch account' }).click()
  await expect(modal(page)).toHaveAccessibleName('Choose an account')
  await screenshotEverywhere(page, 'polkadot-select-account')
})

test('connecting an extension that shares several accounts opens the picker, the first active; the pick survives a reload', async ({
  page,
}) => {
  await startOnPolkadot(page)
  await extension(page, 'setAccounts', [0, 1])
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Choose an account')
  await expect(modal(page).getByTitle(address(0))).toHaveAttribute('aria-current', 'true')
  await expect(modal(page).getByTitle(address(1))).not.toHaveAttribute('aria-current', 'true')
  await modal(page).getByTitle(address(1)).click()
  // The pick ends the connection: the modal closes, as after any connection made in it.
  await expect(modal(page)).toBeHidden()
  await expect(page.getByTestId('demo-address')).toHaveText(address(1))
  await page.reload()
  await expect(page.getByTestId('demo-address')).toHaveText(address(1))
})

let phone: TestWalletConnectWallet | undefined
test.afterEach(async () => {
  await phone?.close()
  phone = undefined
})

/** A phone wallet with development account 4 on the local chain, paired from the demo's QR view. */
async function pairPhoneOnPolkadot(page: Page): Promise<TestWalletConnectWallet> {
  const wallet = await createTestWalletConnectWallet({
    relayUrl,
    rpcUrls: {},
    polkadot: { uri: POLKADOT_TEST_ACCOUNTS[4]!.uri, chains: [info().caip2], ss58Prefix: 2 },
  })
  phone = wallet
  await startOnPolkadot(page)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /WalletConnect/ })
    .click()
  await expect(modal(page).getByRole('img', { name: 'WalletConnect pairing code' })).toBeVisible()
  await modal(page).getByRole('button', { name: 'Copy link' }).click()
  await wallet.pair(await page.evaluate(() => navigator.clipboard.readText()))
  await openAccountAfterConnecting(page)
  await expect(page.getByTestId('demo-network')).toHaveText(`Polkadot Local (${info().caip2})`)
  await expect(page.getByTestId('demo-address')).toHaveText(address(4))
  return wallet
}

test('a phone wallet over WalletConnect on Polkadot: it signs, sends ROC it signed, refuses, never answers (the modal can be left), and ends the session', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const wallet = await pairPhoneOnPolkadot(page)
  await screenshot(page, 'polkadot-walletconnect-account')
  await page.keyboard.press('Escape')

  // Signing is answered on the phone; the signature is account 4's, over the <Bytes>-wrapped message.
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(page.getByTestId('demo-signature')).toContainText(/Signature: 0x[0-9a-f]{128,132}/)
  const signature = ((await page.getByTestId('demo-signature').textContent()) ?? '').replace(
    'Signature: ',
    '',
  )
  const asked = wallet.requests().find((request) => request.method === 'polkadot_signMessage')
  const { message } = (asked?.params ?? {}) as { message: string }
  const verify = (text: string) =>
    polkadotVerifier().verify({
      data: { accountAddress: address(4), chainId: info().caip2 } as never,
      message: text,
      signature,
    })
  expect(await verify(message)).toBe(true)
  expect(await verify(`${message}!`)).toBe(false)

  // A send is signed on the phone (polkadot_signTransaction) and included by the chain.
  const fresh = encodeSs58(randomBytes(32), 2)
  await page.getByRole('button', { name: /^Account / }).click()
  await openSendView(page)
  await fillAndReviewSend(page, '1.25', fresh)
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page).getByRole('heading', { name: 'Sent' })).toBeVisible()
  expect(await free(fresh)).toBe(1_250_000_000_000n)
  expect(wallet.requests().map((request) => request.method)).toContain('polkadot_signTransaction')
  await page.keyboard.press('Escape')

  // A refusal on the phone reaches the page as the visitor's refusal.
  wallet.setRequestMode('reject')
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(page.getByRole('alert')).toContainText(/rejected|declined/i)

  // A phone that never answers a send: the modal can be left, and nothing moves.
  wallet.setRequestMode('ignore')
  const other = encodeSs58(randomBytes(32), 2)
  await page.getByRole('button', { name: /^Account / }).click()
  await openSendView(page)
  await fillAndReviewSend(page, '1', other)
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  expect(await free(other)).toBe(0n)

  // The wallet ends the session from its side: the page is disconnected.
  await wallet.disconnect()
  await expect(connectButton(page)).toBeVisible()
})

test('a phone wallet that moves to a Polkadot network the site does not list shows Switch network (UnsupportedChain), and Account once it is back', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  const wallet = await pairPhoneOnPolkadot(page)
  const [session] = wallet.sessions()
  // Through updateSession, not client.update(): the page answers within the phone's publish round
  // trip often enough, and sign-client drops an answer that comes before `acknowledged()` is called.
  const moveTo = (chain: string) =>
    wallet.updateSession(session!.topic, {
      polkadot: {
        ...session!.namespaces.polkadot!,
        chains: [chain],
        accounts: [`${chain}:${wallet.polkadotAddress}`],
      },
    })
  // Polkadot's relay chain, which the demo does not configure.
  const elsewhere = 'polkadot:91b171bb158e2d3848fa23a9f1c25182'
  await moveTo(elsewhere)
  await expect(modal(page)).toHaveAccessibleName('Switch network')
  await expect(page.getByTestId('demo-network')).toHaveText(`Unsupported network (${elsewhere})`)
  await screenshot(page, 'polkadot-walletconnect-unsupported')
  await moveTo(info().caip2)
  // The visitor opened this modal (not a connection made in it): it stays, on Account.
  await expect(modal(page)).toHaveAccessibleName('Account')
  await expect(page.getByTestId('demo-network')).toHaveText(`Polkadot Local (${info().caip2})`)
})
