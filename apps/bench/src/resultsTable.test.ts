import { describe, expect, it } from 'vitest'
import type { RateSummary, SiteSummary } from './benchSummary.ts'
import { ResultsTableError, renderTable, resultsRows, rowLabel } from './resultsTable.ts'

const control = (buttonMs: number): SiteSummary => ({
  runs: 5,
  jsToButton: { count: 1, gzip: 75 * 1024 },
  buttonMs,
  jsWhileIdle: { count: 0, gzip: 0 },
  heapBytes: 1_700_000,
})
const portico = (buttonMs: number, modalMs: number): SiteSummary => ({
  runs: 5,
  jsToButton: { count: 20, gzip: 150 * 1024 },
  buttonMs,
  jsWhileIdle: { count: 3, gzip: 12 * 1024 },
  heapBytes: 3_200_000,
  open: { modalMs, walletRowMs: modalMs + 20, scripts: { count: 2, gzip: 4 * 1024 }, otherRequests: 0 },
})
const both: RateSummary[] = [
  { rate: 1, portico: portico(330, 40), control: control(300) },
  { rate: 4, portico: portico(1400, 300), control: control(1000) },
]

describe('resultsRows', () => {
  it('gives JS once, as a ratio to the control, and each timing once per CPU rate', () => {
    const rows = resultsRows(both)
    expect(rows[0]).toEqual({
      measure: 'JS before the button is usable, gzip',
      portico: '150.0 KiB (20 files)',
      control: '75.0 KiB (1 file)',
      ratio: '2.00×',
    })
    expect(rows.slice(1, 3)).toEqual([
      { measure: 'load → button usable', portico: '330 ms', control: '300 ms', ratio: '1.10×' },
      { measure: 'same, CPU ×4', portico: '1400 ms', control: '1000 ms', ratio: '1.40×' },
    ])
    expect(rows.map((row) => row.measure)).toEqual([
      'JS before the button is usable, gzip',
      'load → button usable',
      'same, CPU ×4',
      'JS fetched after load, before the click (preload)',
      'same, CPU ×4',
      'click → modal visible',
      'same, CPU ×4',
      'click → first wallet row (one EIP-6963 wallet)',
      'same, CPU ×4',
      'chunks fetched on open, gzip',
      'same, CPU ×4',
      'other requests on open',
      'same, CPU ×4',
      'heap after open (control: after load)',
      'same, CPU ×4',
    ])
  })

  it('shows no figure for the control where it has no modal', () => {
    const rows = resultsRows(both)
    const modal = rows.find((row) => row.measure === 'click → modal visible')
    expect(modal).toEqual({ measure: 'click → modal visible', portico: '40 ms', control: '–', ratio: '–' })
    expect(rows.find((row) => row.measure === 'chunks fetched on open, gzip')?.portico).toBe('2 (4.0 KiB)')
  })

  it('names the rate on the first row when only the throttled CPU was measured', () => {
    const rows = resultsRows([both[1]!])
    expect(rows[1]?.measure).toBe('load → button usable, CPU ×4')
    expect(rows).toHaveLength(8)
  })

  it('refuses no results, and Portico runs without an open', () => {
    expect(() => resultsRows([])).toThrow(ResultsTableError)
    const { open: _, ...closed } = portico(1, 1)
    expect(() => resultsRows([{ rate: 1, portico: closed, control: control(1) }])).toThrow(
      "Portico's runs have no modal opening to report",
    )
  })
})

describe('rowLabel', () => {
  it('names the machine speed plainly and throttled rates by their factor', () => {
    expect(rowLabel('x', 1, 0)).toBe('x')
    expect(rowLabel('x', 6, 0)).toBe('x, CPU ×6')
    expect(rowLabel('x', 4, 1)).toBe('same, CPU ×4')
  })
})

describe('renderTable', () => {
  it('writes a Markdown table with the figures right-aligned', () => {
    const table = renderTable([
      { measure: 'load → button usable', portico: '330 ms', control: '300 ms', ratio: '1.10×' },
    ])
    expect(table).toBe(
      [
        '|  | Portico | React + viem, no modal | Portico ÷ control |',
        '| --- | ---: | ---: | ---: |',
        '| load → button usable | 330 ms | 300 ms | 1.10× |',
      ].join('\n'),
    )
  })

  it('refuses a cell that would break the table', () => {
    expect(() => renderTable([{ measure: 'a | b', portico: '', control: '', ratio: '' }])).toThrow(
      ResultsTableError,
    )
    expect(() => renderTable([{ measure: 'a', portico: '1\n2', control: '', ratio: '' }])).toThrow(
      ResultsTableError,
    )
  })
})
