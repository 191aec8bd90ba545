import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { spawnUntilReady } from './spawnUntilReady.js'

const node = (script: string) => ({ command: process.execPath, args: ['-e', script] })

describe('spawnUntilReady', () => {
  it('resolves once the process says it is ready, and stop() ends it', async () => {
    let checks = 0
    const spawned = await spawnUntilReady({
      name: 'sleeper',
      ...node('setInterval(() => {}, 1000)'),
      url: 'nowhere',
      isReady: async () => ++checks === 3,
      readyTimeoutMs: 60_000,
      pollMs: 1,
    })
    expect(checks).toBe(3)
    const pid = spawned.pid as number
    expect(() => process.kill(pid, 0)).not.toThrow()
    await spawned.stop()
    expect(() => process.kill(pid, 0)).toThrow()
  })

  it('fails with the exit code and the last output when the process exits first', async () => {
    await expect(
      spawnUntilReady({
        name: 'quitter',
        ...node('console.error("port taken"); process.exit(3)'),
        url: 'http://127.0.0.1:1',
        isReady: async () => false,
        readyTimeoutMs: 60_000,
        pollMs: 5,
      }),
    ).rejects.toThrow(
      /^quitter exited \(code 3\) before it was ready on http:\/\/127\.0\.0\.1:1\.\nport taken/,
    )
  })

  it('keeps standard output only when asked to', async () => {
    const fail = (keepStdout: boolean) =>
      spawnUntilReady({
        name: 'talker',
        ...node('console.log("to stdout"); console.error("to stderr"); process.exit(1)'),
        url: 'nowhere',
        isReady: async () => false,
        readyTimeoutMs: 60_000,
        pollMs: 5,
        keepStdout,
      }).catch((error: Error) => error.message)
    expect(await fail(true)).toMatch(/to stdout/)
    expect(await fail(false)).not.toMatch(/to stdout/)
    expect(await fail(false)).toMatch(/to stderr/)
  })

  it('stops a process that never gets ready within the timeout, and says so', async () => {
    const pidFile = join(mkdtempSync(join(tmpdir(), 'spawn-until-ready-')), 'pid')
    const error = await spawnUntilReady({
      name: 'slowpoke',
      ...node(
        `require('node:fs').writeFileSync(${JSON.stringify(pidFile)}, String(process.pid)); setInterval(() => {}, 1000)`,
      ),
      url: 'http://127.0.0.1:2',
      // Never ready, but only once the process runs, so the timeout has one to stop.
      isReady: async () => {
        while (!existsSync(pidFile)) await new Promise((resolve) => setTimeout(resolve, 10))
        throw new Error('refused')
      },
      readyTimeoutMs: 200,
      pollMs: 20,
    }).catch((caught: Error) => caught)
    expect(String(error)).toMatch(
      /^Error: slowpoke did not answer on http:\/\/127\.0\.0\.1:2 within 200 ms\./,
    )
    const pid = Number(readFileSync(pidFile, 'utf8'))
    expect(() => process.kill(pid, 0)).toThrow()
  })
})
