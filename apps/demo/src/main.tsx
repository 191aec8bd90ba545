import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { loadDemoBitcoin } from './bitcoin.js'
import { installDevWallet } from './devWallet.js'
import { loadDemoPolkadot } from './polkadot.js'
import { createDemoPortico } from './portico.js'
import { createDemoSiwx } from './siwx.js'
import { loadDemoSolana } from './solana.js'
import './page.css'

// No top-level await: a module that has one turns off Rolldown's chunk optimizations for the whole
// build, and the page's download would be split into more chunks that compress worse.
async function start() {
  const [siwx, solana, polkadot, bitcoin] = await Promise.all([
    createDemoSiwx(),
    loadDemoSolana(),
    loadDemoPolkadot(),
    loadDemoBitcoin(),
    installDevWallet(),
  ])
  const portico = createDemoPortico(siwx ? { siwx } : {}, solana, polkadot, bitcoin)
  // Exposed for end-to-end tests and for people exploring state from the console.
  Object.assign(window, { portico })

  const root = document.getElementById('root')
  if (!root) throw new Error('index.html has no #root element')
  createRoot(root).render(
    <StrictMode>
      <App portico={portico} />
    </StrictMode>,
  )
}

void start()
