/**
 * `GET /metrics` in Prometheus' text format (version 0.0.4): requests and latencies per route, the
 * database pool, the indexer's lag, mails sent and refused. Counted in this process: Prometheus
 * scrapes every instance and sums. Written here rather than with a client library: a handful of
 * counters, one histogram and gauges read at scrape time.
 */

/** Upper bounds of the latency histogram, in seconds. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const

/** Why a mail was not sent: the address's cool-down, its daily cap, a sender's limit, or SMTP failed. */
export type MailRefusal = 'cooldown' | 'daily_cap' | 'sender_limit' | 'smtp_failed'

export interface GaugeSample {
  labels: Record<string, string>
  value: number
}

/** A gauge read at scrape time. */
export interface Gauge {
  name: string
  help: string
  read(): Promise<GaugeSample[]> | GaugeSample[]
}

export interface Metrics {
  /** One answered request; `route` is the route's pattern, never the raw path. */
  request(method: string, route: string, status: number, seconds: number): void
  mailSent(): void
  mailRefused(reason: MailRefusal): void
  addGauge(gauge: Gauge): void
  /** The exposition text. */
  render(): Promise<string>
}

const escapeLabel = (value: string) =>
  value.replaceAll('\\', '\\\\').replaceAll('"', '\\"').replaceAll('\n', '\\n')
const labelText = (labels: Record<string, string>) => {
  const entries = Object.entries(labels)
  return entries.length === 0
    ? ''
    : `{${entries.map(([key, value]) => `${key}="${escapeLabel(value)}"`).join(',')}}`
}

/** A fresh set of metrics; see the module comment. */
export function createMetrics(): Metrics {
  const requests = new Map<string, { method: string; route: string; status: string; count: number }>()
  const latencies = new Map<
    string,
    { method: string; route: string; buckets: number[]; sum: number; count: number }
  >()
  let mailsSent = 0
  const mailsRefused = new Map<MailRefusal, number>()
  const gauges: Gauge[] = []

  return {
    request(method, route, status, seconds) {
      const requestKey = `${method} ${route} ${status}`
      const counted = requests.get(requestKey) ?? { method, route, status: String(status), count: 0 }
      counted.count++
      requests.set(requestKey, counted)
      const latencyKey = `${method} ${route}`
      const latency = latencies.get(latencyKey) ?? {
        method,
        route,
        buckets: BUCKETS.map(() => 0),
        sum: 0,
        count: 0,
      }
      for (const [index, bound] of BUCKETS.entries()) if (seconds <= bound) latency.buckets[index]!++
      latency.sum += seconds
      latency.count++
      latencies.set(latencyKey, latency)
    },
    mailSent() {
      mailsSent++
    },
    mailRefused(reason) {
      mailsRefused.set(reason, (mailsRefused.get(reason) ?? 0) + 1)
    },
    addGauge(gauge) {
      gauges.push(gauge)
    },
    async render() {
      const lines: string[] = []
      lines.push('# HELP portico_http_requests_total Requests answered, by method, route and status.')
      lines.push('# TYPE portico_http_requests_total counter')
      for (const { method, route, status, count } of requests.values())
        lines.push(`portico_http_requests_total${labelText({ method, route, status })} ${count}`)
      lines.push(
        '# HELP portico_http_request_duration_seconds Time to answer a request, by method and route.',
      )
      lines.push('# TYPE portico_http_request_duration_seconds histogram')
      for (const { method, route, buckets, sum, count } of latencies.values()) {
        for (const [index, bound] of BUCKETS.entries())
          lines.push(
            `portico_http_request_duration_seconds_bucket${labelText({ method, route, le: String(bound) })} ${buckets[index]}`,
          )
        lines.push(
          `portico_http_request_duration_seconds_bucket${labelText({ method, route, le: '+Inf' })} ${count}`,
        )
        lines.push(`portico_http_request_duration_seconds_sum${labelText({ method, route })} ${sum}`)
        lines.push(`portico_http_request_duration_seconds_count${labelText({ method, route })} ${count}`)
      }
      lines.push('# HELP portico_mail_sent_total Mails the e-mail login handed to the SMTP server.')
      lines.push('# TYPE portico_mail_sent_total counter')
      lines.push(`portico_mail_sent_total ${mailsSent}`)
      lines.push('# HELP portico_mail_refused_total Mails not sent, by reason.')
      lines.push('# TYPE portico_mail_refused_total counter')
      for (const reason of ['cooldown', 'daily_cap', 'sender_limit', 'smtp_failed'] as const)
        lines.push(`portico_mail_refused_total${labelText({ reason })} ${mailsRefused.get(reason) ?? 0}`)
      for (const gauge of gauges) {
        let samples: GaugeSample[]
        try {
          samples = await gauge.read()
        } catch {
          // A gauge that cannot be read (the database is down) is left out; the rest still answers.
          continue
        }
        lines.push(`# HELP ${gauge.name} ${gauge.help}`)
        lines.push(`# TYPE ${gauge.name} gauge`)
        for (const sample of samples) lines.push(`${gauge.name}${labelText(sample.labels)} ${sample.value}`)
      }
      return `${lines.join('\n')}\n`
    },
  }
}
