import { useEffect, useReducer } from 'react'

type Mode = 'approve' | 'reject' | 'fail' | 'hang'
interface DevWallet {
  setMode(mode: Mode): void
  setAccount(index: number): void
  setChain(chainId: number): void
  disconnectFromWallet(): void
  getState(): { mode: Mode; accountIndex: number; chainId: number }
}

/** The Solana side of the same dev wallet, when the demo runs a Solana validator. */
interface SolanaDevWallet {
  setMode(mode: Mode): void
  setAccount(index: number): void
}

function solanaWallet(): SolanaDevWallet | undefined {
  return (window as unknown as { __porticoDevSolanaWallets?: Record<string, SolanaDevWallet> })
    .__porticoDevSolanaWallets?.['Portico Dev Wallet']
}

/** The Polkadot side of the same dev wallet (an injected extension), when the demo runs the chain. */
interface PolkadotDevWallet {
  setMode(mode: Mode): void
  setAccounts(indices: readonly number[]): void
}

function polkadotWallet(): PolkadotDevWallet | undefined {
  return (window as unknown as { __porticoDevPolkadotWallets?: Record<string, PolkadotDevWallet> })
    .__porticoDevPolkadotWallets?.['portico-dev-wallet']
}

function wallet(): DevWallet | undefined {
  return (window as unknown as { __porticoDevWallets?: Record<string, DevWallet> }).__porticoDevWallets?.[
    'dev.portico.wallet'
  ]
}

/**
 * Controls of the development wallet, for a person clicking through the demo without an
 * extension: how it answers requests, which account and network it is on.
 */
export function DevWalletPanel() {
  const [, refresh] = useReducer((n: number) => n + 1, 0)
  useEffect(() => {
    const timer = setInterval(refresh, 1000)
    return () => clearInterval(timer)
  }, [])
  const dev = wallet()
  const solana = solanaWallet()
  const polkadot = polkadotWallet()
  if (!dev) return null
  const state = dev.getState()
  const act = (change: () => void) => () => {
    change()
    refresh()
  }
  return (
    <aside className="dev-wallet" aria-label="Development wallet">
      <h2>Development wallet</h2>
      <p className="dev-note">
        A wallet in this page for local testing only. It signs with anvil's funded accounts
        {solana ? ", on Solana with the local validator's" : ''}
        {polkadot ? ", on Polkadot with the local chain's development accounts (Alice, Bob…)" : ''}.
      </p>
      <label>
        Answers requests by
        <select
          value={state.mode}
          onChange={(event) =>
            act(() => {
              // One wallet in both namespaces answers the same way in each.
              dev.setMode(event.target.value as Mode)
              solana?.setMode(event.target.value as Mode)
              polkadot?.setMode(event.target.value as Mode)
            })()
          }
        >
          <option value="approve">approving</option>
          <option value="reject">rejecting (user declines)</option>
          <option value="fail">failing (wallet error)</option>
          <option value="hang">never answering</option>
        </select>
      </label>
      <label>
        Account
        <select
          value={state.accountIndex}
          onChange={(event) =>
            act(() => {
              dev.setAccount(Number(event.target.value))
              solana?.setAccount(Number(event.target.value))
              // An extension shows a site the accounts a person picks: here, the one chosen.
              polkadot?.setAccounts([Number(event.target.value)])
            })()
          }
        >
          {[0, 1, 2, 3].map((index) => (
            <option key={index} value={index}>
              Account {index + 1}
            </option>
          ))}
        </select>
      </label>
      <label>
        Network
        <select
          value={state.chainId}
          onChange={(event) => act(() => dev.setChain(Number(event.target.value)))()}
        >
          <option value={31337}>Anvil (31337)</option>
          <option value={31338}>Anvil Two (31338)</option>
          <option value={1}>Chain 1 (unsupported here)</option>
        </select>
      </label>
      <button type="button" onClick={act(() => dev.disconnectFromWallet())}>
        Disconnect from the wallet's side
      </button>
    </aside>
  )
}
