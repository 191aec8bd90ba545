/**
 * CAIP-122 sign-in messages: the text a wallet signs, written from the fields of SPEC §3 and read
 * back. EVM messages are EIP-4361 ("Sign-In with Ethereum"); the other namespaces use the same
 * template with their chain's name. Reading is strict: a text is accepted only when writing its
 * fields again gives exactly the same text, so no variant of a signed message can slip through.
 */
import {
  type CaipNetworkId,
  type ChainNamespace,
  parseCaipNetworkId,
  type SiwxMessageData,
} from '@portico/core'
import { SiwxMessageError } from './errors.js'

/** The chain name in the first line of a message, per namespace. */
export const SIWX_CHAIN_NAMES: Readonly<Record<ChainNamespace, string>> = {
  eip155: 'Ethereum',
  solana: 'Solana',
  polkadot: 'Polkadot',
  bip122: 'Bitcoin',
}

const NAMESPACE_OF_CHAIN_NAME = new Map(
  Object.entries(SIWX_CHAIN_NAMES).map(([namespace, name]) => [name, namespace as ChainNamespace]),
)

const DOMAIN = /^(?:[A-Za-z0-9\-._~%!$&'()*+,;=]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/
const ADDRESS = /^[A-Za-z0-9]{1,128}$/
const NONCE = /^[A-Za-z0-9]{8,}$/
const DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/
const ONE_LINE = /^[^\n\r]*$/

function isUri(value: string): boolean {
  return /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/.test(value) && URL.canParse(value)
}

function isDateTime(value: string): boolean {
  if (!DATE_TIME.test(value) || Number.isNaN(Date.parse(value))) return false
  // `Date.parse` rolls 2025-02-30 over to 2 March instead of refusing it.
  const [year, month, day] = value.slice(0, 10).split('-').map(Number) as [number, number, number]
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate()
}

/** The namespace and reference of a CAIP-2 id such as `eip155:1`; throws when it is not one. */
export function splitChainId(chainId: string): { namespace: ChainNamespace; reference: string } {
  const parsed = parseCaipNetworkId(chainId)
  if (!parsed)
    throw new SiwxMessageError(
      `chainId "${chainId}" is not a CAIP-2 id of eip155, solana, polkadot or bip122 (e.g. eip155:1).`,
    )
  return parsed
}

/** Throws `SiwxMessageError` naming the first field that cannot appear in a message. */
export function assertSiwxMessageData(data: SiwxMessageData): void {
  const fail = (field: string, rule: string, value: unknown) => {
    throw new SiwxMessageError(`${field} ${JSON.stringify(value)} ${rule}.`)
  }
  if (!DOMAIN.test(data.domain)) fail('domain', 'is not a host with an optional port', data.domain)
  if (!ADDRESS.test(data.accountAddress))
    fail('accountAddress', 'is not an address (letters and digits only)', data.accountAddress)
  if (data.statement !== undefined && (!ONE_LINE.test(data.statement) || data.statement === ''))
    fail('statement', 'must be one non-empty line', data.statement)
  if (!isUri(data.uri)) fail('uri', 'is not an absolute URI', data.uri)
  if (data.version !== '1') fail('version', 'must be "1"', data.version)
  splitChainId(data.chainId)
  if (!NONCE.test(data.nonce)) fail('nonce', 'must be at least 8 letters or digits', data.nonce)
  if (!isDateTime(data.issuedAt)) fail('issuedAt', 'is not an ISO 8601 date-time', data.issuedAt)
  if (data.expirationTime !== undefined && !isDateTime(data.expirationTime))
    fail('expirationTime', 'is not an ISO 8601 date-time', data.expirationTime)
  if (data.notBefore !== undefined && !isDateTime(data.notBefore))
    fail('notBefore', 'is not an ISO 8601 date-time', data.notBefore)
  if (data.requestId !== undefined && !ONE_LINE.test(data.requestId))
    fail('requestId', 'must be one line', data.requestId)
  for (const resource of data.resources ?? [])
    if (!isUri(resource)) fail('resources[]', 'is not an absolute URI', resource)
  if (data.resources?.length === 0) fail('resources', 'must be left out when empty', data.resources)
}

/**
 * Writes the text of a sign-in message (CAIP-122; EIP-4361 for eip155).
 *
 * @example
 * const message = createSiwxMessage({
 *   domain: 'shop.example', accountAddress: '0xAb…', uri: 'https://shop.example/login', version: '1',
 *   chainId: 'eip155:1', nonce: 'q7Zp2kLx9Tn4', issuedAt: new Date().toISOString(),
 * })
 */
export function createSiwxMessage(data: SiwxMessageData): string {
  assertSiwxMessageData(data)
  const { namespace, reference } = splitChainId(data.chainId)
  const lines = [
    `${data.domain} wants you to sign in with your ${SIWX_CHAIN_NAMES[namespace]} account:`,
    data.accountAddress,
    '',
    ...(data.statement !== undefined ? [data.statement] : []),
    '',
    `URI: ${data.uri}`,
    `Version: ${data.version}`,
    `Chain ID: ${reference}`,
    `Nonce: ${data.nonce}`,
    `Issued At: ${data.issuedAt}`,
  ]
  if (data.expirationTime !== undefined) lines.push(`Expiration Time: ${data.expirationTime}`)
  if (data.notBefore !== undefined) lines.push(`Not Before: ${data.notBefore}`)
  if (data.requestId !== undefined) lines.push(`Request ID: ${data.requestId}`)
  if (data.resources !== undefined) lines.push('Resources:', ...data.resources.map((r) => `- ${r}`))
  return lines.join('\n')
}

const MESSAGE = new RegExp(
  [
    '^(?<domain>\\S+) wants you to sign in with your (?<chain>[A-Za-z]+) account:\\n',
    '(?<address>\\S+)\\n\\n',
    '(?:(?<statement>[^\\n]+)\\n)?\\n',
    'URI: (?<uri>[^\\n]+)\\n',
    'Version: (?<version>[^\\n]+)\\n',
    'Chain ID: (?<reference>[^\\n]+)\\n',
    'Nonce: (?<nonce>[^\\n]+)\\n',
    'Issued At: (?<issuedAt>[^\\n]+)',
    '(?:\\nExpiration Time: (?<expirationTime>[^\\n]+))?',
    '(?:\\nNot Before: (?<notBefore>[^\\n]+))?',
    '(?:\\nRequest ID: (?<requestId>[^\\n]*))?',
    '(?:\\nResources:(?<resources>(?:\\n- [^\\n]+)+))?$',
  ].join(''),
)

/**
 * Reads the fields back from the text of a sign-in message. Throws `SiwxMessageError` for
 * anything that `createSiwxMessage` would not have written, byte for byte.
 *
 * @example
 * const { accountAddress, chainId, nonce } = parseSiwxMessage(message)
 */
export function parseSiwxMessage(message: string): SiwxMessageData {
  if (typeof message !== 'string' || message.length > 16_384)
    throw new SiwxMessageError('A sign-in message is a string of at most 16384 characters.')
  const match = MESSAGE.exec(message)
  const groups = match?.groups
  if (!groups)
    throw new SiwxMessageError(
      'The text does not follow the CAIP-122 template ("… wants you to sign in with your … account:").',
    )
  const namespace = NAMESPACE_OF_CHAIN_NAME.get(groups.chain!)
  if (!namespace)
    throw new SiwxMessageError(
      `"${groups.chain}" is not a chain Portico signs in with (Ethereum, Solana, Polkadot or Bitcoin).`,
    )
  const data: SiwxMessageData = {
    domain: groups.domain!,
    accountAddress: groups.address!,
    uri: groups.uri!,
    version: groups.version as '1',
    chainId: `${namespace}:${groups.reference}` as CaipNetworkId,
    nonce: groups.nonce!,
    issuedAt: groups.issuedAt!,
  }
  if (groups.statement !== undefined) data.statement = groups.statement
  if (groups.expirationTime !== undefined) data.expirationTime = groups.expirationTime
  if (groups.notBefore !== undefined) data.notBefore = groups.notBefore
  if (groups.requestId !== undefined) data.requestId = groups.requestId
  if (groups.resources !== undefined) data.resources = groups.resources.slice(3).split('\n- ')
  if (createSiwxMessage(data) !== message)
    throw new SiwxMessageError('The text differs from the canonical form of its own fields.')
  return data
}
