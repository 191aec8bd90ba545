// Which avatar records (ENSIP-12) may be shown, and from where. A record is written by whoever owns
// the name: it is untrusted input that the modal would otherwise load into the site's page.

/** Where an avatar may come from: an image already in the record, or a URL to fetch with checks. */
export type AvatarSource = { kind: 'data'; url: string } | { kind: 'fetch'; url: string }

export interface AvatarSourceOptions {
  /**
   * The IPFS gateway the site configured (`names.ipfsGateway`), ending in `/`: `ipfs://<cid>/<path>`
   * becomes `<gateway><cid>/<path>`. Without one, ipfs avatars are not shown.
   */
  ipfsGateway: string | undefined
}

const MAX_URL_LENGTH = 2048
const CID = /^[A-Za-z0-9]{20,128}$/
const PATH = /^(\/[A-Za-z0-9._~%-]+)*\/?$/

/**
 * The source of an avatar record, or undefined when it may not be shown: `https:` URLs (not to a
 * loopback or private-network host), `ipfs://` through the site's gateway, and `data:image/…;base64`
 * (checked again when decoded). NFT avatars (`eip155:1/erc721:…`) are not supported, nor `http:`,
 * `ipns:` or anything else.
 * @example
 * avatarSource('ipfs://bafy…/a.png', { ipfsGateway: 'https://ipfs.example/ipfs/' }) // { kind: 'fetch', url: 'https://ipfs.example/ipfs/bafy…/a.png' }
 */
export function avatarSource(record: string, options: AvatarSourceOptions): AvatarSource | undefined {
  const text = record.trim()
  if (/^data:/i.test(text)) {
    return /^data:image\/(png|jpeg|gif|webp|avif);base64,[A-Za-z0-9+/]+={0,2}$/i.test(text)
      ? { kind: 'data', url: text }
      : undefined
  }
  if (text.length > MAX_URL_LENGTH) return undefined
  if (/^ipfs:\/\//i.test(text)) {
    const gateway = options.ipfsGateway
    if (!gateway) return undefined
    const rest = text.slice('ipfs://'.length).replace(/^ipfs\//i, '')
    const slash = rest.indexOf('/')
    const cid = slash === -1 ? rest : rest.slice(0, slash)
    const path = slash === -1 ? '' : rest.slice(slash)
    if (!CID.test(cid) || !PATH.test(path) || path.split('/').some((part) => part === '..' || part === '.'))
      return undefined
    return { kind: 'fetch', url: `${gateway}${cid}${path}` }
  }
  let url: URL
  try {
    url = new URL(text)
  } catch {
    return undefined
  }
  if (url.protocol !== 'https:' || url.username || url.password || isLocalHost(url.hostname)) return undefined
  return { kind: 'fetch', url: url.href }
}

/**
 * Checks the site's `names.ipfsGateway`: an https URL, or http on this machine (a development
 * gateway); returned with a trailing `/`. Throws a TypeError for anything else, at startup.
 */
export function checkIpfsGateway(gateway: string | undefined): string | undefined {
  if (gateway === undefined) return undefined
  let url: URL
  try {
    url = new URL(gateway)
  } catch {
    throw new TypeError(`names.ipfsGateway is not a URL: ${gateway}`)
  }
  const local = url.protocol === 'http:' && isLocalHost(url.hostname)
  if ((url.protocol !== 'https:' && !local) || url.username || url.password || url.search || url.hash)
    throw new TypeError(`names.ipfsGateway must be an https URL without query or credentials: ${gateway}`)
  return url.href.endsWith('/') ? url.href : `${url.href}/`
}

/** Loopback, link-local and private-network hosts, which a record must not make the page call. */
function isLocalHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local')) return true
  const v4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host)
  if (v4) {
    const [a, b] = [Number(v4[1]), Number(v4[2])]
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 100 && b >= 64 && b <= 127)
    )
  }
  if (host.includes(':'))
    return (
      host === '::' || host === '::1' || /^(fc|fd|fe8|fe9|fea|feb)/.test(host) || host.startsWith('::ffff:')
    )
  return false
}
