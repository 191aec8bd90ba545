import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { apiErrorSchema, REGISTRY_WALLETS, walletRegistryResponseSchema } from '@portico/core/api'
import type { Kysely } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { serverConfigSchema } from '../config.js'
import type { Database } from '../db/schema.js'
import { createApp } from '../http/createApp.js'
import { createLogger } from '../logger.js'
import { addProject } from '../projects/projects.js'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { InvalidWalletRegistryError } from './loadWalletRegistry.js'
import { WALLET_REGISTRY_CACHE_CONTROL } from './walletRegistryRoutes.js'

const SITE = 'https://wallet.example'
const logger = createLogger({ level: 'error', stream: { write: () => {} } })
const custom = {
  id: 'example.wallet',
  name: 'Example Wallet',
  namespaces: ['eip155'],
  imageUrl: 'data:image/svg+xml;base64,PHN2Zy8+',
  mobile: { native: 'examplewallet://', universal: 'https://link.example.com' },
}
const renamedMetaMask = { id: 'io.metamask', name: 'MetaMask (ours)', namespaces: ['eip155'] }

describe('GET /v1/wallets', () => {
  let database: TestDatabase
  let db: Kysely<Database>
  let dir: string

  beforeAll(async () => {
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await addProject(db, { id: 'wallet', origins: [SITE] })
    dir = await mkdtemp(join(tmpdir(), 'portico-registry-'))
  })
  afterAll(async () => {
    await db.destroy()
    await database.drop()
    await rm(dir, { recursive: true, force: true })
  })

  const appWith = (walletRegistry: object = {}) =>
    createApp({ config: serverConfigSchema.parse({ walletRegistry }), db, logger })
  const get = (
    app: ReturnType<typeof createApp>,
    headers: Record<string, string> = {},
    query = '?projectId=wallet',
  ) => app.request(`/v1/wallets${query}`, { headers: { origin: SITE, ...headers } })
  const writeJson = async (name: string, value: unknown) => {
    const file = join(dir, name)
    await writeFile(file, JSON.stringify(value))
    return file
  }

  it('answers the shipped list by default, in the contract, with ETag and Cache-Control', async () => {
    const response = await get(appWith())
    expect(response.status).toBe(200)
    expect(response.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(response.headers.get('cache-control')).toBe(WALLET_REGISTRY_CACHE_CONTROL)
    expect(response.headers.get('etag')).toMatch(/^"[\w-]{27}"$/)
    const body = walletRegistryResponseSchema.parse(await response.json())
    expect(body.wallets).toEqual(REGISTRY_WALLETS)
  })

  it('answers 304 without a body when the browser already has this list', async () => {
    const app = appWith()
    const etag = (await get(app)).headers.get('etag')!
    const again = await get(app, { 'if-none-match': etag })
    expect(again.status).toBe(304)
    expect(await again.text()).toBe('')
    expect(again.headers.get('etag')).toBe(etag)
    const other = await get(app, { 'if-none-match': '"something-else"' })
    expect(other.status).toBe(200)
  })

  it('refuses a request without a project, and a site the project does not allow', async () => {
    const app = appWith()
    const missing = await get(app, {}, '')
    expect(missing.status).toBe(400)
    expect(apiErrorSchema.parse(await missing.json()).error.code).toBe('PROJECT_ID_MISSING')
    const foreign = await get(app, { origin: 'https://other.example' })
    expect(foreign.status).toBe(403)
    expect(apiErrorSchema.parse(await foreign.json()).error.code).toBe('ORIGIN_NOT_ALLOWED')
  })

  it('a registry file extends the shipped list by default; an entry with a shipped id replaces it', async () => {
    const file = await writeJson('extend.json', { wallets: [custom, renamedMetaMask] })
    const app = appWith({ file })
    const { wallets } = walletRegistryResponseSchema.parse(await (await get(app)).json())
    expect(wallets).toHaveLength(REGISTRY_WALLETS.length + 1)
    expect(wallets[0]).toEqual(renamedMetaMask)
    expect(wallets.at(-1)).toEqual(custom)
  })

  it('a registry file in replace mode is the whole list, and the ETag follows the list', async () => {
    const file = await writeJson('replace.json', [custom])
    const app = appWith({ file, mode: 'replace' })
    const response = await get(app)
    expect(await response.json()).toEqual({ wallets: [custom] })
    expect(response.headers.get('etag')).not.toBe((await get(appWith())).headers.get('etag'))
  })

  it.each([
    [{ ...custom, imageUrl: 'http://cdn.example.com/icon.png' }, 'imageUrl'],
    [{ ...custom, mobile: { native: 'javascript:alert(1)//' } }, 'mobile.native'],
    [{ ...custom, mobile: { universal: 'http://link.example.com' } }, 'mobile.universal'],
    [{ ...custom, namespaces: ['cosmos'] }, 'namespaces'],
  ])('refuses a bad entry at start-up, naming it (%#: %s)', async (entry, field) => {
    const file = await writeJson('bad.json', [renamedMetaMask, entry])
    expect(() => appWith({ file })).toThrow(InvalidWalletRegistryError)
    expect(() => appWith({ file })).toThrow(
      new RegExp(`entry 1 "example.wallet": ${field.replace('.', '\\.')}`),
    )
  })

  it('refuses a file that is missing, not JSON, or lists an id twice', async () => {
    expect(() => appWith({ file: join(dir, 'absent.json') })).toThrow(/absent\.json cannot be used/)
    const notJson = join(dir, 'broken.json')
    await writeFile(notJson, '{ wallets: ')
    expect(() => appWith({ file: notJson })).toThrow(InvalidWalletRegistryError)
    const twice = await writeJson('twice.json', [custom, custom])
    expect(() => appWith({ file: twice })).toThrow(/entry 1 "example.wallet": the id is listed twice/)
  })
})
