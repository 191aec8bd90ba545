import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App.js'
import { installDevWallet } from './devWallet.js'
import { createDemoPortico } from './portico.js'
import { createDemoSiwx } from './siwx.js'
import { loadDemoSolana } from './solana.js'
import './page.css'

const [siwx, solana] = await Promise.all([createDemoSiwx(), loadDemoSolana(), installDevWallet()])
const portico = createDemoPortico(siwx ? { siwx } : {}, solana)
// Exposed for end-to-end tests and for people exploring state from the console.
Object.assign(window, { portico })

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')
createRoot(root).render(
  <StrictMode>
    <App portico={portico} />
  </StrictMode>,
)
