// The control: the same React page without a modal, with viem really in the bundle: a client for
// mainnet and one read behind the button, imported as a site that needs only that read would (the
// action alone, not every public action). The bench never clicks it, so it makes no request.
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createClient, http } from 'viem'
import { getBlockNumber } from 'viem/actions'
import { mainnet } from 'viem/chains'

const client = createClient({ chain: mainnet, transport: http() })

function App() {
  const [block, setBlock] = useState<bigint>()
  return (
    <>
      <button type="button" onClick={() => getBlockNumber(client).then(setBlock)}>
        Connect Wallet
      </button>
      {block !== undefined && <p>Block {block.toString()}</p>}
    </>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
