/** Whether `value` is an https URL with a host and no credentials (a page to open in a new tab). */
export function isHttpsPage(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false
  try {
    const url = new URL(value)
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === ''
  } catch {
    return false
  }
}
