/** Structured logging: one JSON object per line on stdout (or the given stream). */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  /** A logger that adds `fields` to every line. */
  child(fields: Record<string, unknown>): Logger
}

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'

const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export interface CreateLoggerParameters {
  /** Lines below this level are dropped. */
  level: LogLevel
  /** Where lines go; stdout when omitted. */
  stream?: { write(line: string): unknown }
}

/** Turns values JSON cannot carry (errors, bigints) into something a log reader can use. */
function toLoggable(value: unknown): unknown {
  if (value instanceof Error) {
    return { name: value.name, message: value.message, stack: value.stack }
  }
  if (typeof value === 'bigint') return value.toString()
  return value
}

/**
 * A `Logger` writing one JSON object per line: `time` (ISO), `level`, `msg`, then the fields.
 * @example
 * const logger = createLogger({ level: 'info' })
 * logger.child({ projectId }).info('request', { status: 200 })
 */
export function createLogger(parameters: CreateLoggerParameters): Logger {
  const stream = parameters.stream ?? process.stdout
  const threshold = LEVEL_RANK[parameters.level]
  const make = (bound: Record<string, unknown>): Logger => {
    const write = (level: LogLevel, message: string, fields?: Record<string, unknown>) => {
      if (LEVEL_RANK[level] < threshold) return
      const line: Record<string, unknown> = { time: new Date().toISOString(), level, msg: message }
      for (const [key, value] of Object.entries({ ...bound, ...fields })) line[key] = toLoggable(value)
      let text: string
      try {
        text = JSON.stringify(line)
      } catch {
        // A circular field must not lose the line itself.
        text = JSON.stringify({ time: line.time, level, msg: message, fields: '[unserialisable]' })
      }
      stream.write(`${text}\n`)
    }
    return {
      debug: (message, fields) => write('debug', message, fields),
      info: (message, fields) => write('info', message, fields),
      warn: (message, fields) => write('warn', message, fields),
      error: (message, fields) => write('error', message, fields),
      child: (fields) => make({ ...bound, ...fields }),
    }
  }
  return make({})
}
