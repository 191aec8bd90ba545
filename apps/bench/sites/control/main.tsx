// The control: the same React page without a modal, with viem really in the bundle (a client for
// mainnet and one read behind the button). The bench never clicks it, so it makes no request.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createPublicClient, http } from 'viem'
import { mainnet } from 'viem/chains'

const client = createPublicClient({ chain: mainnet, transport: http() })

function App() {
  const [block, setBlock] = useState<bigint>()
  return (
    <>
      <button type="button" onClick={() => client.getBlockNumber().then(setBlock)}>
        Connect Wallet
      </button>
      {block !== undefined && <p>Block {block.toString()}</p>}
    </>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
