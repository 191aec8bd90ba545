import { bitcoinApiUrl } from './bitcoin.js'
import { devWalletChains } from './networks.js'
import { solanaRpcUrl } from './solana.js'

/** The local Polkadot chain `npm run demo` starts (apps/demo/scripts/polkadot.mjs), when built with one. */
const polkadotRpcUrl = import.meta.env.VITE_POLKADOT_RPC_URL

/** True when the demo was started with the development wallet (`npm run demo` does). */
export const devWalletEnabled = import.meta.env.VITE_DEV_WALLET === '1'

/**
 * Installs the development wallet: a wallet-as-code that signs with anvil's funded accounts and
 * announces itself like a browser extension (EIP-6963). Query options let tests and people try
 * more: `?wallets=0` no wallet at all (a visitor without one), `?wallets=2` a second wallet, `?legacy=1` also as window.ethereum, `?walletChain=31338`.
 * With the local Solana validator it also registers the same wallet for Solana (Wallet Standard),
 * as a multi-chain extension does, signing with the validator's funded test accounts. With the local
 * Polkadot chain it also injects itself as a Polkadot extension (`window.injectedWeb3`, key
 * 'portico-dev-wallet'), holding the chain's funded development accounts //Alice … //Ferdie.
 */
export async function installDevWallet(): Promise<void> {
  if (!devWalletEnabled || new URLSearchParams(window.location.search).get('wallets') === '0') return
  const [
    { installTestWallets, DEV_WALLET_ICON, DEV_WALLET_NAME },
    solanaWallet,
    polkadotWallet,
    bitcoinWallet,
  ] = await Promise.all([
    import('@portico/test/wallet'),
    solanaRpcUrl ? import('@portico/test/solana/wallet') : undefined,
    polkadotRpcUrl ? import('@portico/test/polkadot/wallet') : undefined,
    bitcoinApiUrl ? import('@portico/test/bitcoin/wallet') : undefined,
  ])
  const query = new URLSearchParams(window.location.search)
  const initialChainId = Number(query.get('walletChain') ?? 31337)
  installTestWallets({
    chains: devWalletChains,
    initialChainId,
    second: query.get('wallets') === '2',
    legacy: query.get('legacy') === '1',
    // Like an extension, the wallet remembers the sites it is connected to across reloads.
    persist: window.localStorage,
  })
  // Injected before the Solana wallet's keys are derived: extensions are there when a page starts.
  // Addresses come in the generic prefix 42, as extensions hand them out; the site re-encodes them.
  polkadotWallet?.installTestPolkadotExtension({ persist: window.localStorage })
  if (solanaWallet && solanaRpcUrl)
    await solanaWallet.installTestSolanaWallets({
      rpcUrl: solanaRpcUrl,
      // One name and icon in both namespaces, so the modal shows one wallet.
      name: DEV_WALLET_NAME,
      icon: DEV_WALLET_ICON as `data:image/${string}`,
      persist: window.localStorage,
    })
  // The same wallet in btc_providers (WBIP-004): a payment and an ordinals address on regtest.
  bitcoinWallet?.installTestBitcoinWallet({
    name: DEV_WALLET_NAME,
    chain: 'regtest',
    persist: window.localStorage,
  })
}
