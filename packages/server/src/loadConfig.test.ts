import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
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
      rateLimit: { perIp: 600, perProject: 6_000 },
      rpc: { maxBodyBytes: 524_288, maxBatch: 100, timeoutMs: 10_000 },
      log: { level: 'info' },
    })
    expect(config.databaseUrl).toBeUndefined()
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
})
