import { expect, type Page, test } from '@playwright/test'
import { devWallet, modal } from './fixtures'

// With `locale="de"` what core reports (a refusal, a failure, a server's alert, a toast) shows in
// German too: core puts message keys in state and the modal translates them.

const connectButton = (page: Page) => page.getByRole('button', { name: 'Wallet verbinden' })

async function connectInGerman(page: Page, query = '') {
  await page.goto(`/?locale=de${query}`)
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  // Connected: the modal closes; the account button ('Konto …') opens Account.
  await expect(modal(page)).toBeHidden()
  await page.getByRole('button', { name: /^Konto / }).click()
  await expect(modal(page)).toHaveAccessibleName('Konto')
}

test('in German, a declined connection says so in German', async ({ page }) => {
  await page.goto('/?locale=de')
  await devWallet(page).setMode('reject')
  await connectButton(page).click()
  await modal(page)
    .getByRole('button', { name: /Portico Dev Wallet/ })
    .click()
  await expect(modal(page)).toContainText('Verbindung abgelehnt')
  await expect(modal(page)).toContainText('Du hast die Anfrage in Portico Dev Wallet abgelehnt.')
  await expect(modal(page)).not.toContainText('declined')
})

test('in German, a network switch declined in the wallet says so in German', async ({ page }) => {
  await connectInGerman(page)
  await devWallet(page).setMode('reject')
  await modal(page)
    .getByRole('button', { name: /Netzwerk: Anvil\. Netzwerk wechseln/ })
    .click()
  await modal(page)
    .getByRole('button', { name: /Anvil Two/ })
    .click()
  await expect(modal(page).getByRole('alert')).toHaveText('Netzwerkwechsel in der Wallet abgelehnt')
  await expect(modal(page)).not.toContainText('Switch declined')
  await expect(page.getByTestId('demo-network')).toContainText('eip155:31337')
})

test("in German, the server's refusal of the project is an alert in German", async ({ page }) => {
  await connectInGerman(page, '&projectId=no-such-project')
  const alert = modal(page).locator('.alert')
  await expect(alert).toHaveText('Ungültige Projekt-ID')
  await expect(alert).toHaveAttribute('role', 'alert')
  await expect(page.getByText('Invalid Project ID')).toHaveCount(0)
})

test('in German, balances the server cannot give are said unavailable in German, once', async ({ page }) => {
  // Nothing listens on port 9: every request to the server is refused.
  await connectInGerman(page, '&apiUrl=http://127.0.0.1:9')
  // The Tokens tab says it (no toast repeats it there).
  await expect(modal(page).getByRole('tabpanel')).toContainText('Token-Guthaben nicht verfügbar')
  await expect(page.getByText('Token-Guthaben nicht verfügbar')).toHaveCount(1)
  await expect(modal(page).locator('.toast')).toHaveCount(0)
})
