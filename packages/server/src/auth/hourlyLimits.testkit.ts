/**
 * The checks a step with hourly limits (hourlyLimits.ts) passes, shared by the social start's and
 * the Farcaster channel's tests: each runs them on its own step, on both engines, with the
 * limiter kind the app picks there (in memory on PGlite, in the database on PostgreSQL).
 */
import { expect } from 'vitest'
import { addProject } from '../projects/projects.js'
import { type App, type AuthRoutesHarness, expectRefusal, SITE } from './authRoutesHarness.testkit.js'

export interface HourlyLimitsStep {
  auth: AuthRoutesHarness
  /** The `auth` config fields of an app whose step has these limits, for these projects. */
  authConfig(
    projects: string[],
    limits: { perIpPerHour: number; perProjectPerHour: number },
  ): Record<string, unknown>
  /** Takes the step in `projectId`, from client address `ip`. */
  take(target: App, projectId: string, ip: string): Promise<Response>
  /** The table each step writes a row of (an attempt, a relay channel): none when refused. */
  table: 'auth_social_attempts' | 'auth_farcaster_channels'
  /** The step as refusals name it, e.g. "social login starts". */
  what: string
}

/** The rows the step wrote for `projectId`. */
async function rowsWritten(step: HourlyLimitsStep, projectId: string): Promise<number> {
  const { count } = await step.auth.db
    .selectFrom(step.table)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('project_id', '=', projectId)
    .executeTakeFirstOrThrow()
  return Number(count)
}

/** An app with these limits over two new projects, and the time it starts at, from an hour's 20th minute. */
async function limitedApp(
  step: HourlyLimitsStep,
  limits: { perIpPerHour: number; perProjectPerHour: number },
) {
  const { auth } = step
  const projects = [`limits-${auth.nextNumber()}`, `limits-${auth.nextNumber()}`] as const
  for (const id of projects) await addProject(auth.db, { id, origins: [SITE] })
  const config = auth.configWith(step.authConfig([...projects], limits))
  const app = auth.appWith({
    ...config,
    trustProxy: true,
    rateLimit: { ...config.rateLimit, store: auth.engine === 'postgres' ? 'database' : 'memory' },
  })
  // A time of its own, so the clock-aligned windows of the shared store start where the test says.
  auth.time = Date.parse('2031-06-01T10:20:00.000Z') + auth.nextNumber() * 3 * 3_600_000
  return { app, projects }
}

/**
 * Past `perIpPerHour` from one address in one project: 429 RATE_LIMITED with Retry-After, saying
 * which limit, and nothing written; another address, and the same address in another project,
 * go on; the address goes on once the window has moved past its steps.
 */
export async function expectAddressLimit(step: HourlyLimitsStep): Promise<void> {
  const { auth } = step
  const { app, projects } = await limitedApp(step, { perIpPerHour: 3, perProjectPerHour: 1_000 })
  const [project, other] = projects
  const ip = `203.0.113.${auth.nextNumber() % 250}`
  for (let i = 0; i < 3; i++) expect((await step.take(app, project, ip)).status).toBe(200)
  const written = await rowsWritten(step, project)
  expect(written).toBe(3)

  const over = await step.take(app, project, ip)
  expect(await expectRefusal(over, 429, 'RATE_LIMITED')).toMatch(
    new RegExp(
      `^Too many ${step.what} from ${ip.replaceAll('.', '\\.')} for project "${project}": at most 3 an hour from one address\\. Retry in \\d+ s\\.$`,
    ),
  )
  const retryAfter = Number(over.headers.get('retry-after'))
  expect(retryAfter).toBeGreaterThan(0)
  expect(retryAfter).toBeLessThanOrEqual(3_600)
  expect(await rowsWritten(step, project)).toBe(written)

  // Another address in the project, and this address in another project, are not held back.
  expect((await step.take(app, project, '198.51.100.20')).status).toBe(200)
  expect((await step.take(app, other, ip)).status).toBe(200)

  // Still refused a second before the window moves on; allowed again once it has.
  auth.time += (retryAfter - 1) * 1_000
  await expectRefusal(await step.take(app, project, ip), 429, 'RATE_LIMITED')
  auth.time += 1_000
  expect((await step.take(app, project, ip)).status).toBe(200)
}

/**
 * Past `perProjectPerHour` from the project's visitors together, any address is refused (429,
 * saying it is the project's limit) and nothing is written; another project goes on. An address
 * refused by its own limit spends none of the project's.
 */
export async function expectProjectLimit(step: HourlyLimitsStep): Promise<void> {
  const { app, projects } = await limitedApp(step, { perIpPerHour: 2, perProjectPerHour: 4 })
  const [project, other] = projects
  const address = (n: number) => `192.0.2.${n}`
  expect((await step.take(app, project, address(1))).status).toBe(200)
  expect((await step.take(app, project, address(1))).status).toBe(200)
  // Over its own limit: refused by it, and not counted against the project.
  await expectRefusal(await step.take(app, project, address(1)), 429, 'RATE_LIMITED')
  expect((await step.take(app, project, address(2))).status).toBe(200)
  expect((await step.take(app, project, address(3))).status).toBe(200)
  expect(await rowsWritten(step, project)).toBe(4)

  const over = await step.take(app, project, address(4))
  expect(await expectRefusal(over, 429, 'RATE_LIMITED')).toMatch(
    new RegExp(
      `^Too many ${step.what} for project "${project}": at most 4 an hour from all its visitors together\\. Retry in \\d+ s\\.$`,
    ),
  )
  expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0)
  expect(await rowsWritten(step, project)).toBe(4)
  // Another project's visitors are not held back, the same addresses included.
  expect((await step.take(app, other, address(4))).status).toBe(200)
  expect((await step.take(app, other, address(2))).status).toBe(200)
}
