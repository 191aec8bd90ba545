/** Structured logging: one JSON object per line on stdout (or the given stream). */
export interface Logger {
  debug(message: string, fields?: Record<string, unknown>): void
  info(message: string, fields?: Record<string, unknown>): void
  warn(message: string, fields?: Record<string, unknown>): void
  error(message: string, fields?: Record<string, unknown>): void
  /** A logger that adds `fields` to every line. */
  child(fields: Record<string, unknown>): Logger
}
