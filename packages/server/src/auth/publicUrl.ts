import type { ServerConfig } from '../config.js'

/**
 * The server's public URL without a trailing slash: `publicUrl`, or `http://<host>:<port>` with a
 * wildcard host read as 127.0.0.1.
 */
export function getPublicUrl(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  if (config.publicUrl) return config.publicUrl.replace(/\/+$/, '')
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`
}

/** The embedded wallet frame's origin: the origin of the server's public URL. */
export function getFrameOrigin(config: Pick<ServerConfig, 'publicUrl' | 'host' | 'port'>): string {
  return new URL(getPublicUrl(config)).origin
}
