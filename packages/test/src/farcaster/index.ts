// Sign In With Farcaster for tests: the relay, the registries on anvil and a client made of code.
export type {
  ApprovedFarcasterSignIn,
  ApproveFarcasterSignInOptions,
  FarcasterProfile,
} from './approveFarcasterSignIn.js'
export { approveFarcasterSignIn, TEST_FARCASTER_ACCOUNT } from './approveFarcasterSignIn.js'
export {
  addAuthAddress,
  deployFarcasterRegistries,
  FARCASTER_ID_REGISTRY_ADDRESS,
  FARCASTER_KEY_REGISTRY_ADDRESS,
  registerFid,
  TEST_ID_REGISTRY_ABI,
  TEST_KEY_REGISTRY_ABI,
} from './farcasterRegistries.js'
export type {
  FarcasterRelay,
  FarcasterRelayChannel,
  StartFarcasterRelayOptions,
} from './startFarcasterRelay.js'
export { startFarcasterRelay } from './startFarcasterRelay.js'
