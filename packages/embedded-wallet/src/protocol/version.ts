/** The version of the page ↔ frame protocol this package speaks; the frame announces its own in FRAME_READY. */
export const PROTOCOL_VERSION = '1.1.0'

const SEMVER = /^(\d+)\.(\d+)\.(\d+)(?:-[0-9A-Za-z.-]+)?$/

/**
 * True when two protocol versions share their major number, so either side understands the other.
 * @example isCompatibleVersion('1.0.0', '1.4.2') // true
 */
export function isCompatibleVersion(a: string, b: string): boolean {
  const majorA = SEMVER.exec(a)?.[1]
  const majorB = SEMVER.exec(b)?.[1]
  return majorA !== undefined && majorA === majorB
}

/** The shape of a version string on the wire: `major.minor.patch`, optionally with a pre-release tag. */
export const VERSION_PATTERN = SEMVER
