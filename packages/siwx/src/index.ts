// Public entry of @portico/siwx. Verifiers live in their own entries (`@portico/siwx/eip155`,
// `/solana`, `/bip122`, `/polkadot`) so a page loads only the ones it uses.

export type { CreateSiwxOptions } from './createSiwx.js'
export { createSiwx, SIWX_DEFAULT_EXPIRATION_MS } from './createSiwx.js'
export type { SiwxMessageErrorType, SiwxRefusalReason, SiwxVerificationErrorType } from './errors.js'
export { SiwxMessageError, SiwxVerificationError } from './errors.js'
export {
  assertSiwxMessageData,
  createSiwxMessage,
  parseSiwxMessage,
  SIWX_CHAIN_NAMES,
  splitChainId,
} from './message.js'
export { createSiwxNonce } from './nonce.js'
export type { CreateBrowserSiwxStorageOptions } from './storage/createBrowserSiwxStorage.js'
export {
  BROWSER_SIWX_STORAGE_KEY,
  createBrowserSiwxStorage,
  SIWX_NONCE_TTL_MS,
} from './storage/createBrowserSiwxStorage.js'
export type { CreateServerSiwxStorageOptions } from './storage/createServerSiwxStorage.js'
export { createServerSiwxStorage } from './storage/createServerSiwxStorage.js'
export type { SiwxStorage } from './storage/siwxStorage.js'
export { toSiwxCacao } from './toSiwxCacao.js'
export type { SiwxVerifier, SiwxVerifyInput } from './verifier.js'
export type { VerifySiwxOptions } from './verifySiwxMessage.js'
export { SIWX_CLOCK_TOLERANCE_MS, verifySiwxMessage, verifySiwxSession } from './verifySiwxMessage.js'
