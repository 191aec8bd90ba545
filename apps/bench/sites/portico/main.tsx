// The connect-only site of the README's React quick start, nothing extra: mainnet and Arbitrum, the
// EVM adapter, the provider and the button that opens the modal.
import { defineEvmNetwork, evm } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { ConnectButton, PorticoProvider } from '@portico/react'
import { createRoot } from 'react-dom/client'
import { arbitrum, mainnet } from 'viem/chains'

const portico = createPortico({
  networks: [defineEvmNetwork(mainnet), defineEvmNetwork(arbitrum)],
  adapters: [evm()],
  metadata: { name: 'Bench site' },
})

function App() {
  return (
    <PorticoProvider portico={portico}>
      <ConnectButton />
    </PorticoProvider>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
