// `@portico/siwx/polkadot`: verifies Polkadot sign-in signatures.
export type { PolkadotVerifierOptions } from './polkadotVerifier.js'
export { polkadotVerifier } from './polkadotVerifier.js'
