import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { BaseError } from '@portico/core/errors'
import * as z from 'zod'
import { InvalidMasterKeyError, parseMasterKey } from './auth/masterKey.js'
import { type ServerConfig, serverConfigSchema } from './config.js'

/** The configuration could not be read or is invalid; the message names the file and every bad field. */
export class ConfigError extends BaseError {
  override name = 'ConfigError' as const
}
export type ConfigErrorType = ConfigError & { name: 'ConfigError' }

export interface LoadConfigParameters {
  /** A JSON config file; `env.PORTICO_CONFIG` when omitted, and none when neither is set. */
  file?: string | undefined
  /**
   * The environment: `HOST`, `PORT`, `DATABASE_URL`, `PORTICO_DATA_DIR`, `PORTICO_LOG_LEVEL`, `PORTICO_METRICS_TOKEN`,
   * `PORTICO_MASTER_KEY`, `PORTICO_PAYMASTER_SIGNER_KEY`, `PORTICO_CONFIG`.
   */
  env: Record<string, string | undefined>
}

/** Environment variables and the config field each one sets. */
const ENV_FIELDS = {
  HOST: 'host',
  PORT: 'port',
  DATABASE_URL: 'databaseUrl',
  PORTICO_DATA_DIR: 'dataDir',
  PORTICO_LOG_LEVEL: 'log.level',
  PORTICO_METRICS_TOKEN: 'metrics.token',
  PORTICO_PAYMASTER_SIGNER_KEY: 'paymaster.signerKey',
} as const

function readJsonFile(file: string): Record<string, unknown> {
  let text: string
  try {
    text = readFileSync(file, 'utf8')
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'it does not exist' : String(error)
    throw new ConfigError(`Cannot read the config file ${file}: ${reason}.`, { cause: error })
  }
  let parsed: unknown
  try {
    parsed = JSON.parse(text)
  } catch (error) {
    throw new ConfigError(`The config file ${file} is not valid JSON: ${(error as Error).message}.`, {
      cause: error,
    })
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new ConfigError(`The config file ${file} must hold a JSON object.`)
  }
  return parsed as Record<string, unknown>
}

/** Whether two master-key texts are the same 32 bytes (hex and base64 of one key are). */
function sameMasterKey(a: string, b: string): boolean {
  try {
    return parseMasterKey(a).equals(parseMasterKey(b))
  } catch (error) {
    if (error instanceof InvalidMasterKeyError) return false
    throw error
  }
}

/**
 * Puts `PORTICO_MASTER_KEY` under `auth.masterKey`, so a malformed key stops the server at start-up
 * like any bad field, named with its variable, rather than when the API is built. A file and a
 * variable naming two different keys are refused: wallets are encrypted under one of them, and
 * picking silently could make every stored wallet unreadable.
 */
function applyMasterKeyVariable(
  raw: Record<string, unknown>,
  env: Record<string, string | undefined>,
  fromEnv: Map<string, string>,
  file: string | undefined,
): void {
  const variable = env.PORTICO_MASTER_KEY
  if (variable === undefined || variable === '') return
  const auth = typeof raw.auth === 'object' && raw.auth !== null ? (raw.auth as Record<string, unknown>) : {}
  const configured = auth.masterKey
  if (configured === undefined) {
    raw.auth = { ...auth, masterKey: variable }
    fromEnv.set('auth.masterKey', 'PORTICO_MASTER_KEY')
    return
  }
  if (typeof configured === 'string' && sameMasterKey(configured, variable)) return
  throw new ConfigError(
    `The server configuration has two master keys: auth.masterKey${file ? ` in ${file}` : ''} and the environment variable PORTICO_MASTER_KEY differ. Keep only the one the stored wallets were encrypted with.`,
  )
}

/** Where a bad field came from: the env variable that set it, or the file. */
function describeSource(path: string, fromEnv: Map<string, string>, file: string | undefined): string {
  const variable = fromEnv.get(path)
  if (variable) return ` (from the environment variable ${variable})`
  return file ? ` (in ${file})` : ''
}

/**
 * Reads the server's configuration: the JSON file, then the environment on top, checked against
 * `serverConfigSchema`. Throws a `ConfigError` naming each bad field and where it came from.
 * @example
 * const config = loadConfig({ file: 'portico.json', env: process.env })
 */
export function loadConfig(parameters: LoadConfigParameters): ServerConfig {
  const { env } = parameters
  const fileOption = parameters.file ?? env.PORTICO_CONFIG
  const file = fileOption ? resolve(fileOption) : undefined
  const raw: Record<string, unknown> = file ? readJsonFile(file) : {}
  const fromEnv = new Map<string, string>()

  for (const [variable, path] of Object.entries(ENV_FIELDS)) {
    const value = env[variable]
    if (value === undefined || value === '') continue
    fromEnv.set(path, variable)
    if (path === 'port') {
      // A non-number stays a string so the schema reports it against the variable.
      raw.port = /^\d+$/.test(value) ? Number(value) : value
    } else if (path === 'log.level') {
      const log = typeof raw.log === 'object' && raw.log !== null ? raw.log : {}
      raw.log = { ...log, level: value }
    } else if (path === 'metrics.token') {
      const metrics = typeof raw.metrics === 'object' && raw.metrics !== null ? raw.metrics : {}
      raw.metrics = { ...metrics, token: value }
    } else if (path === 'paymaster.signerKey') {
      const paymaster = typeof raw.paymaster === 'object' && raw.paymaster !== null ? raw.paymaster : {}
      raw.paymaster = { ...paymaster, signerKey: value }
    } else {
      raw[path] = value
    }
  }

  applyMasterKeyVariable(raw, env, fromEnv, file)

  const result = serverConfigSchema.safeParse(raw)
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const path = issue.path.map(String).join('.') || '(root)'
      return `  - ${path}: ${issue.message}${describeSource(path, fromEnv, file)}`
    })
    const where = file ? ` in ${file}` : ''
    throw new ConfigError(`The server configuration${where} is invalid:\n${lines.join('\n')}`, {
      cause: result.error,
    })
  }
  return result.data
}

/** A config built from defaults and the given fields, checked the same way; handy in scripts and tests. */
export function defineConfig(input: z.input<typeof serverConfigSchema>): ServerConfig {
  const result = serverConfigSchema.safeParse(input)
  if (!result.success)
    throw new ConfigError(`The server configuration is invalid:\n${z.prettifyError(result.error)}`)
  return result.data
}
