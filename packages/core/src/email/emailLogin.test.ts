// @vitest-environment happy-dom
import { afterEach, describe, expect, test, vi } from 'vitest'
import { disconnect } from '../connection/disconnect.js'
import { RequestCancelledError } from '../errors/base.js'
import { initialize } from '../initialize.js'
import { goBack } from '../modal/goBack.js'
import { navigate } from '../modal/navigate.js'
import { openModal } from '../modal/openModal.js'
import { switchNetwork } from '../network/switchNetwork.js'
import { fakeAdapter, flush, setup, testConnector, testNetwork } from '../testing/fakeAdapter.testkit.js'
import {
  connectEmail,
  DEVICE_APPROVAL_WAIT_MS,
  EMAIL_LOGIN_COOLDOWN_MS,
  EMBEDDED_WALLET_CONNECTOR_ID,
  EmailCooldownError,
  EmbeddedWalletNotConfiguredError,
  InvalidEmailError,
} from './connectEmail.js'
import { getEmailLogin } from './emailLogin.js'
import { changeEmail } from './modal/changeEmail.js'
import { startEmailLogin } from './modal/startEmailLogin.js'
import { verifyEmailCode } from './modal/verifyEmailCode.js'
import { InvalidOtpError, resetEmailLogin, submitEmailOtp } from './submitEmailOtp.js'
import type { EmbeddedWallet } from './types.js'
import { type UpdateEmailErrorType, updateEmail } from './updateEmail.js'

/**
 * The embedded wallet as core calls it (the `EmbeddedWallet` contract), scripted per test;
 * `@portico/embedded-wallet` has its own tests with the real frame.
 */
function embedded(overrides: Partial<EmbeddedWallet> = {}) {
  const calls: string[] = []
  let approveDevice: () => void = () => {}
  const wallet: EmbeddedWallet = {
    connectEmail: async ({ email }) => {
      calls.push(`connectEmail ${email}`)
      return { action: 'VERIFY_OTP' }
    },
    connectDevice: () =>
      new Promise<void>((resolve) => {
        calls.push('connectDevice')
        approveDevice = resolve
      }),
    connectOtp: async ({ otp }) => {
      calls.push(`connectOtp ${otp}`)
      return { action: 'CONNECTED' }
    },
    getUser: async () => ({ email: 'ada@example.com', chainId: 1, address: '0x1', accountType: 'eoa' }),
    isConnected: async () => true,
    signOut: async () => {},
    updateEmail: async () => ({ newEmail: 'new@example.com' }),
    ...overrides,
  }
  return { wallet, calls, approveDevice: () => approveDevice() }
}

async function start(wallet?: EmbeddedWallet) {
  const connectors = [testConnector(EMBEDDED_WALLET_CONNECTOR_ID, { type: 'AUTH', name: 'E-mail' })]
  const { portico, handle } = await setup(wallet ? { embeddedWallet: wallet } : {}, connectors)
  await initialize(portico)
  openModal(portico)
  return { portico, handle }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('e-mail login (SPEC §5)', () => {
  test('sends the code and shows the code view; the login is remembered in storage', async () => {
    const { wallet, calls } = embedded()
    const { portico } = await start(wallet)
    expect(getEmailLogin(portico).enabled).toBe(true)
    await expect(startEmailLogin(portico, { email: '  ada@example.com ' })).resolves.toBeUndefined()
    expect(calls).toEqual(['connectEmail ada@example.com'])
    expect(portico.state.router.route).toEqual({
      view: 'EmailVerifyOtp',
      params: { email: 'ada@example.com' },
    })
    expect(getEmailLogin(portico)).toMatchObject({ status: 'awaitingOtp', email: 'ada@example.com' })
    expect(portico.internal.storage.get('email')).toBe('ada@example.com')
    expect(portico.internal.storage.get('emailLoginUsed')).toBe(true)
    expect(portico.internal.storage.get('lastEmailLoginTime')).toBeTypeOf('number')
  })

  test("refuses a second login within 30 s with 'Please try again after {n} seconds', n rounded up", async () => {
    vi.useFakeTimers({ now: Date.parse('2026-11-23T10:00:00Z'), toFake: ['Date'] })
    const { wallet, calls } = embedded()
    const { portico } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    vi.setSystemTime(Date.now() + 10_500)
    const error = await connectEmail(portico, { email: 'ada@example.com' }).catch((reason: unknown) => reason)
    expect(error).toBeInstanceOf(EmailCooldownError)
    expect((error as Error).message).toBe('Please try again after 20 seconds')
    expect(getEmailLogin(portico).error).toEqual({ key: 'emailCooldown', params: { n: 20 } })
    // Checked before anything is sent.
    expect(calls).toHaveLength(1)
    vi.setSystemTime(Date.now() + EMAIL_LOGIN_COOLDOWN_MS - 10_500)
    await expect(connectEmail(portico, { email: 'ada@example.com' })).resolves.toEqual({
      action: 'VERIFY_OTP',
    })
  })

  test('refuses what is not an e-mail address, and a site without an embedded wallet', async () => {
    const { wallet, calls } = embedded()
    const { portico } = await start(wallet)
    await expect(connectEmail(portico, { email: 'ada@' })).rejects.toBeInstanceOf(InvalidEmailError)
    expect(getEmailLogin(portico).error).toEqual({ key: 'invalidEmail' })
    expect(calls).toEqual([])
    const without = await start()
    expect(getEmailLogin(without.portico).enabled).toBe(false)
    await expect(connectEmail(without.portico, { email: 'ada@example.com' })).rejects.toBeInstanceOf(
      EmbeddedWalletNotConfiguredError,
    )
  })

  test('a failure to send stays on Connect with the reason, and does not start the cool-down', async () => {
    const { wallet } = embedded({
      connectEmail: async () => {
        throw new Error('The mail server did not answer.')
      },
    })
    const { portico } = await start(wallet)
    await expect(connectEmail(portico, { email: 'ada@example.com' })).rejects.toThrow('mail server')
    await expect(startEmailLogin(portico, { email: 'ada@example.com' })).resolves.toBeUndefined()
    expect(portico.state.router.route.view).toBe('Connect')
    expect(getEmailLogin(portico)).toMatchObject({
      status: 'idle',
      error: { key: 'walletError', params: { message: 'The mail server did not answer.' } },
    })
    expect(portico.internal.storage.get('lastEmailLoginTime')).toBeUndefined()
  })

  test('a new device waits for the approval from the e-mail, then asks for the code', async () => {
    const { wallet, approveDevice } = embedded({ connectEmail: async () => ({ action: 'VERIFY_DEVICE' }) })
    const { portico } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    expect(portico.state.router.route.view).toBe('EmailVerifyDevice')
    expect(getEmailLogin(portico).status).toBe('awaitingDevice')
    approveDevice()
    await flush()
    expect(portico.state.router.route.view).toBe('EmailVerifyOtp')
    expect(getEmailLogin(portico).status).toBe('awaitingOtp')
  })

  test('the device view asks again after each bounded wait until the link is followed', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let waits = 0
    const { wallet } = embedded({
      connectEmail: async () => ({ action: 'VERIFY_DEVICE' }),
      // Each wait ends after 25 s without the approval, as the server's does; the third is approved.
      connectDevice: () =>
        new Promise<void>((resolve, reject) => {
          waits++
          const approved = waits === 3
          setTimeout(() => (approved ? resolve() : reject(new Error('not approved yet'))), 25_000)
        }),
    })
    const { portico } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    await vi.advanceTimersByTimeAsync(25_000)
    expect(waits).toBe(2)
    // A wait that simply ran out is not an error to show.
    expect(getEmailLogin(portico).error).toBeUndefined()
    expect(portico.state.router.route.view).toBe('EmailVerifyDevice')
    await vi.advanceTimersByTimeAsync(50_000)
    expect(waits).toBe(3)
    expect(portico.state.router.route.view).toBe('EmailVerifyOtp')
  })

  test('a device wait that fails at once is shown and tried again; after 10 minutes the view says the link expired', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let waits = 0
    const { wallet } = embedded({
      connectEmail: async () => ({ action: 'VERIFY_DEVICE' }),
      connectDevice: async () => {
        waits++
        throw new Error('An error occurred')
      },
    })
    const { portico } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    await vi.advanceTimersByTimeAsync(0)
    expect(getEmailLogin(portico).error).toEqual({
      key: 'walletError',
      params: { message: 'An error occurred' },
    })
    await vi.advanceTimersByTimeAsync(5_000)
    expect(waits).toBe(2)
    await vi.advanceTimersByTimeAsync(DEVICE_APPROVAL_WAIT_MS)
    expect(getEmailLogin(portico).error).toEqual({ key: 'deviceApprovalExpired' })
    const stopped = waits
    await vi.advanceTimersByTimeAsync(60_000)
    expect(waits).toBe(stopped)
  })

  test('an embedded wallet error shows its short sentence, not its details', async () => {
    const failure = Object.assign(
      new Error('Unable to load email login dependency\n\nDetails: no FRAME_READY within 10000 ms.'),
      { shortMessage: 'Unable to load email login dependency' },
    )
    const { wallet } = embedded({
      connectEmail: async () => {
        throw failure
      },
    })
    const { portico } = await start(wallet)
    await expect(connectEmail(portico, { email: 'ada@example.com' })).rejects.toBe(failure)
    expect(getEmailLogin(portico).error).toEqual({
      key: 'walletError',
      params: { message: 'Unable to load email login dependency' },
    })
  })

  test('going back from the device view stops asking', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let waits = 0
    const { wallet } = embedded({
      connectEmail: async () => ({ action: 'VERIFY_DEVICE' }),
      connectDevice: () =>
        new Promise<void>((_, reject) => {
          waits++
          setTimeout(() => reject(new Error('not approved yet')), 25_000)
        }),
    })
    const { portico } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    goBack(portico)
    await vi.advanceTimersByTimeAsync(120_000)
    expect(waits).toBe(1)
  })

  test('the code is checked, then the embedded wallet connects through its AUTH connector and the modal closes', async () => {
    const { wallet, calls } = embedded()
    const { portico, handle } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    await verifyEmailCode(portico, { otp: '123 456' })
    expect(calls).toContain('connectOtp 123456')
    expect(handle.calls.find((call) => call.method === 'connect')?.parameters).toMatchObject({
      connectorId: EMBEDDED_WALLET_CONNECTOR_ID,
    })
    expect(portico.state.router.route.view).toBe('Account')
    // Connected: the modal closes, as after any connection made in it.
    expect(portico.state.modal.open).toBe(false)
    expect(getEmailLogin(portico).status).toBe('idle')
  })

  test('a known account on a new device: the right code opens the device view, and once the link is followed the same code logs in', async () => {
    let approved = false
    const { wallet, calls, approveDevice } = embedded()
    wallet.connectOtp = async ({ otp }) => {
      calls.push(`connectOtp ${otp}`)
      return { action: approved ? 'CONNECTED' : 'VERIFY_DEVICE' }
    }
    const { portico, handle } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    await verifyEmailCode(portico, { otp: '123456' })
    expect(portico.state.router.route).toEqual({
      view: 'EmailVerifyDevice',
      params: { email: 'ada@example.com' },
    })
    expect(getEmailLogin(portico).status).toBe('awaitingDevice')
    await flush()
    expect(calls).toEqual(['connectEmail ada@example.com', 'connectOtp 123456', 'connectDevice'])
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(false)
    approved = true
    approveDevice()
    await vi.waitFor(() => expect(portico.state.router.route.view).toBe('Account'))
    // The visitor did not type the code again: the one they typed was sent once more.
    expect(calls).toEqual([
      'connectEmail ada@example.com',
      'connectOtp 123456',
      'connectDevice',
      'connectOtp 123456',
    ])
    expect(getEmailLogin(portico)).toMatchObject({ status: 'idle', accountEmail: 'ada@example.com' })
  })

  test('a code that no longer works once the device is approved goes back to the code view with the reason', async () => {
    let approved = false
    const { wallet, approveDevice } = embedded()
    wallet.connectOtp = async () => {
      if (approved) throw new Error('The code has expired. Ask for a new one.')
      return { action: 'VERIFY_DEVICE' }
    }
    const { portico, handle } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    await verifyEmailCode(portico, { otp: '123456' })
    await flush()
    approved = true
    approveDevice()
    await vi.waitFor(() => expect(portico.state.router.route.view).toBe('EmailVerifyOtp'))
    expect(getEmailLogin(portico)).toMatchObject({
      status: 'awaitingOtp',
      error: { key: 'walletError', params: { message: 'The code has expired. Ask for a new one.' } },
    })
    expect(handle.calls.some((call) => call.method === 'connect')).toBe(false)
  })

  test('a wrong code stays on the code view with the reason; a code that is not 6 digits is not sent', async () => {
    const { wallet, calls } = embedded({
      connectOtp: async () => {
        throw new Error('The code is not right. 4 tries left.')
      },
    })
    const { portico } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    await expect(submitEmailOtp(portico, { otp: '12345' })).rejects.toBeInstanceOf(InvalidOtpError)
    expect(calls).toEqual(['connectEmail ada@example.com'])
    await expect(submitEmailOtp(portico, { otp: '000000' })).rejects.toThrow('4 tries left')
    expect(getEmailLogin(portico)).toMatchObject({
      status: 'awaitingOtp',
      error: { key: 'walletError', params: { message: 'The code is not right. 4 tries left.' } },
    })
    expect(portico.state.router.route.view).toBe('EmailVerifyOtp')
  })

  test('going back from the code view forgets the login in progress', async () => {
    const { wallet } = embedded()
    const { portico } = await start(wallet)
    navigate(portico, { view: 'Connect' })
    await startEmailLogin(portico, { email: 'ada@example.com' })
    goBack(portico)
    expect(getEmailLogin(portico)).toMatchObject({ status: 'idle', email: undefined })
  })

  test('disconnecting the embedded wallet signs it out and clears the e-mail login cache, but keeps the cool-down', async () => {
    const { wallet, calls } = embedded({
      signOut: async () => {
        calls.push('signOut')
      },
    })
    const { portico } = await start(wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    await verifyEmailCode(portico, { otp: '123456' })
    await flush()
    await disconnect(portico)
    expect(calls).toContain('signOut')
    expect(portico.internal.storage.get('email')).toBeUndefined()
    expect(portico.internal.storage.get('emailLoginUsed')).toBeUndefined()
    expect(portico.internal.storage.get('lastEmailLoginTime')).toBeTypeOf('number')
  })
})

describe('the e-mail wallet on EVM and Solana (SPEC §6: the auth connector supports eip155 and solana)', () => {
  const SOL_ADDRESS = '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU'
  const EVM_ADDRESS = '0x1111111111111111111111111111111111111111'

  /** A site whose EVM and Solana adapters both offer the embedded wallet's AUTH connector. */
  async function bothNamespaces(wallet: EmbeddedWallet) {
    const auth = (namespace: 'eip155' | 'solana') =>
      testConnector(EMBEDDED_WALLET_CONNECTOR_ID, { type: 'AUTH', name: 'E-mail wallet', namespace })
    const evm = fakeAdapter('eip155', [auth('eip155')])
    const sol = fakeAdapter('solana', [auth('solana')])
    sol.handle.nextConnect = { address: SOL_ADDRESS, accounts: [SOL_ADDRESS], chainId: 'mainnet' }
    const { portico } = await setup({
      networks: [testNetwork(1, 'eip155', 'Ethereum'), testNetwork('mainnet', 'solana', 'Solana')],
      adapters: [evm.factory, sol.factory],
      embeddedWallet: wallet,
    })
    await initialize(portico)
    return { portico, evm, sol }
  }

  test('one login connects both namespaces: the active one shows its address, switching to Solana shows the Solana one', async () => {
    const { wallet } = embedded()
    const { portico, evm, sol } = await bothNamespaces(wallet)
    await connectEmail(portico, { email: 'ada@example.com' })
    await expect(submitEmailOtp(portico, { otp: '123456' })).resolves.toEqual({
      status: 'connected',
      namespace: 'eip155',
      address: EVM_ADDRESS,
    })
    await portico.internal.siblingConnection
    const { chains } = portico.state
    expect(chains.eip155?.accountState).toMatchObject({ status: 'connected', address: EVM_ADDRESS })
    expect(chains.solana?.accountState).toMatchObject({ status: 'connected', address: SOL_ADDRESS })
    expect(chains.solana?.connectorId).toBe(EMBEDDED_WALLET_CONNECTOR_ID)
    expect(evm.handle.calls.filter((call) => call.method === 'connect')).toHaveLength(1)
    expect(sol.handle.calls.filter((call) => call.method === 'connect')).toHaveLength(1)
    await switchNetwork(portico, { networkId: 'solana:mainnet' })
    expect(portico.state.modal.activeChain).toBe('solana')
    expect(chains.solana?.accountState.address).toBe(SOL_ADDRESS)
  })

  test('logging in while Solana is active connects Solana first', async () => {
    const { wallet } = embedded()
    const { portico } = await bothNamespaces(wallet)
    await switchNetwork(portico, { networkId: 'solana:mainnet' })
    await connectEmail(portico, { email: 'ada@example.com' })
    await expect(submitEmailOtp(portico, { otp: '123456' })).resolves.toMatchObject({
      namespace: 'solana',
      address: SOL_ADDRESS,
    })
    await portico.internal.siblingConnection
    expect(portico.state.chains.eip155?.accountState.address).toBe(EVM_ADDRESS)
  })

  test('disconnecting one namespace signs the e-mail wallet out of both', async () => {
    const { wallet, calls } = embedded({
      signOut: async () => {
        calls.push('signOut')
      },
    })
    const { portico } = await bothNamespaces(wallet)
    await connectEmail(portico, { email: 'ada@example.com' })
    await submitEmailOtp(portico, { otp: '123456' })
    await portico.internal.siblingConnection
    await disconnect(portico, { namespace: 'solana' })
    expect(calls.filter((call) => call === 'signOut')).toHaveLength(1)
    expect(portico.state.chains.eip155?.accountState.status).toBe('disconnected')
    expect(portico.state.chains.solana?.accountState.status).toBe('disconnected')
  })
})

describe('changing the e-mail (SPEC §7 APP_UPDATE_EMAIL): the codes are typed in the frame', () => {
  /** An e-mail change the test ends as the frame would: changed, cancelled or failed. */
  function changing() {
    let settle: { resolve(value: { newEmail: string }): void; reject(error: unknown): void } | undefined
    const calls: string[] = []
    const { wallet } = embedded({
      updateEmail: ({ email }) => {
        calls.push(`update ${email}`)
        return new Promise((resolve, reject) => {
          settle = { resolve, reject }
        })
      },
      syncTheme: ({ themeMode }) => {
        calls.push(`syncTheme ${themeMode}`)
      },
      rejectApprovals: () => {
        calls.push('rejectApprovals')
        settle?.reject(Object.assign(new Error('Request was aborted'), { name: 'FrameRequestAbortedError' }))
      },
    })
    return { wallet, calls, settle: () => settle as NonNullable<typeof settle> }
  }

  test("the modal starts the change and shows its verify view; the frame's success shows Account with the new e-mail", async () => {
    const change = changing()
    const { portico } = await start(change.wallet)
    await startEmailLogin(portico, { email: 'ada@example.com' })
    await verifyEmailCode(portico, { otp: '123456' })
    navigate(portico, { view: 'UpdateEmail' })
    await expect(updateEmail(portico, { email: 'nope' })).rejects.toBeInstanceOf(InvalidEmailError)
    const outcome = changeEmail(portico, { email: ' ada@new.example ' })
    expect(change.calls).toEqual([`syncTheme ${portico.state.theme.themeMode}`, 'update ada@new.example'])
    // No code passes through the page: the view is only the area the frame's screen lies over.
    expect(portico.state.router.route).toEqual({
      view: 'UpdateEmailVerify',
      params: { email: 'ada@new.example' },
    })
    change.settle().resolve({ newEmail: 'ada@new.example' })
    await expect(outcome).resolves.toBeUndefined()
    expect(portico.state.router.route.view).toBe('Account')
    expect(getEmailLogin(portico).accountEmail).toBe('ada@new.example')
    expect(portico.internal.storage.get('email')).toBe('ada@new.example')
    expect(portico.state.toast.current?.message).toEqual({
      key: 'emailChanged',
      params: { email: 'ada@new.example' },
    })
  })

  test('cancelled in the frame: back on UpdateEmail, nothing changed, no error', async () => {
    const change = changing()
    const { portico } = await start(change.wallet)
    navigate(portico, { view: 'UpdateEmail' })
    const outcome = changeEmail(portico, { email: 'ada@new.example' })
    change.settle().reject(Object.assign(new Error('The e-mail change was cancelled.'), { code: 4001 }))
    await expect(outcome).resolves.toBeUndefined()
    expect(portico.state.router.route.view).toBe('UpdateEmail')
    expect(getEmailLogin(portico).error).toBeUndefined()
    expect(portico.internal.storage.get('email')).toBeUndefined()
  })

  test('failed in the frame: back on UpdateEmail with the reason', async () => {
    const change = changing()
    const { portico } = await start(change.wallet)
    navigate(portico, { view: 'UpdateEmail' })
    const outcome = changeEmail(portico, { email: 'ada@new.example' })
    change.settle().reject(new Error('Five wrong codes were tried: ask for a new one.'))
    await expect(outcome).resolves.toBeUndefined()
    expect(portico.state.router.route.view).toBe('UpdateEmail')
    expect(getEmailLogin(portico).error).toEqual({
      key: 'walletError',
      params: { message: 'Five wrong codes were tried: ask for a new one.' },
    })
  })

  test('leaving the verify view (back or close) ends the change in the frame', async () => {
    const change = changing()
    const { portico } = await start(change.wallet)
    navigate(portico, { view: 'UpdateEmail' })
    const outcome = changeEmail(portico, { email: 'ada@new.example' })
    goBack(portico)
    expect(change.calls).toContain('rejectApprovals')
    await expect(outcome).resolves.toBeUndefined()
    expect(portico.state.router.route.view).toBe('UpdateEmail')
  })
  test('updateEmail (domain): a cancel in the frame rejects with UserRejectedRequestError, leaving the view alone', async () => {
    const change = changing()
    const { portico } = await start(change.wallet)
    navigate(portico, { view: 'UpdateEmail' })
    const outcome = updateEmail(portico, { email: 'ada@new.example' }).then(
      () => undefined,
      (e: unknown) => e as UpdateEmailErrorType,
    )
    change.settle().reject(Object.assign(new Error('The e-mail change was cancelled.'), { code: 4001 }))
    const error = await outcome
    expect(error?.name).toBe('UserRejectedRequestError')
    expect(error?.code).toBe(4001)
    expect(portico.state.router.route.view).toBe('UpdateEmail')
    expect(portico.state.toast.current).toBeUndefined()
  })

  test('updateEmail (domain): an abandoned change rejects with RequestCancelledError; a success resolves the new e-mail without a toast', async () => {
    const change = changing()
    const { portico } = await start(change.wallet)
    const abandoned = updateEmail(portico, { email: 'ada@new.example' })
    resetEmailLogin(portico)
    change.settle().reject(new Error('late'))
    await expect(abandoned).rejects.toBeInstanceOf(RequestCancelledError)
    const changed = updateEmail(portico, { email: 'ada@new.example' })
    change.settle().resolve({ newEmail: 'ada@new.example' })
    await expect(changed).resolves.toEqual({ email: 'ada@new.example' })
    expect(getEmailLogin(portico).accountEmail).toBe('ada@new.example')
    expect(portico.state.router.route.view).toBe('Connect')
    expect(portico.state.toast.current).toBeUndefined()
  })
})

describe('e-mail login domain actions: they never move the modal', () => {
  test('connectEmail resolves the next step and records it; a replaced attempt rejects with RequestCancelledError', async () => {
    let answer: (value: { action: 'VERIFY_OTP' }) => void = () => {}
    const { wallet } = embedded({
      connectEmail: () =>
        new Promise((resolve) => {
          answer = resolve
        }),
    })
    const { portico } = await start(wallet)
    const first = connectEmail(portico, { email: 'ada@example.com' })
    resetEmailLogin(portico)
    answer({ action: 'VERIFY_OTP' })
    await expect(first).rejects.toBeInstanceOf(RequestCancelledError)
    const second = connectEmail(portico, { email: 'ada@example.com' })
    answer({ action: 'VERIFY_OTP' })
    await expect(second).resolves.toEqual({ action: 'VERIFY_OTP' })
    expect(getEmailLogin(portico).status).toBe('awaitingOtp')
    expect(portico.state.router.route.view).toBe('Connect')
  })

  test('submitEmailOtp connects the embedded wallet and says where, or that the device must be approved first', async () => {
    const { wallet } = embedded()
    const { portico } = await start(wallet)
    await connectEmail(portico, { email: 'ada@example.com' })
    await expect(submitEmailOtp(portico, { otp: '123456' })).resolves.toMatchObject({
      status: 'connected',
      namespace: 'eip155',
    })
    expect(portico.state.connection.status).toBe('connected')
    expect(portico.state.router.route.view).toBe('Connect')

    const device = embedded({ connectOtp: async () => ({ action: 'VERIFY_DEVICE' }) })
    const other = await start(device.wallet)
    await expect(submitEmailOtp(other.portico, { otp: '123456' })).resolves.toEqual({
      status: 'awaitingDevice',
    })
    expect(getEmailLogin(other.portico).status).toBe('awaitingDevice')
    expect(other.portico.state.router.route.view).toBe('Connect')
  })
})

describe('approving requests of the embedded wallet (SPEC §2 ApproveTransaction)', () => {
  /** An embedded wallet whose frame is asked to approve something: `wait(true)` starts, `wait(false)` ends. */
  function approvals() {
    const listeners = new Set<(waiting: boolean) => void>()
    const rejected: number[] = []
    const themes: unknown[] = []
    const { wallet } = embedded({
      syncTheme: (theme) => themes.push(theme),
      onApprovalChange: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      rejectApprovals: () => rejected.push(1),
    })
    const wait = (waiting: boolean) => {
      for (const listener of listeners) listener(waiting)
    }
    return { wallet, wait, rejected, listeners, themes }
  }

  test('opens the modal on ApproveTransaction while a request waits, and closes it once answered', async () => {
    const { wallet, wait, rejected, themes } = approvals()
    const { portico } = await setup({
      embeddedWallet: wallet,
      themeMode: 'light',
      themeVariables: { accent: '#ff5500' },
    })
    await initialize(portico)
    expect(portico.state.modal.open).toBe(false)
    wait(true)
    // The frame's screen sits in the modal: it takes the modal's theme first.
    expect(themes).toEqual([{ themeMode: 'light', themeVariables: { accent: '#ff5500' } }])
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('ApproveTransaction')
    wait(false)
    expect(portico.state.modal.open).toBe(false)
    expect(rejected).toEqual([])
  })

  test('over an open view, pushes ApproveTransaction and goes back to that view once answered', async () => {
    const { wallet, wait } = approvals()
    const { portico } = await start(wallet)
    navigate(portico, { view: 'Networks' })
    wait(true)
    expect(portico.state.router.route.view).toBe('ApproveTransaction')
    wait(true)
    expect(portico.state.router.history.map((route) => route.view)).toEqual(['Connect', 'Networks'])
    wait(false)
    expect(portico.state.modal.open).toBe(true)
    expect(portico.state.router.route.view).toBe('Networks')
  })

  test('closing the modal or going back while a request waits rejects it', async () => {
    const { wallet, wait, rejected } = approvals()
    const { portico } = await start(wallet)
    wait(true)
    goBack(portico)
    expect(rejected).toHaveLength(1)
    expect(portico.state.router.route.view).toBe('Connect')
    wait(true)
    const { closeModal } = await import('../modal/closeModal.js')
    closeModal(portico)
    expect(rejected).toHaveLength(2)
    expect(portico.state.modal.open).toBe(false)
    // The answer that follows the rejection leaves the modal alone.
    wait(false)
    expect(portico.state.modal.open).toBe(false)
  })

  test('destroying the instance stops listening', async () => {
    const { wallet, listeners } = approvals()
    const { portico } = await setup({ embeddedWallet: wallet })
    expect(listeners.size).toBe(1)
    const { destroy } = await import('../destroy.js')
    destroy(portico)
    expect(listeners.size).toBe(0)
  })
})

describe('restoring the e-mail login on page load (SPEC §4 e-mail login cache)', () => {
  test('a stored embedded wallet connection that does not come back clears the e-mail login cache', async () => {
    const { wallet } = embedded()
    const connectors = [testConnector(EMBEDDED_WALLET_CONNECTOR_ID, { type: 'AUTH', name: 'E-mail' })]
    const { portico, storage, handle } = await setup({ embeddedWallet: wallet }, connectors)
    const typed = portico.internal.storage
    typed.set('connections', { eip155: { connectorId: EMBEDDED_WALLET_CONNECTOR_ID } })
    typed.set('emailLoginUsed', true)
    typed.set('email', 'ada@example.com')
    typed.set('lastEmailLoginTime', 1)
    handle.nextReconnect = undefined
    await initialize(portico)
    expect(typed.get('email')).toBeUndefined()
    expect(typed.get('emailLoginUsed')).toBeUndefined()
    expect(typed.get('lastEmailLoginTime')).toBe(1)
    expect(getEmailLogin(portico).accountEmail).toBeUndefined()
    expect(storage).toBeDefined()
  })

  test('one that comes back keeps it', async () => {
    const { wallet } = embedded()
    const connectors = [testConnector(EMBEDDED_WALLET_CONNECTOR_ID, { type: 'AUTH', name: 'E-mail' })]
    const { portico, handle } = await setup({ embeddedWallet: wallet }, connectors)
    const typed = portico.internal.storage
    typed.set('connections', { eip155: { connectorId: EMBEDDED_WALLET_CONNECTOR_ID } })
    typed.set('emailLoginUsed', true)
    typed.set('email', 'ada@example.com')
    handle.nextReconnect = {
      address: '0x1111111111111111111111111111111111111111',
      accounts: ['0x1111111111111111111111111111111111111111'],
      chainId: 1,
    }
    await initialize(portico)
    expect(portico.state.connection.status).toBe('connected')
    expect(typed.get('email')).toBe('ada@example.com')
  })
})
