import { createPublicKey, randomBytes, verify } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { expect, type Page, test } from '@playwright/test'
import { formatDisplayAmount, formatUnits } from '@portico/core'
import { SOLANA_TEST_ADDRESSES } from '@portico/test/solana/wallet'
import type { DemoSolanaInfo } from '../scripts/solana.mjs'
import { solanaInfoFile, solanaNetworkId, solanaRpcUrl } from './chains'
import {
  ACCOUNT_0,
  chooseSendToken,
  confirmSend,
  connectButton,
  fillAndReviewSend,
  modal,
  openAccountAfterConnecting,
  openSendView,
} from './fixtures'
import { screenshot } from './screenshot'

// Each test uses its own Solana test account, so tests in parallel never share a balance: 1 reads
// balances, 2 sends SOL, 3 sends PUSD, 4 refuses, 5 signs, 6 switches namespaces, 7 the phone.
const DEV_WALLET_NAME = 'Portico Dev Wallet'
const SOLANA_CAIP = `solana:${solanaNetworkId}`
const pusd = () => (JSON.parse(readFileSync(solanaInfoFile, 'utf8')) as DemoSolanaInfo).tokens[0]!

type SolanaWalletCall = 'setMode' | 'setAccount' | 'requests'

/** Calls a switch of the Solana dev wallet in the page (window.__porticoDevSolanaWallets). */
async function solanaWallet(page: Page, method: SolanaWalletCall, arg?: unknown): Promise<unknown> {
  await page.waitForFunction(
    (name) =>
      Boolean(
        (window as { __porticoDevSolanaWallets?: Record<string, unknown> }).__porticoDevSolanaWallets?.[name],
      ),
    DEV_WALLET_NAME,
  )
  return page.evaluate(
    ([name, call, value]) => {
      const wallet = (
        window as unknown as {
          __porticoDevSolanaWallets: Record<string, Record<string, (x?: unknown) => unknown>>
        }
      ).__porticoDevSolanaWallets[name as string]!
      const result = wallet[call as string]!(value)
      // Message bytes cross into the test as plain arrays.
      return JSON.parse(
        JSON.stringify(result ?? null, (_, v) => (v instanceof Uint8Array ? Array.from(v) : v)),
      )
    },
    [DEV_WALLET_NAME, method, arg] as const,
  )
}

async function solanaRpc(method: string, params: unknown[] = []): Promise<unknown> {
  const response = await fetch(solanaRpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = (await response.json()) as { result?: unknown; error?: { message: string } }
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

/** Lamports of `address`, from the validator. */
async function solBalance(address: string): Promise<bigint> {
  const { value } = (await solanaRpc('getBalance', [address])) as { value: number }
  return BigInt(value)
}

/** Base units of `mint` that `owner` holds over all its token accounts, from the validator. */
async function splBalance(mint: string, owner: string): Promise<bigint> {
  const { value } = (await solanaRpc('getTokenAccountsByOwner', [
    owner,
    { mint },
    { encoding: 'jsonParsed' },
  ])) as {
    value: { account: { data: { parsed: { info: { tokenAmount: { amount: string } } } } } }[]
  }
  return value.reduce((sum, { account }) => sum + BigInt(account.data.parsed.info.tokenAmount.amount), 0n)
}

const BASE58 = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'

function encodeBase58(bytes: Uint8Array): string {
  let value = BigInt(`0x${Buffer.from(bytes).toString('hex') || '0'}`)
  let text = ''
  while (value > 0n) {
    text = BASE58[Number(value % 58n)] + text
    value /= 58n
  }
  for (const byte of bytes) {
    if (byte !== 0) break
    text = `1${text}`
  }
  return text
}

function decodeBase58(text: string): Uint8Array {
  let value = 0n
  for (const char of text) value = value * 58n + BigInt(BASE58.indexOf(char))
  const hex = value.toString(16).padStart(2, '0')
  const body = Buffer.from(hex.length % 2 ? `0${hex}` : hex, 'hex')
  const zeros = text.length - text.replace(/^1+/, '').length
  return new Uint8Array([...new Uint8Array(zeros), ...body])
}

/** A new Solana address nobody has used: 32 random bytes are as good as a public key to send to. */
const freshAddress = () => encodeBase58(randomBytes(32))

/** Whether `signature` (base58) is `address`'s ed25519 signature of `message`. */
function verifySolanaSignature(address: string, message: Uint8Array, signature: string): boolean {
  // An ed25519 public key in SPKI form is a fixed 12-byte prefix and the 32 key bytes.
  const spki = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), decodeBase58(address)])
  const key = createPublicKey({ key: spki, format: 'der', type: 'spki' })
  return verify(null, message, key, decodeBase58(signature))
}

/**
 * Opens `path` with the Solana dev wallet on test account `index`, connects the dev wallet and
 * moves the page to the local Solana network from the Networks view: the Account view on Solana.
 */
async function connectOnSolana(page: Page, index: number, path = '/') {
  await page.goto(path)
  await solanaWallet(page, 'setAccount', index)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })
    .click()
  await openAccountAfterConnecting(page)
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Choose a network')
  await modal(page)
    .getByRole('button', { name: /Solana Local/ })
    .click()
  await expect(page.getByTestId('demo-network')).toHaveText(`Solana Local (${SOLANA_CAIP})`)
  await expect(page.getByTestId('demo-address')).toHaveText(SOLANA_TEST_ADDRESSES[index]!)
}

const tokenRow = (page: Page, name: string) =>
  modal(page)
    .getByRole('tabpanel')
    .getByRole('listitem')
    .filter({ has: page.getByText(name, { exact: true }) })

async function openSend(page: Page, index: number) {
  await connectOnSolana(page, index)
  await expect(modal(page)).toHaveAccessibleName('Account')
  await openSendView(page)
}

test('the modal shows the dev wallet once for every namespace, and it connects on EVM and Solana too', async ({
  page,
}) => {
  await page.goto('/')
  await solanaWallet(page, 'setAccount', 0)
  await connectButton(page).click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
  await expect(modal(page).getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })).toHaveCount(1)
  await screenshot(page, 'solana-connect')
  await modal(page)
    .getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })
    .click()
  await openAccountAfterConnecting(page)
  // The first network is EVM's, so the page shows the EVM account first.
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
  const namespaces = await page.evaluate(() => {
    const { state } = (window as unknown as { portico: { state: { chains: Record<string, unknown> } } })
      .portico
    return Object.entries(state.chains as Record<string, { accountState: { address?: string } }>)
      .filter(([, chain]) => chain.accountState.address)
      .map(([namespace, chain]) => `${namespace}:${chain.accountState.address}`)
      .sort()
  })
  // The dev wallet is one row in all four namespaces the demo offers, and connects in each.
  expect(namespaces.map((account) => account.split(':')[0])).toEqual([
    'bip122',
    'eip155',
    'polkadot',
    'solana',
  ])
  expect(namespaces).toContain(`eip155:${ACCOUNT_0}`)
  expect(namespaces).toContain(`solana:${SOLANA_TEST_ADDRESSES[0]}`)
})

test('Account on Solana: SOL and PUSD as the validator has them', async ({ page }) => {
  const owner = SOLANA_TEST_ADDRESSES[1]!
  await connectOnSolana(page, 1)
  await expect(modal(page)).toHaveAccessibleName('Account')
  const lamports = await solBalance(owner)
  const { address: mint, decimals } = pusd()
  const units = await splBalance(mint, owner)
  expect(units).toBeGreaterThan(0n)
  await expect(tokenRow(page, 'Solana')).toContainText(`${formatDisplayAmount(formatUnits(lamports, 9))} SOL`)
  await expect(tokenRow(page, 'Portico Dollar')).toContainText(
    `${formatDisplayAmount(formatUnits(units, decimals))} PUSD`,
  )
  await expect(page.getByTestId('demo-balance')).toHaveText(`${formatUnits(lamports, 9)} SOL`)
  await screenshot(page, 'solana-account-tokens')
})

test('send SOL: the receiver gets exactly the amount on the validator, and Activity lists the send', async ({
  page,
}) => {
  const from = SOLANA_TEST_ADDRESSES[2]!
  const to = freshAddress()
  const before = await solBalance(from)
  await openSend(page, 2)
  await fillAndReviewSend(page, '1.25', to, 'solana-send-sol')
  await confirmSend(page, 'solana-send-sol')
  expect(await solBalance(to)).toBe(1_250_000_000n)
  // The sender paid the amount and a fee of at least one signature.
  expect(before - (await solBalance(from))).toBeGreaterThanOrEqual(1_250_005_000n)

  // The server reads the account's history from the validator.
  await modal(page).getByRole('button', { name: 'Done' }).click()
  await expect(modal(page)).toHaveAccessibleName('Account')
  await modal(page).getByRole('tab', { name: 'Activity' }).click()
  const sent = modal(page).getByRole('tabpanel').getByRole('listitem').first()
  await expect(sent).toContainText('Sent')
  await expect(sent).toContainText('−1.25 SOL')
  await expect(sent).toContainText(`To ${to.slice(0, 6)}…${to.slice(-4)}`)
  await screenshot(page, 'solana-account-activity')
})

test('send PUSD: 12.345678 arrive to the unit, in an account the send creates', async ({ page }) => {
  const from = SOLANA_TEST_ADDRESSES[3]!
  const to = freshAddress()
  const { address: mint } = pusd()
  const before = await splBalance(mint, from)
  await openSend(page, 3)
  await chooseSendToken(page, 'Portico Dollar')
  await fillAndReviewSend(page, '12.345678', to, 'solana-send-pusd')
  await confirmSend(page)
  expect(await splBalance(mint, to)).toBe(12_345_678n)
  expect(await splBalance(mint, from)).toBe(before - 12_345_678n)
})

test('the wallet refuses a send: the usual rejection, nothing moves, and a retry sends', async ({ page }) => {
  const to = freshAddress()
  await openSend(page, 4)
  await fillAndReviewSend(page, '0.5', to)
  await solanaWallet(page, 'setMode', 'reject')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page)).toContainText('You declined the request in your wallet. Nothing was sent.')
  await expect(modal(page)).not.toContainText('Failed to send transaction. Please try again.')
  expect(await solBalance(to)).toBe(0n)
  await screenshot(page, 'solana-send-declined')
  await solanaWallet(page, 'setMode', 'approve')
  await confirmSend(page)
  expect(await solBalance(to)).toBe(500_000_000n)
})

test('a send the wallet fails on: SPEC §8 text for a failed Solana send, nothing moves', async ({ page }) => {
  const to = freshAddress()
  await openSend(page, 4)
  await fillAndReviewSend(page, '0.25', to)
  await solanaWallet(page, 'setMode', 'fail')
  await modal(page).getByRole('button', { name: 'Send', exact: true }).click()
  await expect(modal(page)).toContainText('Failed to send transaction. Please try again.')
  expect(await solBalance(to)).toBe(0n)
})

test('"Sign a message" on Solana: the Solana account signs, and the signature verifies', async ({ page }) => {
  const address = SOLANA_TEST_ADDRESSES[5]!
  await connectOnSolana(page, 5)
  await page.keyboard.press('Escape')
  await expect(modal(page)).toBeHidden()
  await page.getByRole('button', { name: 'Sign a message' }).click()
  const shown = page.getByTestId('demo-signature')
  await expect(shown).toContainText('Signature: ')
  const signature = ((await shown.textContent()) ?? '').replace('Signature: ', '').trim()
  // The wallet logs each feature call with its inputs (signMessage takes a list of them).
  const requests = (await solanaWallet(page, 'requests')) as {
    feature: string
    input: { message: number[] }[]
  }[]
  const signed = requests.filter((request) => request.feature === 'solana:signMessage').at(-1)?.input[0]
  expect(signed).toBeDefined()
  const message = new Uint8Array(signed!.message)
  expect(new TextDecoder().decode(message)).toMatch(/^Hello from the Portico demo at /)
  expect(decodeBase58(signature)).toHaveLength(64)
  expect(verifySolanaSignature(address, message, signature)).toBe(true)
  expect(verifySolanaSignature(SOLANA_TEST_ADDRESSES[0]!, message, signature)).toBe(false)
})

test('switch EVM → Solana → EVM → Solana in the Networks view: the right account each time', async ({
  page,
}) => {
  await connectOnSolana(page, 6)
  await screenshot(page, 'solana-account')
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Choose a network')
  await screenshot(page, 'solana-networks-view')
  await modal(page)
    .getByRole('button', { name: /Anvil Two/ })
    .click()
  await expect(page.getByTestId('demo-network')).toHaveText('Anvil Two (eip155:31338)')
  await expect(page.getByTestId('demo-address')).toHaveText(ACCOUNT_0)
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Solana Local/ })
    .click()
  await expect(page.getByTestId('demo-network')).toHaveText(`Solana Local (${SOLANA_CAIP})`)
  await expect(page.getByTestId('demo-address')).toHaveText(SOLANA_TEST_ADDRESSES[6]!)
})

test('?namespaces=eip155 leaves Solana out: no Solana network to pick', async ({ page }) => {
  await page.goto('/?namespaces=eip155')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: new RegExp(DEV_WALLET_NAME) })
    .click()
  await openAccountAfterConnecting(page)
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await expect(modal(page).getByRole('button', { name: /Anvil Two/ })).toBeVisible()
  await expect(modal(page).getByRole('button', { name: /Solana Local/ })).toHaveCount(0)
})

test('on a 360 px phone: Connect, Account, Networks and the Send review on Solana fit', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await page.goto('/')
  await connectButton(page).click()
  await expect(modal(page)).toHaveAccessibleName('Connect a wallet')
  await screenshot(page, 'solana-connect-mobile')
  await page.keyboard.press('Escape')
  await connectOnSolana(page, 7)
  await expect(tokenRow(page, 'Portico Dollar')).toContainText('PUSD')
  await screenshot(page, 'solana-account-mobile')
  await modal(page)
    .getByRole('button', { name: /Change network/ })
    .click()
  await expect(modal(page)).toHaveAccessibleName('Choose a network')
  await screenshot(page, 'solana-networks-mobile')
  await modal(page).getByRole('button', { name: 'Back', exact: true }).click()
  await modal(page)
    .getByRole('navigation', { name: 'Wallet actions' })
    .getByRole('button', { name: 'Send' })
    .click()
  await chooseSendToken(page, 'Portico Dollar')
  await fillAndReviewSend(page, '1', freshAddress(), 'solana-send-mobile')
})

test('headless example: one dev wallet to connect, and the network select moves to Solana and back', async ({
  page,
}) => {
  await page.goto('/headless.html')
  await solanaWallet(page, 'setAccount', 8)
  const connectDevWallet = page.getByRole('button', { name: `Connect ${DEV_WALLET_NAME}` })
  await expect(connectDevWallet).toHaveCount(1)
  await connectDevWallet.click()
  await expect(page.getByRole('status')).toContainText(`Connected ${ACCOUNT_0} on Anvil`)
  await page.getByLabel('Network').selectOption(SOLANA_CAIP)
  await expect(page.getByRole('status')).toContainText(
    `Connected ${SOLANA_TEST_ADDRESSES[8]} on Solana Local`,
  )
  await expect(page.getByRole('status')).toContainText('100.00 SOL')
  await page.getByLabel('Network').selectOption('eip155:31337')
  await expect(page.getByRole('status')).toContainText(`Connected ${ACCOUNT_0} on Anvil`)
})
