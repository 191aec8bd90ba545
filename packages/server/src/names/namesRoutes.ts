/**
 * Account names under the project's own suffixes (SPEC §2 RegisterAccountName, §5 account name,
 * §7 names calls), after the project, origin and rate-limit checks every `/v1/*` request passes:
 * - `GET /v1/names/suffixes` the project's suffixes and how many names an address may hold;
 * - `GET /v1/names/lookup/{name}` a registration, or `NAME_NOT_FOUND`;
 * - `GET /v1/names/available/{name}` whether it can be registered, with suggestions when taken;
 * - `GET /v1/names/suggestions/{name}` free names like it;
 * - `GET /v1/names/reverse/{address}` the address's names in the project;
 * - `POST /v1/names/register` `{ coinType, address, signature, message }`, the message being
 *   `createAccountNameMessage` (name, attributes, timestamp in seconds) signed by the address;
 * - `POST /v1/names/release` the same with `createAccountNameReleaseMessage`.
 * A name or label (`alice`) without a suffix is read under the project's first suffix.
 */
import type { SiwxMessageData } from '@portico/core'
import {
  type AccountNameAvailability,
  type AccountNameSuffixes,
  accountNameProblem,
  coinTypeToEvmChainId,
  splitAccountName,
} from '@portico/core/api'
import type { SiwxVerifier } from '@portico/siwx'
import type { Context, Hono } from 'hono'
import type { Kysely } from 'kysely'
import { isAddress, isHex } from 'viem'
import * as z from 'zod'
import type { Database } from '../db/schema.js'
import { ApiRefusal } from '../http/apiError.js'
import type { AppEnv } from '../http/appEnv.js'
import type { RateLimiter } from '../http/rateLimiter.js'
import { parseJsonBody } from '../http/readBody.js'
import {
  AccountNameLimitError,
  AccountNameMessageUsedError,
  AccountNameTakenError,
  findAccountName,
  findAccountNamesOf,
  hasLabelExtension,
  registerAccountName,
  releaseAccountName,
  signedMessageDigest,
  suggestAccountNames,
} from './accountNameStore.js'
import type { NamesConfig, NamesProjectConfig } from './namesConfig.js'

/** A registration body is a few hundred bytes; attributes make it a few kilobytes at most. */
const MAX_BODY_BYTES = 16 * 1024
/** How far in the future a message's timestamp may be: clocks differ. */
const FUTURE_SKEW_SECONDS = 60
/** Text records a registration may set, and their sizes. */
const MAX_ATTRIBUTES = 16
const ATTRIBUTE_KEY = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/
const MAX_ATTRIBUTE_VALUE = 1_024

const requestSchema = z.object({
  coinType: z.number().int().nonnegative(),
  address: z.string().max(64),
  signature: z.string().max(8_192),
  message: z.string().min(1).max(8_192),
})

const registrationMessageSchema = z.strictObject({
  name: z.string().max(300),
  attributes: z
    .record(z.string().regex(ATTRIBUTE_KEY), z.string().max(MAX_ATTRIBUTE_VALUE))
    .refine((value) => Object.keys(value).length <= MAX_ATTRIBUTES, `at most ${MAX_ATTRIBUTES} attributes`),
  timestamp: z.number().int().positive(),
})

const releaseMessageSchema = z.strictObject({
  name: z.string().max(300),
  action: z.literal('release'),
  timestamp: z.number().int().positive(),
})

export interface NamesRoutesOptions {
  config: NamesConfig
  db: Kysely<Database>
  now: () => number
  /** The sign-in verifiers; the eip155 one checks names' signatures (EOA, ERC-1271, ERC-6492). */
  verifiers: readonly SiwxVerifier[]
  clientIp: (c: Context<AppEnv>) => string
  /** Hourly limits of registrations and releases per client, address and project. */
  limiters: { perIp: RateLimiter; perAddress: RateLimiter; perProject: RateLimiter }
}

/** Registers the account-name routes on the app. */
export function registerNamesRoutes(app: Hono<AppEnv>, options: NamesRoutesOptions): void {
  const { config, db, now, clientIp, limiters } = options
  const verifier = options.verifiers.find((candidate) => candidate.namespace === 'eip155')
  const allSuffixes = new Set(Object.values(config.projects).flatMap((project) => project.suffixes))

  const projectNames = (c: Context<AppEnv>): NamesProjectConfig => {
    const projectId = c.get('project').id
    const names = config.projects[projectId]
    if (!names) {
      throw new ApiRefusal(
        'NAMES_NOT_CONFIGURED',
        `Project "${projectId}" registers no account names on this server: its operator adds suffixes under names.projects.${projectId}.suffixes in the server config.`,
      )
    }
    return names
  }

  /** A name or a bare label, checked against the project's suffixes and SPEC §5. */
  const readName = (given: string, names: NamesProjectConfig) => {
    const full = given.includes('.') ? given.toLowerCase() : `${given.toLowerCase()}.${names.suffixes[0]}`
    const split = splitAccountName(full, names.suffixes)
    if (!split) {
      throw new ApiRefusal(
        'NAME_INVALID',
        `"${given}" is not a name under ${names.suffixes.join(' or ')}: it is one label (letters, digits or hyphens) followed by the suffix.`,
      )
    }
    const problem = accountNameProblem(split.label)
    if (problem === 'tooShort') {
      throw new ApiRefusal(
        'NAME_INVALID',
        `"${split.label}" is too short: a name has at least 4 characters (letters, digits or hyphens).`,
      )
    }
    if (problem === 'tooLong') {
      throw new ApiRefusal('NAME_INVALID', `"${split.label}" is too long: a name has at most 63 characters.`)
    }
    if (problem === 'invalidCharacters') {
      throw new ApiRefusal(
        'NAME_INVALID',
        `"${split.label}" has characters a name cannot have: only letters, digits and hyphens.`,
      )
    }
    return { name: full, ...split }
  }

  /**
   * A name that can be registered: also no hyphens as the label's 3rd and 4th characters. Checked
   * where a name is offered or taken, not where one is read or released, so a name registered before
   * the rule stays in its owner's hands.
   */
  const readNewName = (given: string, names: NamesProjectConfig) => {
    const read = readName(given, names)
    // A suffix under another (`team.myshop.eth` under `myshop.eth`) is that project's, not a name
    // of this one: registered here, it would resolve the other project's whole suffix.
    if (allSuffixes.has(read.name)) {
      throw new ApiRefusal('NAME_INVALID', `${read.name} is a suffix names are registered under, not a name.`)
    }
    if (hasLabelExtension(read.label)) {
      throw new ApiRefusal(
        'NAME_INVALID',
        `"${read.label}" has hyphens as its 3rd and 4th characters, which ENS names cannot have (such a label is read as punycode).`,
      )
    }
    return read
  }

  const hit = async (limiter: RateLimiter, key: string, who: string, limit: number) => {
    const result = await limiter.hit(key)
    if (!result.allowed) {
      throw new ApiRefusal(
        'RATE_LIMITED',
        `Too many name registrations and releases from ${who}: at most ${limit} an hour. Retry in ${result.retryAfterSeconds} s.`,
        { 'Retry-After': String(result.retryAfterSeconds) },
      )
    }
  }

  /**
   * Reads and checks a signed request up to its signature (SPEC §7 register: coinType, address,
   * signature, message), counting it against the client's, the address's and the project's limits.
   */
  const readSignedRequest = async <T extends { name: string; timestamp: number }>(
    c: Context<AppEnv>,
    messageSchema: z.ZodType<T>,
    what: string,
  ) => {
    const names = projectNames(c)
    const projectId = c.get('project').id
    const limits = config.rateLimit
    // Counted before any work, so bad requests cost their sender too.
    await hit(limiters.perIp, `${projectId}:${clientIp(c)}`, clientIp(c), limits.perIpPerHour)
    const body = await parseJsonBody(c.req.raw, MAX_BODY_BYTES, requestSchema, what)
    if (!isAddress(body.address, { strict: false })) {
      throw new ApiRefusal(
        'INVALID_ADDRESS',
        `"${body.address}" is not an EVM address (0x followed by 40 hex digits).`,
      )
    }
    const chainId = coinTypeToEvmChainId(body.coinType)
    if (chainId === undefined) {
      throw new ApiRefusal(
        'BAD_REQUEST',
        `coinType ${body.coinType} is not an EVM chain's (ENSIP-11: 60, or 0x80000000 | chainId); names are eip155 only.`,
      )
    }
    if (!isHex(body.signature) || body.signature.length < 4) {
      throw new ApiRefusal('NAME_SIGNATURE_INVALID', 'The signature is not hex (0x followed by hex digits).')
    }
    let parsedMessage: T
    try {
      const parsed = messageSchema.safeParse(JSON.parse(body.message))
      if (!parsed.success) {
        const issue = parsed.error.issues[0]
        throw new ApiRefusal(
          'NAME_MESSAGE_INVALID',
          `The signed message is not valid: ${issue?.path.map(String).join('.') || 'message'}: ${issue?.message ?? 'invalid'}.`,
        )
      }
      parsedMessage = parsed.data
    } catch (error) {
      if (error instanceof ApiRefusal) throw error
      throw new ApiRefusal(
        'NAME_MESSAGE_INVALID',
        'The signed message is not JSON of name, attributes and timestamp.',
      )
    }
    const { name, label, suffix } = readName(parsedMessage.name, names)
    if (!parsedMessage.name.includes('.')) {
      throw new ApiRefusal(
        'NAME_MESSAGE_INVALID',
        `The signed message names "${parsedMessage.name}" without its suffix.`,
      )
    }
    const nowSeconds = Math.floor(now() / 1000)
    const age = nowSeconds - parsedMessage.timestamp
    if (age > config.messageMaxAgeSeconds) {
      throw new ApiRefusal(
        'NAME_MESSAGE_EXPIRED',
        `The signed message is ${age} s old; it must be signed in the last ${config.messageMaxAgeSeconds} s (check the device's clock and sign again).`,
      )
    }
    if (age < -FUTURE_SKEW_SECONDS) {
      throw new ApiRefusal(
        'NAME_MESSAGE_EXPIRED',
        `The signed message is dated ${-age} s in the future (check the device's clock and sign again).`,
      )
    }
    const data = { accountAddress: body.address, chainId: `eip155:${chainId}` } as SiwxMessageData
    const input = { data, message: body.message, signature: body.signature }
    const valid =
      verifier !== undefined && (verifier.supports?.(data.chainId) ?? true) && (await verifier.verify(input))
    if (!valid) {
      throw new ApiRefusal(
        'NAME_SIGNATURE_INVALID',
        `The signature is not ${body.address}'s signature of the message on eip155:${chainId} (a smart account is checked on that chain).`,
      )
    }
    await hit(
      limiters.perAddress,
      `${projectId}:${body.address.toLowerCase()}`,
      body.address,
      limits.perAddressPerHour,
    )
    await hit(limiters.perProject, projectId, `project "${projectId}"`, limits.perProjectPerHour)
    return {
      names,
      projectId,
      body,
      message: parsedMessage,
      name,
      label,
      suffix,
      digest: signedMessageDigest(body.message, body.address),
      // The message is refused as too old after this anyway; remembering it longer buys nothing.
      digestExpiresAt: new Date((parsedMessage.timestamp + config.messageMaxAgeSeconds + 1) * 1000),
    }
  }

  app.get('/v1/names/suffixes', (c) => {
    const names = projectNames(c)
    const answer: AccountNameSuffixes = {
      suffixes: names.suffixes,
      maxNamesPerAddress: names.maxNamesPerAddress,
    }
    return c.json(answer)
  })

  app.get('/v1/names/lookup/:name', async (c) => {
    const { name } = readName(c.req.param('name'), projectNames(c))
    const found = await findAccountName(db, name, c.get('project').id)
    if (!found) throw new ApiRefusal('NAME_NOT_FOUND', `${name} is not registered.`)
    return c.json(found)
  })

  app.get('/v1/names/available/:name', async (c) => {
    const { name, label, suffix } = readNewName(c.req.param('name'), projectNames(c))
    const taken = (await findAccountName(db, name)) !== undefined
    const answer: AccountNameAvailability = {
      name,
      available: !taken,
      suggestions: taken
        ? (await suggestAccountNames(db, label, suffix)).map((free) => ({ name: free }))
        : [],
    }
    return c.json(answer)
  })

  app.get('/v1/names/suggestions/:name', async (c) => {
    const { label, suffix } = readNewName(c.req.param('name'), projectNames(c))
    const suggestions = await suggestAccountNames(db, label, suffix)
    return c.json({ suggestions: suggestions.map((free) => ({ name: free })) })
  })

  app.get('/v1/names/reverse/:address', async (c) => {
    projectNames(c)
    const address = c.req.param('address')
    if (!isAddress(address, { strict: false })) {
      throw new ApiRefusal(
        'INVALID_ADDRESS',
        `"${address}" is not an EVM address (0x followed by 40 hex digits).`,
      )
    }
    return c.json({ names: await findAccountNamesOf(db, c.get('project').id, address) })
  })

  app.post('/v1/names/register', async (c) => {
    const request = await readSignedRequest(c, registrationMessageSchema, 'name registration')
    readNewName(request.name, request.names)
    try {
      const registered = await registerAccountName(db, {
        projectId: request.projectId,
        name: request.name,
        label: request.label,
        suffix: request.suffix,
        address: request.body.address,
        coinType: request.body.coinType,
        attributes: request.message.attributes,
        signedAt: new Date(request.message.timestamp * 1000),
        digest: request.digest,
        digestExpiresAt: request.digestExpiresAt,
        maxNamesPerAddress: request.names.maxNamesPerAddress,
        now: new Date(now()),
      })
      return c.json(registered, 201)
    } catch (error) {
      if (error instanceof AccountNameTakenError) throw new ApiRefusal('NAME_TAKEN', error.message)
      if (error instanceof AccountNameLimitError) throw new ApiRefusal('NAME_LIMIT', error.message)
      if (error instanceof AccountNameMessageUsedError)
        throw new ApiRefusal('NAME_MESSAGE_USED', error.message)
      throw error
    }
  })

  app.post('/v1/names/release', async (c) => {
    const request = await readSignedRequest(c, releaseMessageSchema, 'name release')
    const found = await findAccountName(db, request.name, request.projectId)
    if (!found) throw new ApiRefusal('NAME_NOT_FOUND', `${request.name} is not registered.`)
    if (found.address.toLowerCase() !== request.body.address.toLowerCase()) {
      throw new ApiRefusal(
        'NAME_NOT_OWNED',
        `${request.name} is registered to another address: only it can release the name.`,
      )
    }
    try {
      const released = await releaseAccountName(db, {
        projectId: request.projectId,
        name: request.name,
        address: request.body.address,
        digest: request.digest,
        digestExpiresAt: request.digestExpiresAt,
        now: new Date(now()),
      })
      if (!released) throw new ApiRefusal('NAME_NOT_FOUND', `${request.name} is not registered.`)
    } catch (error) {
      if (error instanceof AccountNameMessageUsedError)
        throw new ApiRefusal('NAME_MESSAGE_USED', error.message)
      throw error
    }
    return c.json({ name: request.name, released: true })
  })
}
