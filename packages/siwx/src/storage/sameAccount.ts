/** Whether two addresses are the same account: EVM hex addresses compare without their checksum case. */
export function sameAccount(a: string, b: string): boolean {
  if (a === b) return true
  return /^0x[0-9a-fA-F]{40}$/.test(a) && a.toLowerCase() === b.toLowerCase()
}
