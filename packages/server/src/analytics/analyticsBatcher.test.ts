import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createMigratedDatabase, type TestDatabase } from '../testing/testDatabase.js'
import { AnalyticsQueueFullError, createAnalyticsBatcher } from './analyticsBatcher.js'
import type { AnalyticsEventInput } from './ingestEvents.js'

const event = (eventId: string): AnalyticsEventInput => ({
  eventId,
  url: 'https://site.example/',
  domain: 'site.example',
  timestamp: 1_700_000_000_000,
  props: { type: 'track', event: 'MODAL_OPEN' },
})
const request = (...ids: string[]) => ({
  projectId: 'demo',
  sdkType: 'portico',
  sdkVersion: 'react-1.0.0',
  events: ids.map(event),
})

describe('analytics batches', () => {
  let database: TestDatabase
  let db: Awaited<ReturnType<typeof createMigratedDatabase>>['db']
  beforeEach(async () => {
    ;({ database, db } = await createMigratedDatabase('pglite'))
    await db.insertInto('projects').values({ id: 'demo', name: 'demo', allowed_origins: '["*"]' }).execute()
  })
  afterEach(async () => {
    await db.destroy()
    await database.drop()
  })

  it('writes the requests that arrive during a write in one insert, each answered once stored', async () => {
    const writes: number[] = []
    const batcher = createAnalyticsBatcher({ db, onWrite: (rows) => writes.push(rows) })
    const requests = Array.from({ length: 50 }, (_, index) =>
      batcher.ingest(request(`a${index}`, `b${index}`)),
    )
    await Promise.all(requests)
    // The first request's write, then everything that queued behind it.
    expect(writes).toEqual([2, 98])
    const stored = await db
      .selectFrom('analytics_events')
      .select(db.fn.countAll<string>().as('n'))
      .executeTakeFirst()
    expect(stored?.n).toBe('100')
  })

  it('refuses a request past the queue bound and loses none it accepted', async () => {
    const batcher = createAnalyticsBatcher({ db, maxQueuedEvents: 4 })
    const first = batcher.ingest(request('x1'))
    // x1 is being written; these wait for the next insert, up to 4 events.
    const accepted = [batcher.ingest(request('y1', 'y2')), batcher.ingest(request('y3', 'y4'))]
    await expect(batcher.ingest(request('z1'))).rejects.toBeInstanceOf(AnalyticsQueueFullError)
    expect(batcher.queued).toBe(4)
    await batcher.drain()
    await Promise.all([first, ...accepted])
    const ids = await db.selectFrom('analytics_events').select('event_id').orderBy('event_id').execute()
    expect(ids.map((row) => row.event_id)).toEqual(['x1', 'y1', 'y2', 'y3', 'y4'])
  })

  it('skips eventIds already stored, within a batch and across batches', async () => {
    const batcher = createAnalyticsBatcher({ db })
    await Promise.all([batcher.ingest(request('same', 'same')), batcher.ingest(request('same', 'other'))])
    await batcher.ingest(request('other'))
    const ids = await db.selectFrom('analytics_events').select('event_id').orderBy('event_id').execute()
    expect(ids.map((row) => row.event_id)).toEqual(['other', 'same'])
  })

  it('tells every request of a failed insert that it failed, and a retry stores it', async () => {
    const batcher = createAnalyticsBatcher({ db })
    const lead = batcher.ingest(request('lead'))
    // A NUL character the parser would have refused: PostgreSQL refuses the insert it lands in.
    const bad = { ...request('bad'), events: [{ ...event('bad'), url: 'https://site.example/\u0000' }] }
    const together = [batcher.ingest(bad), batcher.ingest(request('retried'))]
    await lead
    const results = await Promise.allSettled(together)
    expect(results.map((result) => result.status)).toEqual(['rejected', 'rejected'])
    await batcher.ingest(request('retried'))
    const ids = await db.selectFrom('analytics_events').select('event_id').orderBy('event_id').execute()
    expect(ids.map((row) => row.event_id)).toEqual(['lead', 'retried'])
  })
})
