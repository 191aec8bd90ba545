import { describe, expect, it } from 'vitest'
import { createLogger } from './logger.js'

function capture(level: 'debug' | 'info' | 'warn' | 'error') {
  const lines: string[] = []
  return { logger: createLogger({ level, stream: { write: (line: string) => lines.push(line) } }), lines }
}

describe('createLogger', () => {
  it('writes one JSON object per line with time, level, message and fields', () => {
    const { logger, lines } = capture('info')
    logger.info('request', { status: 200, amount: 10n })
    expect(lines).toHaveLength(1)
    expect(lines[0]?.endsWith('\n')).toBe(true)
    const line = JSON.parse(lines[0] ?? '')
    expect(line).toMatchObject({ level: 'info', msg: 'request', status: 200, amount: '10' })
    expect(new Date(line.time).toString()).not.toBe('Invalid Date')
  })

  it('drops lines below its level', () => {
    const { logger, lines } = capture('warn')
    logger.debug('a')
    logger.info('b')
    logger.warn('c')
    logger.error('d')
    expect(lines.map((line) => JSON.parse(line).msg)).toEqual(['c', 'd'])
  })

  it('adds a child’s fields to every line and writes errors with their stack', () => {
    const { logger, lines } = capture('debug')
    logger
      .child({ component: 'indexer' })
      .child({ chain: 'eip155:1' })
      .error('failed', { err: new TypeError('boom') })
    const line = JSON.parse(lines[0] ?? '')
    expect(line).toMatchObject({
      component: 'indexer',
      chain: 'eip155:1',
      err: { name: 'TypeError', message: 'boom' },
    })
    expect(line.err.stack).toContain('boom')
  })

  it('keeps the line when a field cannot be serialised', () => {
    const { logger, lines } = capture('info')
    const circular: Record<string, unknown> = {}
    circular.self = circular
    logger.info('still here', { circular })
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({ msg: 'still here', fields: '[unserialisable]' })
  })
})
