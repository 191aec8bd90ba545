// The README's "Quick start: React", as a site copies it, against the packages installed from
// their tarballs.
import { defineEvmNetwork, evm } from '@portico/adapter-evm'
import { createPortico } from '@portico/core'
import { ConnectButton, PorticoProvider, useAccount } from '@portico/react'
import { mainnet, optimism } from 'viem/chains'

const portico = createPortico({
  networks: [defineEvmNetwork(mainnet), defineEvmNetwork(optimism)],
  adapters: [evm()],
  metadata: { name: 'My site' },
})

function Balance() {
  const { isConnected, address, balance, balanceSymbol } = useAccount()
  return isConnected ? (
    <p>
      {address}: {balance} {balanceSymbol}
    </p>
  ) : null
}

export function App() {
  return (
    <PorticoProvider portico={portico}>
      <ConnectButton />
      <Balance />
    </PorticoProvider>
  )
}
