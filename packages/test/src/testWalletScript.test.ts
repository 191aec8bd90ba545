// @vitest-environment happy-dom
import { afterAll, beforeAll, expect, it } from 'vitest'
import { ANVIL_ADDRESSES } from './accounts.js'
import { type AnvilInstance, startAnvil } from './anvil.js'
import { buildTestWalletScript } from './testWalletScript.js'

let anvil: AnvilInstance
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31_431 })
})
afterAll(() => anvil?.stop())

it('builds a self-contained script that installs working dev wallets in a page', async () => {
  const script = await buildTestWalletScript({
    chains: [{ chainId: 31_431, rpcUrl: anvil.rpcUrl, name: 'Anvil' }],
    second: true,
  })
  expect(script).not.toMatch(/\bimport\s*[{*]|require\(/)
  const announced: string[] = []
  window.addEventListener('eip6963:announceProvider', (event) =>
    announced.push((event as CustomEvent<{ info: { rdns: string } }>).detail.info.rdns),
  )
  // Runs the script the way a browser runs an init script: as plain code in the page.
  new Function(script)()
  expect(announced).toEqual(['dev.portico.wallet', 'dev.portico.wallet2'])
  const wallet = window.__porticoDevWallets?.['dev.portico.wallet']
  expect(await wallet?.request({ method: 'eth_requestAccounts' })).toContain(ANVIL_ADDRESSES[0])
  expect(await wallet?.request({ method: 'eth_getBalance', params: [ANVIL_ADDRESSES[0], 'latest'] })).toMatch(
    /^0x/,
  )
})
