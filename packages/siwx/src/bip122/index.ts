// `@portico/siwx/bip122`: verifies Bitcoin sign-in signatures (BIP-322 and legacy BIP-137).
export { bip122Verifier } from './bip122Verifier.js'
