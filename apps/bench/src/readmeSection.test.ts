import { describe, expect, it } from 'vitest'
import {
  benchSection,
  ReadmeSectionError,
  replaceSection,
  SECTION_END,
  SECTION_START,
} from './readmeSection.ts'

const readme = [
  '# Portico',
  '',
  '## Performance',
  '',
  'What the rows mean.',
  '',
  SECTION_START,
  'old table',
  SECTION_END,
  '',
  '## Repository',
  '',
].join('\n')

describe('replaceSection', () => {
  it('replaces only what lies between the markers, and keeps the markers', () => {
    const updated = replaceSection(readme, '| new | table |\n')
    expect(updated).toBe(readme.replace('old table', '| new | table |'))
  })

  it('gives the same README when run twice with the same content', () => {
    const once = replaceSection(readme, 'figures')
    expect(replaceSection(once, 'figures')).toBe(once)
  })

  it('refuses a README without the markers, with one twice, or with them out of order', () => {
    expect(() => replaceSection('# Portico\n', 'x')).toThrow(ReadmeSectionError)
    expect(() => replaceSection(`${readme}\n${SECTION_START}\n`, 'x')).toThrow('found 2 and 1')
    expect(() => replaceSection(`${SECTION_END}\n${SECTION_START}\n`, 'x')).toThrow(
      `${SECTION_END} comes before ${SECTION_START}`,
    )
  })

  it('refuses content that holds a marker, which would break the next rewrite', () => {
    expect(() => replaceSection(readme, `a ${SECTION_END} b`)).toThrow(ReadmeSectionError)
  })
})

describe('benchSection', () => {
  const parameters = {
    table: '| t |',
    date: '2026-11-26',
    machine: '2 × Test CPU, 7.8 GiB, Linux 6.8',
    browser: '140.0.1',
    runs: 5,
    rates: [1, 4],
    outside: [],
    load: { start: 1.23, end: 0.5 },
  }

  it('says when, where, how often and how to run it again', () => {
    const text = benchSection(parameters)
    expect(text).toContain(
      'Measured 2026-11-26 on 2 × Test CPU, 7.8 GiB, Linux 6.8, headless Chromium 140.0.1',
    )
    expect(text).toContain('median of 5 runs per site at the machine’s own speed and at the CPU throttled ×4')
    expect(text).toContain('\n\n| t |\n\n')
    expect(text).toContain('`pnpm bench --write`')
    expect(text).toContain('The load average was 1.2 when the runs started and 0.5 when they ended')
    expect(text).toContain('Neither page made a request beyond the local server.')
  })

  it('lists the requests that went beyond the local server', () => {
    const text = benchSection({ ...parameters, outside: ['https://rpc.example/'] })
    expect(text).toContain('Requests beyond the local server')
    expect(text).toContain('`https://rpc.example/`')
  })
})
