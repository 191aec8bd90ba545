import type { HttpBindings } from '@hono/node-server'
import type { Project } from '../projects/projects.js'

/**
 * What every route of the HTTP app sees: Node's request bindings (absent under `app.request` in
 * tests) and the project the request named. The routes' modules and `createApp`, which registers
 * them, both need it, so it lives apart from either.
 */
export type AppEnv = { Bindings: Partial<HttpBindings>; Variables: { project: Project } }
