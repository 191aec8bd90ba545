import type { EmbeddedWallet } from '@portico/core'
import type { EmbeddedWalletClient } from './createEmbeddedWalletClient.js'

type Relayed =
  | 'connectEmail'
  | 'connectDevice'
  | 'connectOtp'
  | 'getSocialRedirectUri'
  | 'connectSocial'
  | 'getUser'
  | 'getSmartAccountEnabledNetworks'
  | 'setPreferredAccount'
  | 'getFarcasterUri'
  | 'connectFarcaster'
  | 'isConnected'
  | 'signOut'

/** The embedded wallet's methods that relay one request to the frame, each given the loaded client. */
export type WalletRequests = {
  [K in Relayed]: (
    client: EmbeddedWalletClient,
    ...args: Parameters<NonNullable<EmbeddedWallet[K]>>
  ) => ReturnType<NonNullable<EmbeddedWallet[K]>>
}

/**
 * The requests behind the embedded wallet's methods (logins, the user, the account type), loaded
 * with the frame's client on first use: the page's first load carries only their names.
 */
export const walletRequests: WalletRequests = {
  connectEmail: (client, { email }) => client.request('APP_CONNECT_EMAIL', { email }),
  connectDevice: async (client) => {
    await client.request('APP_CONNECT_DEVICE')
  },
  connectOtp: async (client, { otp }) => {
    const result = await client.request('APP_CONNECT_OTP', { otp })
    return { action: result.action ?? 'CONNECTED' }
  },
  // SPEC §7: the frame asks the site's server for the provider's address, and later finishes the
  // login from that address (a window) or the page's (a redirect); the page only relays URIs.
  getSocialRedirectUri: (client, { provider, redirectTo }) =>
    client.request('APP_GET_SOCIAL_REDIRECT_URI', { provider, ...(redirectTo ? { redirectTo } : {}) }),
  connectSocial: async (client, { uri }) => {
    const { email, userName } = await client.request('APP_CONNECT_SOCIAL', { uri })
    return { ...(email ? { email } : {}), ...(userName ? { userName } : {}) }
  },
  async getUser(client, { chainId, preferredAccountType }) {
    const user = await client.request('APP_GET_USER', {
      ...(chainId === undefined ? {} : { chainId }),
      ...(preferredAccountType === undefined ? {} : { preferredAccountType }),
    })
    return {
      ...(user.email ? { email: user.email } : {}),
      ...(user.userName ? { userName: user.userName } : {}),
      ...(user.socialProvider ? { socialProvider: user.socialProvider } : {}),
      ...(user.profileImage ? { profileImage: user.profileImage } : {}),
      chainId: user.chainId,
      address: user.address,
      accountType: user.accountType,
      ...(user.smartAccountDeployed === undefined ? {} : { smartAccountDeployed: user.smartAccountDeployed }),
      ...(user.smartAccountSponsored === undefined
        ? {}
        : { smartAccountSponsored: user.smartAccountSponsored }),
      ...(user.solanaAddress ? { solanaAddress: user.solanaAddress } : {}),
    }
  },
  getSmartAccountEnabledNetworks: async (client) =>
    (await client.request('APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS')).smartAccountEnabledNetworks,
  setPreferredAccount: (client, { type }) => client.request('APP_SET_PREFERRED_ACCOUNT', { type }),
  getFarcasterUri: (client) =>
    client.request('APP_GET_FARCASTER_URI') as Promise<{ url: string; expiresAt?: number }>,
  connectFarcaster: async (client) => ({
    action: (await client.request('APP_CONNECT_FARCASTER')).action ?? 'CONNECTED',
  }),
  isConnected: async (client) => (await client.request('APP_IS_CONNECTED', {})).isConnected,
  signOut: async (client) => {
    await client.request('APP_SIGN_OUT')
  },
}
