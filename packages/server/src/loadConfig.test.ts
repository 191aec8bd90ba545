import { randomBytes } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { runCli } from './cli/runCli.js'
import { ConfigError, loadConfig } from './loadConfig.js'

const dir = mkdtempSync(join(tmpdir(), 'portico-config-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

function write(name: string, content: unknown): string {
  const file = join(dir, name)
  writeFileSync(file, typeof content === 'string' ? content : JSON.stringify(content))
  return file
}

const chain = {
  caipNetworkId: 'eip155:31337',
  name: 'Anvil',
  rpcUrl: 'http://127.0.0.1:8545',
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

describe('loadConfig', () => {
  it('gives the documented defaults with no file and no environment', () => {
    const config = loadConfig({ env: {} })
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      dataDir: '.portico-data',
      trustProxy: false,
      projectCacheMs: 5_000,
      indexer: 'embedded',
      rateLimit: { perIp: 600, perProject: 6_000, store: 'auto' },
      rpc: { maxBodyBytes: 524_288, maxBatch: 100, timeoutMs: 10_000 },
      log: { level: 'info' },
    })
    expect(config.databaseUrl).toBeUndefined()
    // /metrics is off until a token is set.
    expect(config.metrics.token).toBeUndefined()
  })

  it('takes the metrics token from PORTICO_METRICS_TOKEN and refuses a short one', () => {
    expect(loadConfig({ env: { PORTICO_METRICS_TOKEN: 'a-long-enough-token' } }).metrics.token).toBe(
      'a-long-enough-token',
    )
    expect(() => loadConfig({ env: { PORTICO_METRICS_TOKEN: 'short' } })).toThrow(/metrics\.token/)
  })

  it('reads the file named by PORTICO_CONFIG and puts the environment on top', () => {
    const file = write('ok.json', { port: 9000, host: '0.0.0.0', chains: [chain], log: { level: 'warn' } })
    const config = loadConfig({
      env: {
        PORTICO_CONFIG: file,
        PORT: '9100',
        DATABASE_URL: 'postgres://u@db/portico',
        PORTICO_DATA_DIR: '/var/lib/p',
        PORTICO_LOG_LEVEL: 'debug',
      },
    })
    expect(config).toMatchObject({
      port: 9100,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u@db/portico',
      dataDir: '/var/lib/p',
      log: { level: 'debug' },
    })
    expect(config.chains[0]?.indexer).toEqual({
      enabled: true,
      confirmations: 0,
      pollIntervalMs: 2_000,
      batchBlocks: 200,
    })
  })

  it('names each bad field, the file, and the variable a bad value came from', () => {
    const file = write('bad.json', { chains: [{ ...chain, rpcUrl: 'not a url' }], rateLimit: { perIp: 0 } })
    let error: unknown
    try {
      loadConfig({ file, env: { PORT: 'eighty', PORTICO_LOG_LEVEL: 'loud' } })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toContain(file)
    expect(message).toMatch(/chains\.0\.rpcUrl: .*\(in /)
    expect(message).toContain('rateLimit.perIp')
    expect(message).toMatch(/port: .*\(from the environment variable PORT\)/)
    expect(message).toMatch(/log\.level: .*\(from the environment variable PORTICO_LOG_LEVEL\)/)
  })

  it('refuses an RPC allow-list that opens signing or node control', () => {
    const file = write('methods.json', {
      rpc: { allowedMethods: ['eth_call', 'eth_sendTransaction', 'anvil_mine'] },
    })
    expect(() => loadConfig({ file, env: {} })).toThrow(
      /rpc\.allowedMethods\.1: eth_sendTransaction .*never forwarded/,
    )
  })

  it('says so when the file is missing or not JSON', () => {
    expect(() => loadConfig({ file: join(dir, 'absent.json'), env: {} })).toThrow(
      /absent\.json: it does not exist/,
    )
    expect(() => loadConfig({ file: write('broken.json', '{ "port": '), env: {} })).toThrow(
      /broken\.json is not valid JSON/,
    )
    expect(() => loadConfig({ file: write('list.json', '[]'), env: {} })).toThrow(/must hold a JSON object/)
  })

  it('refuses a malformed PORTICO_MASTER_KEY, naming the variable and how to make a key, without echoing it', () => {
    const key = 'not-a-master-key-at-all'
    let error: unknown
    try {
      loadConfig({ env: { PORTICO_MASTER_KEY: key } })
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ConfigError)
    const message = (error as Error).message
    expect(message).toMatch(
      /auth\.masterKey: .*32 bytes.*\(from the environment variable PORTICO_MASTER_KEY\)/,
    )
    expect(message).toContain('openssl rand -hex 32')
    expect(message).not.toContain(key)
  })

  it('refuses a malformed auth.masterKey in the file, naming the file', () => {
    const file = write('short-key.json', { auth: { masterKey: 'ab'.repeat(31) } })
    expect(() => loadConfig({ file, env: {} })).toThrow(
      /auth\.masterKey: .*openssl rand -hex 32 \(in .*short-key\.json\)/,
    )
  })

  it('takes the master key from PORTICO_MASTER_KEY, and refuses a file and a variable naming two keys', () => {
    const key = randomBytes(32)
    expect(loadConfig({ env: { PORTICO_MASTER_KEY: key.toString('hex') } }).auth.masterKey).toBe(
      key.toString('hex'),
    )
    // One key written two ways is one key.
    const file = write('key.json', { auth: { masterKey: key.toString('base64') } })
    expect(loadConfig({ file, env: { PORTICO_MASTER_KEY: key.toString('hex') } }).auth.masterKey).toBe(
      key.toString('base64'),
    )
    expect(() => loadConfig({ file, env: { PORTICO_MASTER_KEY: randomBytes(32).toString('hex') } })).toThrow(
      /auth\.masterKey in .*key\.json and the environment variable PORTICO_MASTER_KEY differ/,
    )
  })

  it('caps mails per address at 20 a day unless told otherwise, and at least 1', () => {
    expect(loadConfig({ env: {} }).auth.maxMailsPerDay).toBe(20)
    const file = write('no-mail.json', { auth: { maxMailsPerDay: 0 } })
    expect(() => loadConfig({ file, env: {} })).toThrow(/auth\.maxMailsPerDay/)
  })

  it('makes portico-server start exit 1 with the message before it opens the database', async () => {
    const dataDir = join(dir, 'never-created')
    let stdout = ''
    let stderr = ''
    const code = await runCli(['start'], {
      stdout: { write: (text: string) => (stdout += text) },
      stderr: { write: (text: string) => (stderr += text) },
      env: { PORTICO_MASTER_KEY: 'abc123', PORTICO_DATA_DIR: dataDir, PORT: '0' },
      waitForStop: () => new Promise(() => {}),
    })
    expect(code).toBe(1)
    expect(stderr).toMatch(
      /auth\.masterKey: .*openssl rand -hex 32 \(from the environment variable PORTICO_MASTER_KEY\)/,
    )
    expect(stdout).toBe('')
    expect(existsSync(dataDir)).toBe(false)
  })
})
