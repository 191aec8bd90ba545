// `@portico/siwx/solana`: verifies Solana sign-in signatures.
export { solanaVerifier } from './solanaVerifier.js'
