import type { Portico } from '@portico/core'
import { setTheme, signMessage } from '@portico/core'
import {
  ConnectButton,
  PorticoEmbed,
  PorticoProvider,
  useAccount,
  useModal,
  useNetwork,
  useSiwx,
  useTheme,
} from '@portico/react'
import { lazy, Suspense, useEffect, useState } from 'react'
import { DevWalletPanel } from './DevWalletPanel.js'
import { devWalletEnabled } from './devWallet.js'

// Development only, and only in a build made for a local Farcaster relay: the variable is replaced
// at build time, so any other build has no such chunk, and the viem reads it uses do not join the
// page's viem chunk.
const FarcasterDevClient = import.meta.env.VITE_FARCASTER_RELAY_URL
  ? lazy(() => import('./FarcasterDevClient.js').then((m) => ({ default: m.FarcasterDevClient })))
  : undefined

import { type DemoSiwxMode, demoSiwxMode } from './siwx.js'

/** What sign-in says about the connected account, and a way to sign in when not yet. */
function SignInStatus() {
  const { enabled, status, session, required } = useSiwx()
  const { openModal } = useModal()
  if (!enabled) return null
  return (
    <section className="signin" aria-labelledby="signin-title">
      <h3 id="signin-title">Sign-in {required ? '(required)' : '(optional)'}</h3>
      {session ? (
        <>
          <p data-testid="demo-siwx-status">Signed in</p>
          <dl>
            <dt>As</dt>
            <dd className="mono">{session.data.accountAddress}</dd>
            <dt>On</dt>
            <dd>{session.data.chainId}</dd>
            <dt>Expires</dt>
            <dd>{session.data.expirationTime ?? 'never'}</dd>
          </dl>
        </>
      ) : (
        <>
          <p data-testid="demo-siwx-status">{status === 'checking' ? 'Checking…' : 'Not signed in'}</p>
          <button
            type="button"
            className="secondary"
            onClick={() => openModal({ route: { view: 'SIWXSignMessage' } })}
          >
            Sign in
          </button>
        </>
      )}
    </section>
  )
}

/** Reloads the page with another sign-in mode: the config is read once, when the page loads. */
function SignInModeSelect() {
  const change = (mode: DemoSiwxMode) => {
    const url = new URL(window.location.href)
    if (mode === 'off') url.searchParams.delete('siwx')
    else url.searchParams.set('siwx', mode)
    window.location.assign(url)
  }
  return (
    <label className="mode">
      Sign-in
      <select value={demoSiwxMode()} onChange={(event) => change(event.target.value as DemoSiwxMode)}>
        <option value="off">off</option>
        <option value="optional">optional</option>
        <option value="required">required</option>
      </select>
    </label>
  )
}

function AccountCard({ portico }: { portico: Portico }) {
  const account = useAccount()
  const { network, supported, unsupportedNetworkId } = useNetwork()
  const { openModal } = useModal()
  const [signature, setSignature] = useState<string>()
  const [error, setError] = useState<string>()

  if (!account.isConnected)
    return (
      <section className="card" aria-labelledby="account-title">
        {/* The wallet of the last visit has not answered yet after the page's 3 s: not a "no". */}
        <h2 id="account-title">{account.isReconnecting ? 'Reconnecting…' : 'Not connected'}</h2>
        {portico.options.enableEmbedded ? (
          <p>Choose a wallet in the panel to see its address, network and balance read from the chain.</p>
        ) : (
          <>
            <p>
              {account.isReconnecting
                ? 'The wallet of your last visit has not answered yet; its account shows here once it does. You can also choose another.'
                : 'Connect a wallet to see its address, network and balance read from the chain.'}
            </p>
            <button type="button" className="secondary" onClick={() => openModal()}>
              Choose a wallet
            </button>
          </>
        )}
      </section>
    )

  const sign = async () => {
    setSignature(undefined)
    setError(undefined)
    try {
      setSignature(
        await signMessage(portico, { message: `Hello from the Portico demo at ${new Date().toISOString()}` }),
      )
    } catch (cause) {
      setError(cause instanceof Error ? cause.message.split('\n')[0] : 'Signing failed')
    }
  }

  return (
    <section className="card" aria-labelledby="account-title">
      <h2 id="account-title">Connected</h2>
      <dl>
        <dt>Address</dt>
        <dd data-testid="demo-address">{account.address}</dd>
        <dt>Network</dt>
        <dd data-testid="demo-network">
          {supported
            ? `${network?.name} (${network?.caipNetworkId})`
            : `Unsupported network (${unsupportedNetworkId})`}
        </dd>
        <dt>Balance</dt>
        <dd data-testid="demo-balance">
          {account.balance === undefined ? '…' : `${account.balance} ${account.balanceSymbol}`}
        </dd>
        <dt>Wallet</dt>
        <dd>{account.connector?.name}</dd>
      </dl>
      <div className="row">
        <button type="button" className="secondary" onClick={sign}>
          Sign a message
        </button>
        <button
          type="button"
          className="secondary"
          onClick={() => openModal({ route: { view: 'Networks' } })}
        >
          Switch network
        </button>
      </div>
      <SignInStatus />
      {signature && (
        <p className="mono" data-testid="demo-signature">
          Signature: {signature}
        </p>
      )}
      {error && (
        <p role="alert" className="error">
          {error}
        </p>
      )}
    </section>
  )
}

function ThemeToggle({ portico }: { portico: Portico }) {
  const { themeMode } = useTheme()
  useEffect(() => {
    document.documentElement.dataset.theme = themeMode
  }, [themeMode])
  const next = themeMode === 'dark' ? 'light' : 'dark'
  return (
    <button type="button" className="ghost" onClick={() => setTheme(portico, { themeMode: next })}>
      {next === 'light' ? 'Light theme' : 'Dark theme'}
    </button>
  )
}

// `?locale=de` shows the modal in German (its catalogue is fetched only then).
const locale = new URLSearchParams(window.location.search).get('locale') === 'de' ? 'de' : 'en'

export function App({ portico }: { portico: Portico }) {
  // `?embedded=1`: the wallet panel sits in the page next to the account card, always shown.
  const embedded = portico.options.enableEmbedded
  return (
    <PorticoProvider portico={portico} locale={locale}>
      <header className="top">
        <span className="brand">Portico</span>
        <div className="row">
          <SignInModeSelect />
          <ThemeToggle portico={portico} />
          <ConnectButton />
        </div>
      </header>
      <main className={embedded ? 'embedded' : undefined}>
        <h1>Portico demo</h1>
        <p className="lead">
          An open-source wallet connection modal. This page talks to two local chains; nothing leaves your
          machine.
        </p>
        {embedded ? (
          <div className="columns">
            <AccountCard portico={portico} />
            <PorticoEmbed className="wallet-panel" />
          </div>
        ) : (
          <AccountCard portico={portico} />
        )}
        <p className="hint">
          Prefer no framework? See the <a href="./headless.html">headless example</a>, built on @portico/core
          alone.
        </p>
      </main>
      {devWalletEnabled && <DevWalletPanel />}
      {devWalletEnabled && FarcasterDevClient && (
        <Suspense fallback={null}>
          <FarcasterDevClient portico={portico} />
        </Suspense>
      )}
    </PorticoProvider>
  )
}
