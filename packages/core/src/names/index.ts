// `@portico/core/names`: identity (the connected account's primary name and avatar) and names typed
// as Send receivers, in an entry of its own so core's main entry (what a page that only connects
// loads) carries none of it; the balance refresh loads `refreshIdentity` after connecting.

export type { AvatarSource, AvatarSourceOptions } from './avatarSource.js'
export { avatarSource, checkIpfsGateway } from './avatarSource.js'
export type { AvatarRefusedErrorType, LoadAvatarImageOptions } from './loadAvatarImage.js'
export { AVATAR_MAX_BYTES, AvatarRefusedError, loadAvatarImage, sniffImageType } from './loadAvatarImage.js'
export { ENS_CACHE_MS, IDENTITY_CACHE_MS } from './namesCache.js'
export type { RefreshIdentityParameters } from './refreshIdentity.js'
export { refreshIdentity } from './refreshIdentity.js'
export type {
  ResolveReceiverNameErrorType,
  ResolveReceiverNameParameters,
  ResolveReceiverNameReturnType,
} from './resolveReceiverName.js'
export { resolveReceiverName } from './resolveReceiverName.js'
