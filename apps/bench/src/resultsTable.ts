import type { RateSummary, SiteSummary } from './benchSummary.ts'
import { formatFiles, formatKiB, formatMB, formatMs, formatRatio } from './format.ts'
import { ratio } from './statistics.ts'

/** One line of the results: a measure, Portico's figure, the control's and Portico's ratio to it. */
export type TableRow = { measure: string; portico: string; control: string; ratio: string }

export class ResultsTableError extends Error {
  override name = 'ResultsTableError' as const
}

const none = '–'

/**
 * A measure's name on the row of one rate: plain at the machine's own speed, with `, CPU ×4` when
 * throttled, and `same, CPU ×4` on a row under the same measure's first one.
 */
export function rowLabel(measure: string, rate: number, index: number): string {
  if (index > 0) return `same, CPU ×${rate}`
  return rate === 1 ? measure : `${measure}, CPU ×${rate}`
}

/**
 * The rows of the results table. Sizes before the click do not depend on the CPU, so they come
 * from the first rate measured (its name then says the rate when not 1); every timing, and what the open fetches (which depends on whether
 * the idle preload finished), has one row per rate, the later ones written "same, CPU ×4".
 */
export function resultsRows(summaries: readonly RateSummary[]): TableRow[] {
  const first = summaries[0]
  if (!first) throw new ResultsTableError('No results to show: no CPU rate was measured')
  const rows: TableRow[] = []
  const perRate = (
    measure: string,
    row: (portico: SiteSummary, control: SiteSummary) => Omit<TableRow, 'measure'>,
  ) => {
    summaries.forEach((summary, index) => {
      rows.push({ measure: rowLabel(measure, summary.rate, index), ...row(summary.portico, summary.control) })
    })
  }
  const opened = (site: SiteSummary) => {
    if (!site.open) throw new ResultsTableError("Portico's runs have no modal opening to report")
    return site.open
  }

  const js = (site: SiteSummary) =>
    `${formatKiB(site.jsToButton.gzip)} (${site.jsToButton.count} ${site.jsToButton.count === 1 ? 'file' : 'files'})`
  rows.push({
    measure: 'JS before the button is usable, gzip',
    portico: js(first.portico),
    control: js(first.control),
    ratio: formatRatio(ratio(first.portico.jsToButton.gzip, first.control.jsToButton.gzip)),
  })
  perRate('load → button usable', (portico, control) => ({
    portico: formatMs(portico.buttonMs),
    control: formatMs(control.buttonMs),
    ratio: formatRatio(ratio(portico.buttonMs, control.buttonMs)),
  }))
  perRate('JS fetched after load, before the click (preload)', (portico, control) => ({
    portico: formatFiles(portico.jsWhileIdle.count, portico.jsWhileIdle.gzip),
    control: formatFiles(control.jsWhileIdle.count, control.jsWhileIdle.gzip),
    ratio: none,
  }))
  perRate('click → modal visible', (portico) => ({
    portico: formatMs(opened(portico).modalMs),
    control: none,
    ratio: none,
  }))
  perRate('click → first wallet row (one EIP-6963 wallet)', (portico) => ({
    portico: formatMs(opened(portico).walletRowMs),
    control: none,
    ratio: none,
  }))
  perRate('chunks fetched on open, gzip', (portico) => ({
    portico: formatFiles(opened(portico).scripts.count, opened(portico).scripts.gzip),
    control: none,
    ratio: none,
  }))
  perRate('other requests on open', (portico) => ({
    portico: String(opened(portico).otherRequests),
    control: none,
    ratio: none,
  }))
  perRate('heap after open (control: after load)', (portico, control) => ({
    portico: formatMB(portico.heapBytes),
    control: formatMB(control.heapBytes),
    ratio: none,
  }))
  return rows
}

/** A Markdown table of the rows, readable as plain text in a terminal too. */
export function renderTable(rows: readonly TableRow[]): string {
  const header: TableRow = {
    measure: '',
    portico: 'Portico',
    control: 'React + viem, no modal',
    ratio: 'Portico ÷ control',
  }
  const cells = (row: TableRow) => [row.measure, row.portico, row.control, row.ratio]
  const lines = [header, ...rows].map((row) => {
    for (const cell of cells(row))
      if (cell.includes('|') || cell.includes('\n'))
        throw new ResultsTableError(`A table cell cannot hold '|' or a line break: ${JSON.stringify(cell)}`)
    return `| ${cells(row).join(' | ')} |`
  })
  lines.splice(1, 0, '| --- | ---: | ---: | ---: |')
  return lines.join('\n')
}
