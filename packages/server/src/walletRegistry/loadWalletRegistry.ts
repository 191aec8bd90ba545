import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import type { RegistryWallet } from '@portico/core'
import { REGISTRY_WALLETS, registryWalletSchema } from '@portico/core/api'
import { BaseError } from '@portico/core/errors'
import type { ServerConfig } from '../config.js'

/** The configured wallet registry file cannot be read or holds an entry the contract refuses. */
export class InvalidWalletRegistryError extends BaseError {
  override name = 'InvalidWalletRegistryError' as const
  constructor(file: string, reason: string) {
    super(`The wallet registry file ${file} cannot be used: ${reason}`)
  }
}
export type InvalidWalletRegistryErrorType = InvalidWalletRegistryError & {
  name: 'InvalidWalletRegistryError'
}

/**
 * The wallets `GET /v1/wallets` answers: the shipped list, replaced or extended by the configured
 * `walletRegistry.file`. Read once at start-up; throws `InvalidWalletRegistryError` naming the
 * first refused entry, so a bad file stops the server instead of reaching visitors.
 *
 * @example
 * const wallets = loadWalletRegistry(config)
 */
export function loadWalletRegistry(config: Pick<ServerConfig, 'walletRegistry'>): readonly RegistryWallet[] {
  const { file, mode } = config.walletRegistry
  if (!file) return REGISTRY_WALLETS
  const path = resolve(file)
  let parsed: unknown
  try {
    parsed = JSON.parse(readFileSync(path, 'utf8'))
  } catch (error) {
    throw new InvalidWalletRegistryError(path, error instanceof Error ? error.message : String(error))
  }
  const entries = Array.isArray(parsed)
    ? parsed
    : typeof parsed === 'object' &&
        parsed !== null &&
        Array.isArray((parsed as { wallets?: unknown }).wallets)
      ? (parsed as { wallets: unknown[] }).wallets
      : undefined
  if (!entries)
    throw new InvalidWalletRegistryError(path, 'expected an array of wallets or { "wallets": [...] }.')

  const wallets: RegistryWallet[] = []
  const seen = new Set<string>()
  entries.forEach((entry, index) => {
    const result = registryWalletSchema.safeParse(entry)
    const id = typeof (entry as { id?: unknown })?.id === 'string' ? ` "${(entry as { id: string }).id}"` : ''
    if (!result.success) {
      const issue = result.error.issues[0]
      const where = issue?.path.length ? `${issue.path.join('.')}: ` : ''
      throw new InvalidWalletRegistryError(
        path,
        `entry ${index}${id}: ${where}${issue?.message ?? 'invalid'}.`,
      )
    }
    if (seen.has(result.data.id))
      throw new InvalidWalletRegistryError(path, `entry ${index}${id}: the id is listed twice.`)
    seen.add(result.data.id)
    wallets.push(result.data)
  })
  if (mode === 'replace') return wallets
  // A file entry with a shipped id takes that wallet's place; new ones follow the shipped list.
  const byId = new Map(wallets.map((wallet) => [wallet.id, wallet]))
  const shippedIds = new Set(REGISTRY_WALLETS.map((wallet) => wallet.id))
  return [
    ...REGISTRY_WALLETS.map((wallet) => byId.get(wallet.id) ?? wallet),
    ...wallets.filter((wallet) => !shippedIds.has(wallet.id)),
  ]
}
