// `@portico/siwx/eip155`: verifies EVM sign-in signatures.
export type { Eip155VerifierOptions } from './eip155Verifier.js'
export { eip155Verifier } from './eip155Verifier.js'
