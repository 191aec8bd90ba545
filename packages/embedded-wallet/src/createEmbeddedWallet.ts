import type { EmbeddedWallet } from '@portico/core'
import {
  type CreateEmbeddedWalletClientParameters,
  createEmbeddedWalletClient,
  type EmbeddedWalletClient,
} from './client/createEmbeddedWalletClient.js'
import {
  createEmbeddedWalletProvider,
  type EmbeddedWalletProvider,
} from './client/createEmbeddedWalletProvider.js'

export interface CreateEmbeddedWalletOptions
  extends Omit<CreateEmbeddedWalletClientParameters, 'frameUrl' | 'projectId'> {
  /** The Portico server; the frame is served from it, on its own origin (`{apiUrl}/frame/`). */
  apiUrl: string
  projectId: string
  /** Another frame address than `{apiUrl}/frame/`. */
  frameUrl?: string
}

/** The embedded wallet for `createPortico({ embeddedWallet })` and `evm({ embeddedWallet })`. */
export interface PorticoEmbeddedWallet extends EmbeddedWallet {
  /** EIP-1193 provider over the frame, for the EVM adapter's AUTH connector. */
  readonly provider: EmbeddedWalletProvider
  /** The frame client, created on first use. */
  client(): EmbeddedWalletClient
  /** Removes the frame. */
  destroy(): void
}

/**
 * The embedded (e-mail) wallet over its secure frame. The frame is added to the page on first use
 * (the first e-mail login, or restoring an earlier one), not when the page loads.
 *
 * @example
 * const embeddedWallet = createEmbeddedWallet({ apiUrl, projectId, chainId: 1 })
 * createPortico({ networks, embeddedWallet, adapters: [evm({ embeddedWallet })] })
 */
export function createEmbeddedWallet(options: CreateEmbeddedWalletOptions): PorticoEmbeddedWallet {
  const { apiUrl, frameUrl, ...rest } = options
  let current: EmbeddedWalletClient | undefined
  const client = (): EmbeddedWalletClient => {
    current ??= createEmbeddedWalletClient({
      ...rest,
      frameUrl: frameUrl ?? new URL('frame/', apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`).href,
    })
    return current
  }
  // The provider reaches the client only when a request is made.
  const provider = createEmbeddedWalletProvider(
    new Proxy({} as EmbeddedWalletClient, {
      get: (_, property) => {
        const target = client()
        const value = Reflect.get(target, property)
        return typeof value === 'function' ? value.bind(target) : value
      },
    }),
  )
  return {
    provider,
    client,
    destroy() {
      current?.destroy()
      current = undefined
    },
    connectEmail: ({ email }) => client().request('APP_CONNECT_EMAIL', { email }),
    connectDevice: async () => {
      await client().request('APP_CONNECT_DEVICE')
    },
    connectOtp: async ({ otp }) => {
      await client().request('APP_CONNECT_OTP', { otp })
    },
    async getUser({ chainId }) {
      const user = await client().request('APP_GET_USER', chainId === undefined ? {} : { chainId })
      return {
        email: user.email,
        chainId: user.chainId,
        address: user.address,
        accountType: user.accountType,
        ...(user.solanaAddress ? { solanaAddress: user.solanaAddress } : {}),
      }
    },
    isConnected: async () => (await client().request('APP_IS_CONNECTED', {})).isConnected,
    signOut: async () => {
      await client().request('APP_SIGN_OUT')
    },
    updateEmail: ({ email }) => client().request('APP_UPDATE_EMAIL', { email }),
    updateEmailPrimaryOtp: async ({ otp }) => {
      await client().request('APP_UPDATE_EMAIL_PRIMARY_OTP', { otp })
    },
    updateEmailSecondaryOtp: ({ otp }) => client().request('APP_UPDATE_EMAIL_SECONDARY_OTP', { otp }),
  }
}
