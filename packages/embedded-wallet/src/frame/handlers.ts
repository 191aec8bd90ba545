import { socialProviderName } from '@portico/core/api'
import {
  APP_MESSAGE_TYPES,
  type AppMessage,
  type FrameErrorReply,
  type FrameEvent,
  type FrameReply,
  frameReplySchema,
  InvalidFrameMessageError,
  isCompatibleVersion,
  isSafeRpcMethod,
  MESSAGE_MARKER,
  PROTOCOL_VERSION,
  parseAppMessage,
} from '../protocol/index.js'
import type { ApprovalRequest } from './approvals.js'
import {
  type AuthApi,
  AuthApiError,
  AuthApiTimeoutError,
  AuthSessionInvalidError,
  type AuthUser,
  DeviceNotApprovedError,
  type FrameStorage,
  sessionIdOf,
  WalletExistsError,
} from './authApi.js'
import { evmChainIdOf, type FrameChainId, toCaipNetworkId } from './chains.js'
import type { EmailChangeFlow, EmailChangeOutcome } from './emailChangeView.js'
import type { AccountKind } from './evmCalls.js'
import { createEvmSigner, type EvmSigner } from './evmSigner.js'
import { readFrameTheme } from './frameTheme.js'
import { createSeed, deriveKeys, seedToHex } from './keys.js'
import {
  EmailChangeCancelledError,
  FrameRpcError,
  UnauthorizedError,
  UnsupportedMethodError,
  UserRejectedRequestError,
} from './rpcErrors.js'
import type { SmartAccountOptions } from './smartAccount.js'
import { createSocialLogin, SocialLoginError } from './socialLogin.js'
import { createSolanaSigner, type SolanaSigner } from './solanaSigner.js'
import { getWalletAssets } from './walletAssets.js'

/** Storage key of the last theme the page synced, so the approval screen keeps it across reloads. */
export const THEME_STORAGE_KEY = 'portico-frame:theme'
/** Storage key of the page's metadata (name, url, icons) shown on the approval screen. */
export const DAPP_DATA_STORAGE_KEY = 'portico-frame:dapp'
/** How long after its RELOAD reply the frame reloads. */
export const RELOAD_DELAY_MS = 100

// The request types a page may send, known to this frame or not; anything else gets no answer.
const APP_TYPE = /^APP_[A-Z_]+$/

/**
 * Requests the protocol no longer has because the page must not make them, with the reason: the
 * codes of an e-mail change are typed in the frame (APP_UPDATE_EMAIL runs the whole change).
 */
const REFUSED_TYPES: Readonly<Record<string, string>> = {
  APP_UPDATE_EMAIL_PRIMARY_OTP:
    'The codes of an e-mail change are typed in the embedded wallet frame, never sent by the page.',
  APP_UPDATE_EMAIL_SECONDARY_OTP:
    'The codes of an e-mail change are typed in the embedded wallet frame, never sent by the page.',
}

type PayloadOf<T extends AppMessage['type']> = Extract<AppMessage, { type: T }>['payload']
export type FrameTheme = PayloadOf<'APP_SYNC_THEME'>
export type FrameDappData = PayloadOf<'APP_SYNC_DAPP_DATA'>

/**
 * What the frame posts: a reply checked against the protocol, or the ERROR answer to a request the
 * protocol does not know (its type cannot be one of the protocol's reply types).
 */
export type FrameOutgoing = FrameReply | FrameEvent | FrameErrorReply

/** What the handlers need from the screen: an approval decision, and the page's look. */
export interface FrameUi {
  /** Shows an unsafe request and resolves true when the visitor approves it. */
  requestApproval(request: ApprovalRequest): Promise<boolean>
  /**
   * Shows the e-mail change's code screen: the visitor types both codes into the frame, never into
   * the page, and the screen says how it ended.
   */
  changeEmail(flow: EmailChangeFlow): Promise<EmailChangeOutcome>
  /** Rejects every request still on screen and ends an e-mail change on screen (sign-out). */
  cancelApprovals(): void
  syncTheme(theme: FrameTheme): void
  syncDappData(data: FrameDappData): void
  /** Reloads the frame after its RELOAD reply was posted. */
  reload(): void
}

export interface FrameLogger {
  warn(message: string, detail?: unknown): void
}

export interface FrameHandlersOptions {
  api: AuthApi
  ui: FrameUi
  storage: FrameStorage
  /** The JSON-RPC endpoint for a CAIP-2 chain id (the server's proxy). */
  rpcUrl: (caipNetworkId: string) => string
  /** The chain from the frame's URL. */
  chainId: FrameChainId
  /** Posts an unsolicited event (FRAME_SESSION_UPDATE) to the page. */
  emit?: (event: FrameEvent) => void
  /**
   * The smart account the site's server offers (bundler, paymaster, enabled chains); without it
   * the wallet is an EOA everywhere (SPEC §6).
   */
  smartAccount?: SmartAccountOptions
  /**
   * The server's portfolio of an address on a CAIP-2 chain (`GET /v1/account/{address}/balance`),
   * for EIP-7811 `wallet_getAssets`; refused without it.
   */
  portfolio?: (address: `0x${string}`, caipNetworkId: string) => Promise<unknown>
  /** The embedding site's origin once pinned; a Farcaster sign-in names its host. */
  parentOrigin?: () => string | undefined
  logger?: FrameLogger
  /** The clock of the social logins' stored attempts; `Date.now` by default. */
  now?: () => number
}

export interface FrameHandlers {
  /** Serves one message from the page: the reply to post, or undefined when it is dropped. */
  handle(raw: unknown): Promise<FrameOutgoing | undefined>
  /** The chain requests go to when they name none. */
  getChainId(): FrameChainId
  /** True while a wallet is unlocked in memory. */
  isUnlocked(): boolean
}

interface Session {
  /** Absent for a social login that gave no verified e-mail, and for a Farcaster login. */
  email: string | undefined
  userName: string | undefined
  /** The social login's provider (`farcaster` for a Farcaster login). */
  socialProvider: string | undefined
  /** A Farcaster account's picture (display data). */
  profileImage: string | undefined
  evm: EvmSigner
  solana: SolanaSigner
  /** The account type the user chose, kept on the server; null before they chose. */
  preferred: AccountKind | null
}

/** SPEC §9: eip155's default account type is the smart account, where the chain offers one. */
const DEFAULT_EVM_ACCOUNT_TYPE: AccountKind = 'smartAccount'

/** The visitor asked for a smart account on a chain the site offers none on (SPEC §6). */
export class SmartAccountNotAvailableError extends FrameRpcError {
  override name = 'SmartAccountNotAvailableError' as const
  constructor(chainId: FrameChainId) {
    super(`Smart accounts are not available on ${toCaipNetworkId(chainId)}.`, 4200)
  }
}

// Unsafe methods the frame can actually perform; the other unsafe ones are refused before the
// visitor is asked, so nobody approves something that then cannot happen.
const APPROVABLE_METHODS = new Set([
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
])

/** Creates the frame's message handlers: each APP_* request mapped to its work and reply. */
export function createFrameHandlers(options: FrameHandlersOptions): FrameHandlers {
  const { api, ui, storage } = options
  let chainId: FrameChainId = options.chainId
  let session: Session | undefined
  let unlocking: Promise<Session> | undefined
  // The e-mail between CONNECT_EMAIL and the code (or device approval) that completes the login.
  let pendingEmail: string | undefined
  // The page's default account type (APP_GET_USER), for a user who never chose one.
  let pageDefault: AccountKind | undefined

  async function enabledChainIds(): Promise<readonly number[]> {
    return options.smartAccount ? options.smartAccount.enabledChainIds() : []
  }

  /** The account type that serves `evmChainId` now: the user's choice where the chain allows it. */
  async function accountTypeOf(current: Session, evmChainId: number): Promise<AccountKind> {
    if (!(await enabledChainIds()).includes(evmChainId)) return 'eoa'
    return current.preferred ?? pageDefault ?? DEFAULT_EVM_ACCOUNT_TYPE
  }

  async function readPreferred(): Promise<AccountKind | null> {
    if (!options.smartAccount) return null
    try {
      return (await api.getPreferredAccount()).type
    } catch (error) {
      if (error instanceof AuthSessionInvalidError) throw error
      // A server without the route (older) or a failed read: the default, and say so.
      options.logger?.warn('Could not read the preferred account type; using the default.', error)
      return null
    }
  }

  // The Farcaster sign-in channel between GET_FARCASTER_URI and the answer that completes the login.
  let pendingFarcaster: { channelId: string } | undefined

  async function loadWallet(user: AuthUser): Promise<Session> {
    let { seed } = await api.getWallet()
    if (seed === null) {
      const fresh = seedToHex(createSeed())
      try {
        await api.putWallet(fresh)
        seed = fresh
      } catch (error) {
        // Another device stored this user's first seed a moment earlier: use that one.
        if (!(error instanceof WalletExistsError)) throw error
        seed = (await api.getWallet()).seed
        if (seed === null) throw error
      }
    }
    const keys = deriveKeys(seed)
    const preferred = await readPreferred()
    const loaded: Session = {
      email: user.email,
      userName: user.userName,
      socialProvider: user.socialProvider,
      profileImage: user.profileImage,
      preferred,
      evm: createEvmSigner({
        privateKey: keys.evmPrivateKey,
        rpcUrl: options.rpcUrl,
        ...(options.smartAccount
          ? { smartAccount: { ...options.smartAccount, typeOf: (id: number) => accountTypeOf(loaded, id) } }
          : {}),
      }),
      solana: createSolanaSigner(keys.solanaSecretKey, { rpcUrl: options.rpcUrl }),
    }
    return loaded
  }

  /** The site's name for 'Network fee: paid by <site>', from the page's metadata. */
  function siteName(): string {
    try {
      const data = JSON.parse(storage.getItem(DAPP_DATA_STORAGE_KEY) ?? 'null') as {
        metadata?: { name?: unknown }
      } | null
      const name = data?.metadata?.name
      if (typeof name === 'string' && name.trim() !== '') return name.trim()
    } catch {
      // Unreadable metadata: the generic name below.
    }
    return 'this site'
  }

  async function userInfo(current: Session, target: FrameChainId) {
    const evmChainId = evmChainIdOf(target)
    const accountType = evmChainId === undefined ? 'eoa' : await accountTypeOf(current, evmChainId)
    const smart = current.evm.smart
    return {
      accountType,
      ...(accountType === 'smartAccount' && smart && evmChainId !== undefined
        ? {
            smartAccountDeployed: await smart.isDeployed(evmChainId),
            smartAccountSponsored: await smart.isSponsored(evmChainId),
          }
        : {}),
    }
  }

  /** The unlocked session, restored from the stored token when the frame was reloaded. */
  function unlock(): Promise<Session> {
    if (session) return Promise.resolve(session)
    unlocking ??= (async () => {
      try {
        const { user } = await api.session()
        session = await loadWallet(user)
        return session
      } catch (error) {
        if (error instanceof AuthSessionInvalidError) api.clearToken()
        throw error
      } finally {
        unlocking = undefined
      }
    })()
    return unlocking
  }

  async function requireSession(): Promise<Session> {
    try {
      return await unlock()
    } catch (error) {
      if (error instanceof AuthSessionInvalidError) throw new UnauthorizedError()
      throw error
    }
  }

  const social = createSocialLogin({ api, storage, now: options.now ?? Date.now })

  /** Tells the page a session opened, by its id (sessionIdOf), never by its token. */
  function emitSessionId(sessionId: string): void {
    options.emit?.({
      portico: MESSAGE_MARKER,
      version: PROTOCOL_VERSION,
      type: 'FRAME_SESSION_UPDATE',
      payload: { token: sessionId },
    })
  }
  const emitSession = (token: string) => emitSessionId(sessionIdOf(token))

  function signOutLocally(): void {
    session = undefined
    pendingEmail = undefined
    pendingFarcaster = undefined
    api.clearToken()
    ui.cancelApprovals()
  }

  async function rpcRequest(payload: PayloadOf<'APP_RPC_REQUEST'>): Promise<unknown> {
    const { method, params } = payload
    const target = payload.chainId ?? chainId
    const safe = isSafeRpcMethod(method)
    if (!safe && !APPROVABLE_METHODS.has(method)) {
      throw new UnsupportedMethodError(
        method,
        method.startsWith('solana_') ? 'is not supported yet by the embedded wallet' : undefined,
      )
    }
    const current = await requireSession()
    const solana = method.startsWith('solana_')
    const evmChainId = solana ? undefined : evmChainIdOf(target)
    if (!solana && evmChainId === undefined)
      throw new FrameRpcError(`The chain ${String(target)} is not supported.`, 4901)
    // A request that will be refused anyway (typed data for another chain, an atomic batch) is
    // refused before the visitor is asked, so nobody approves something that cannot happen.
    const account = evmChainId === undefined ? 'eoa' : await accountTypeOf(current, evmChainId)
    if (!safe && evmChainId !== undefined) current.evm.check({ method, params, chainId: evmChainId, account })
    if (!safe && solana) current.solana.check({ method, params, chainId: toCaipNetworkId(target) })
    if (!safe) {
      const sends = method === 'eth_sendTransaction' || method === 'wallet_sendCalls'
      const smart = account === 'smartAccount' && sends ? current.evm.smart : undefined
      const sponsored = smart && evmChainId !== undefined ? await smart.isSponsored(evmChainId) : false
      const approved = await ui.requestApproval({
        method,
        params,
        chainId: toCaipNetworkId(target),
        ...(smart ? { smartAccount: sponsored ? { feePaidBy: siteName() } : {} } : {}),
      })
      if (!approved) throw new UserRejectedRequestError()
    }
    // Only a Solana request has no EVM chain left at this point.
    if (evmChainId === undefined)
      return current.solana.request({ method, params, chainId: toCaipNetworkId(target) })
    if (method === 'wallet_getAssets') {
      if (!options.portfolio) throw new UnsupportedMethodError(method)
      return getWalletAssets(params, {
        own: current.evm.address,
        chainId: evmChainId,
        portfolio: options.portfolio,
      })
    }
    return current.evm.request({ method, params, chainId: evmChainId, account })
  }

  async function serve(message: AppMessage): Promise<unknown> {
    switch (message.type) {
      case 'APP_SWITCH_NETWORK':
        chainId = message.payload.chainId
        return { chainId }
      case 'APP_GET_CHAIN_ID':
        return { chainId }
      case 'APP_CONNECT_EMAIL': {
        const result = await api.email(message.payload.email)
        pendingEmail = message.payload.email
        return { action: result.action }
      }
      case 'APP_CONNECT_DEVICE': {
        if (pendingEmail === undefined) throw new Error('Start the login with an e-mail address first.')
        // One server wait (up to 25 s) fits in the page's 30 s timeout; the page asks again if it wants.
        const { approved } = await api.deviceWait(pendingEmail)
        if (!approved) throw new Error('The device has not been approved yet: follow the link in the e-mail.')
        return {}
      }
      case 'APP_CONNECT_OTP': {
        if (pendingEmail === undefined) throw new Error('Start the login with an e-mail address first.')
        let result: Awaited<ReturnType<typeof api.otp>>
        try {
          result = await api.otp(pendingEmail, message.payload.otp)
        } catch (error) {
          // Not a failure: the page shows the device view and sends the same code once approved.
          if (error instanceof DeviceNotApprovedError) return { action: 'VERIFY_DEVICE' }
          throw error
        }
        session = await loadWallet(result.user)
        pendingEmail = undefined
        emitSession(result.token)
        return {}
      }
      case 'APP_GET_FARCASTER_URI': {
        // The signed message must name the site the visitor sees, so only a pinned parent may ask.
        const origin = options.parentOrigin?.()
        if (!origin) throw new Error('The embedding site is not known yet: the Farcaster login cannot start.')
        const channel = await api.farcasterChannel(origin)
        pendingFarcaster = { channelId: channel.channelId }
        return { url: channel.url, expiresAt: channel.expiresAt }
      }
      case 'APP_CONNECT_FARCASTER': {
        const pending = pendingFarcaster
        if (pending === undefined) throw new Error('Start the Farcaster login with its link first.')
        let result: Awaited<ReturnType<typeof api.farcasterConnect>>
        try {
          // One server wait (20 s) fits in the page's timeout; the page asks again while the link lasts.
          result = await api.farcasterConnect(pending.channelId)
        } catch (error) {
          // The server did not answer in time: the link still lasts, and the page asks again.
          if (error instanceof AuthApiTimeoutError) return { action: 'WAITING' }
          // An expired or refused sign-in cannot complete any more: a new one needs a new link.
          if (pendingFarcaster === pending) pendingFarcaster = undefined
          throw error
        }
        if (result.status === 'pending') return { action: 'WAITING' }
        session = await loadWallet(result.user)
        pendingFarcaster = undefined
        emitSession(result.token)
        return {}
      }
      case 'APP_GET_USER': {
        const current = await requireSession()
        const target = message.payload?.chainId ?? chainId
        // The page's configured default counts only until the user chose (their choice is kept).
        if (message.payload?.preferredAccountType) pageDefault = message.payload.preferredAccountType
        return {
          ...(current.email === undefined ? {} : { email: current.email }),
          ...(current.userName === undefined ? {} : { userName: current.userName }),
          ...(current.socialProvider === undefined ? {} : { socialProvider: current.socialProvider }),
          ...(current.profileImage === undefined ? {} : { profileImage: current.profileImage }),
          // EIP-7702: the smart account is the visitor's own address, so both types share it.
          address: current.evm.address,
          chainId: target,
          ...(await userInfo(current, target)),
          solanaAddress: current.solana.address,
        }
      }
      case 'APP_IS_CONNECTED': {
        // A token from the page is never used as a credential: the page only ever gets a session
        // id (FRAME_SESSION_UPDATE), and the session itself comes back through its HttpOnly cookie.
        try {
          await unlock()
          return { isConnected: true }
        } catch (error) {
          if (error instanceof AuthSessionInvalidError) return { isConnected: false }
          throw error
        }
      }
      case 'APP_SIGN_OUT':
        try {
          await api.signOut()
        } finally {
          signOutLocally()
        }
        return {}
      case 'APP_GET_SMART_ACCOUNT_ENABLED_NETWORKS':
        return { smartAccountEnabledNetworks: [...(await enabledChainIds())] }
      case 'APP_SET_PREFERRED_ACCOUNT': {
        const current = await requireSession()
        const { type } = message.payload
        const evmChainId = evmChainIdOf(chainId)
        if (
          type === 'smartAccount' &&
          (evmChainId === undefined || !(await enabledChainIds()).includes(evmChainId))
        )
          throw new SmartAccountNotAvailableError(chainId)
        // Kept on the server first: a choice that was not stored is not made (nothing half-done).
        await api.setPreferredAccount(type)
        current.preferred = type
        return { type, address: current.evm.address }
      }
      case 'APP_RPC_REQUEST':
        return rpcRequest(message.payload)
      case 'APP_UPDATE_EMAIL': {
        // The codes prove control of the account, so they are typed on the frame's screen: a page
        // that got them could move the account to an address it owns. The page learns the outcome.
        const current = await requireSession()
        const currentEmail = current.email
        if (currentEmail === undefined) {
          throw new Error(
            `This account has no e-mail address to change: it logs in with ${current.socialProvider ? socialProviderName(current.socialProvider) : 'a social login'}.`,
          )
        }
        const newEmail = message.payload.email
        await api.updateEmail(newEmail)
        const outcome = await ui.changeEmail({
          currentEmail,
          newEmail,
          submitPrimary: (otp) => api.updateEmailPrimary(otp),
          submitSecondary: (otp) => api.updateEmailSecondary(otp),
        })
        if (outcome.status === 'cancelled') throw new EmailChangeCancelledError()
        if (outcome.status === 'failed') throw new Error(outcome.reason)
        if (session) session = { ...session, email: outcome.email }
        return { newEmail: outcome.email }
      }
      case 'APP_SYNC_THEME': {
        // The screen checks the values again when it applies them (also the saved ones after a reload).
        const { ignored } = readFrameTheme(message.payload)
        if (ignored.length > 0)
          options.logger?.warn('Ignored theme values the frame does not allow.', ignored)
        storage.setItem(THEME_STORAGE_KEY, JSON.stringify(message.payload))
        ui.syncTheme(message.payload)
        return ignored.length > 0 ? { ignored } : {}
      }
      case 'APP_SYNC_DAPP_DATA':
        storage.setItem(DAPP_DATA_STORAGE_KEY, JSON.stringify(message.payload))
        ui.syncDappData(message.payload)
        return {}
      case 'APP_RELOAD':
        return {}
      case 'APP_GET_SOCIAL_REDIRECT_URI':
        return social.start(message.payload.provider, message.payload.redirectTo)
      case 'APP_CONNECT_SOCIAL': {
        const { sessionId, user } = await social.finish(message.payload.uri)
        session = await loadWallet(user)
        pendingEmail = undefined
        // Taken by the popup's page in this partition too: the same session, by the same id.
        emitSessionId(sessionId)
        return {
          ...(user.email === undefined ? {} : { email: user.email }),
          ...(user.userName === undefined ? {} : { userName: user.userName }),
          ...(user.socialProvider === undefined ? {} : { socialProvider: user.socialProvider }),
        }
      }
      case 'APP_INIT_SMART_ACCOUNT': {
        const current = await requireSession()
        const evmChainId = evmChainIdOf(chainId)
        const smart = current.evm.smart
        if (!smart || evmChainId === undefined || !(await enabledChainIds()).includes(evmChainId))
          throw new SmartAccountNotAvailableError(chainId)
        // Nothing to create ahead: the first user operation carries the EIP-7702 delegation.
        return { address: smart.address, isDeployed: await smart.isDeployed(evmChainId) }
      }
    }
  }

  function reply(message: AppMessage, outcome: 'SUCCESS' | 'ERROR', payload: unknown): FrameOutgoing {
    const candidate = {
      portico: MESSAGE_MARKER,
      version: PROTOCOL_VERSION,
      id: message.id,
      type: `FRAME_${message.type.slice('APP_'.length)}_${outcome}`,
      payload,
    }
    const checked = frameReplySchema.safeParse(candidate)
    if (checked.success) return checked.data
    // A reply the page would refuse helps nobody: say what went wrong instead.
    options.logger?.warn(`The frame built an invalid ${candidate.type} reply.`, checked.error)
    return reply(message, 'ERROR', { message: 'An error occurred' })
  }

  return {
    async handle(raw) {
      let message: AppMessage
      try {
        const version = readString(raw, 'version')
        if (version !== undefined && !isCompatibleVersion(version, PROTOCOL_VERSION)) {
          throw new InvalidFrameMessageError({
            field: 'version',
            reason: `${version} is not compatible with the frame's ${PROTOCOL_VERSION}`,
            ...optionalString('messageId', readString(raw, 'id')),
            ...optionalString('messageType', readString(raw, 'type')),
          })
        }
        message = parseAppMessage(raw)
      } catch (error) {
        const invalid = error instanceof InvalidFrameMessageError ? error : undefined
        options.logger?.warn(invalid?.message ?? 'Dropped a message the frame cannot read.', raw)
        const id = invalid?.messageId
        const type = invalid?.messageType
        if (
          readString(raw, 'portico') !== MESSAGE_MARKER ||
          id === undefined ||
          !type ||
          !APP_TYPE.test(type)
        )
          return undefined
        // A newer page may ask for something this frame predates: say so at once, with the version
        // the frame speaks, instead of leaving the page to its timeout.
        const unsupported =
          invalid?.field !== 'version' && !(APP_MESSAGE_TYPES as readonly string[]).includes(type)
        return {
          portico: MESSAGE_MARKER,
          version: PROTOCOL_VERSION,
          id,
          type: `FRAME_${type.slice('APP_'.length)}_ERROR`,
          payload: {
            message:
              REFUSED_TYPES[type] ??
              (unsupported
                ? `The embedded wallet frame does not support ${type}: it speaks protocol ${PROTOCOL_VERSION}.`
                : (invalid?.shortMessage ?? 'An error occurred')),
          },
        }
      }
      try {
        const payload = await serve(message)
        // The reply must reach the page before the frame goes away (SPEC §9: 100 ms).
        if (message.type === 'APP_RELOAD') setTimeout(() => ui.reload(), RELOAD_DELAY_MS)
        return reply(message, 'SUCCESS', payload)
      } catch (error) {
        const code = errorCode(error)
        // A social login's refusal names its reason, so the modal can tell a denied consent, a
        // closed popup (still pending) and a provider's error apart.
        const data =
          error instanceof FrameRpcError
            ? error.data
            : error instanceof SocialLoginError
              ? { reason: error.reason }
              : undefined
        return reply(message, 'ERROR', {
          message: errorMessage(error),
          ...(code === undefined ? {} : { code }),
          ...(data === undefined ? {} : { data }),
        })
      }
    },
    getChainId: () => chainId,
    isUnlocked: () => session !== undefined,
  }
}

function readString(raw: unknown, key: string): string | undefined {
  if (typeof raw !== 'object' || raw === null) return undefined
  const value = (raw as Record<string, unknown>)[key]
  return typeof value === 'string' ? value : undefined
}

function optionalString<K extends string>(key: K, value: string | undefined): { [P in K]?: string } {
  return (value === undefined ? {} : { [key]: value }) as { [P in K]?: string }
}

function errorMessage(error: unknown): string {
  if (error instanceof Error && error.message)
    return (error as { shortMessage?: string }).shortMessage ?? error.message
  return 'An error occurred'
}

function errorCode(error: unknown): number | undefined {
  if (error instanceof FrameRpcError) return error.code
  if (error instanceof AuthApiError) return undefined
  const code = (error as { code?: unknown } | undefined)?.code
  return typeof code === 'number' ? code : undefined
}
