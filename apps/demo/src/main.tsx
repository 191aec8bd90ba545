import { StrictMode, useEffect, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createPublicClient, http } from 'viem'

const chains = [
  { id: 31337, rpcUrl: import.meta.env.VITE_RPC_31337 },
  { id: 31338, rpcUrl: import.meta.env.VITE_RPC_31338 },
]

function ChainStatus({ id, rpcUrl }: { id: number; rpcUrl: string | undefined }) {
  const [status, setStatus] = useState(rpcUrl ? 'connecting…' : 'not configured')
  useEffect(() => {
    if (!rpcUrl) return
    const client = createPublicClient({ transport: http(rpcUrl) })
    client.getChainId().then(
      (chainId) => setStatus(chainId === id ? 'online' : `wrong chain id ${chainId}`),
      () => setStatus('offline'),
    )
  }, [id, rpcUrl])
  return (
    <li data-testid={`chain-${id}`}>
      Chain {id}: {status}
    </li>
  )
}

function App() {
  return (
    <main>
      <h1>Portico demo</h1>
      <p>Development wallet: {import.meta.env.VITE_DEV_WALLET === '1' ? 'on' : 'off'}</p>
      <ul>
        {chains.map((chain) => (
          <ChainStatus key={chain.id} id={chain.id} rpcUrl={chain.rpcUrl} />
        ))}
      </ul>
    </main>
  )
}

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
