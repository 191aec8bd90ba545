/** A `Logger` that keeps its lines, so a test can check what was logged. */
import type { Logger } from '../../logger.js'

export interface LoggedLine {
  level: 'debug' | 'info' | 'warn' | 'error'
  message: string
  fields: Record<string, unknown>
}

export type RecordingLogger = Logger & { lines: LoggedLine[] }

export function createRecordingLogger(): RecordingLogger {
  const lines: LoggedLine[] = []
  const make = (bound: Record<string, unknown>): Logger => {
    const write = (level: LoggedLine['level']) => (message: string, fields?: Record<string, unknown>) => {
      lines.push({ level, message, fields: { ...bound, ...fields } })
    }
    return {
      debug: write('debug'),
      info: write('info'),
      warn: write('warn'),
      error: write('error'),
      child: (fields) => make({ ...bound, ...fields }),
    }
  }
  return Object.assign(make({}), { lines })
}
