/** What bundler.mjs writes to --info once its bundler answers. */
export interface DemoBundlerInfo {
  /** The alto bundler of the chain. */
  bundlerUrl: string
  /** alto's own process, stopped with bundler.mjs (recorded in case bundler.mjs is killed outright). */
  altoPid: number | undefined
  /** The site's verifying paymaster (deposited and staked). */
  paymaster: `0x${string}`
  /** The key the server signs sponsorships with (the paymaster's verifyingSigner). */
  signerKey: `0x${string}`
  entryPoint: `0x${string}`
  simpleAccountFactory: `0x${string}`
  simple7702Account: `0x${string}`
}
