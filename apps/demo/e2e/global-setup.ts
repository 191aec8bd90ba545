import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
// Shared with scripts/demo.sh's chains: spawns the anvil binary of @foundry-rs/anvil.
import { startAnvil } from '../../../scripts/anvil.mjs'
import { e2eChains, pidFile } from './chains'

/** Stops anvil processes left behind by an earlier run that did not reach its teardown. */
export function stopRecordedAnvils(): void {
  let pids: number[]
  try {
    pids = JSON.parse(readFileSync(pidFile, 'utf8'))
  } catch {
    return
  }
  for (const pid of pids) {
    try {
      // Only signal a process that is still an anvil: the pid may have been reused.
      if (readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('anvil')) process.kill(pid, 'SIGTERM')
    } catch {}
  }
  rmSync(pidFile, { force: true })
}

export default async function globalSetup(): Promise<void> {
  stopRecordedAnvils()
  mkdirSync(fileURLToPath(new URL('.', pidFile)), { recursive: true })
  const started: number[] = []
  try {
    for (const { chainId, port } of e2eChains) {
      const anvil = await startAnvil({ chainId, port })
      started.push(anvil.pid)
      writeFileSync(pidFile, JSON.stringify(started))
    }
  } catch (error) {
    stopRecordedAnvils()
    throw error
  }
}
