import type { RegistryWallet } from '../walletConnect/types.js'

/**
 * Wallets that pair over WalletConnect from a phone, listed by AllWallets after the installed ones.
 * Kept with the server contract because the Portico server answers this list by default; sites
 * import it as `REGISTRY_WALLETS` from `@portico/walletconnect/registry`.
 *
 * Links are the ones each wallet published for itself in its WalletConnect Explorer record (the
 * `mobile`/`desktop` `native` and `universal` fields a wallet submits when it lists itself). A link
 * is left out when the record has none, when it only points at a store or home page (which would
 * open without the pairing), or when its shape cannot carry `wc?uri=` (a query in the base).
 * Wallets without any mobile link are still listed: on a desktop the visitor scans the QR code.
 * `install` holds the store pages of the best-known wallets (their extension and app store
 * listings), which Get a wallet shows to visitors without a wallet.
 *
 * No icons: a vendor-hosted picture would make every visitor's browser call that vendor. The modal
 * draws a letter tile; a Portico server may add `imageUrl` from its own configuration.
 */
export const REGISTRY_WALLETS: readonly RegistryWallet[] = [
  {
    id: 'io.metamask',
    name: 'MetaMask',
    rdns: 'io.metamask',
    namespaces: ['eip155'],
    mobile: { native: 'metamask://', universal: 'https://metamask.app.link' },
    homepage: 'https://metamask.io',
    install: {
      chrome: 'https://chromewebstore.google.com/detail/nkbihfbeogaeaoehlefnkodbefgpgknn',
      firefox: 'https://addons.mozilla.org/firefox/addon/ether-metamask/',
      ios: 'https://apps.apple.com/app/id1438144202',
      android: 'https://play.google.com/store/apps/details?id=io.metamask',
    },
  },
  {
    id: 'com.trustwallet.app',
    name: 'Trust Wallet',
    rdns: 'com.trustwallet.app',
    namespaces: ['eip155', 'solana'],
    mobile: { native: 'trust://', universal: 'https://link.trustwallet.com' },
    homepage: 'https://trustwallet.com',
    install: {
      chrome: 'https://chromewebstore.google.com/detail/egjidjbpglichdcondbcbdnbeeppgdph',
      ios: 'https://apps.apple.com/app/id1288339409',
      android: 'https://play.google.com/store/apps/details?id=com.wallet.crypto.trustapp',
    },
  },
  {
    id: 'me.rainbow',
    name: 'Rainbow',
    rdns: 'me.rainbow',
    namespaces: ['eip155'],
    mobile: { native: 'rainbow://', universal: 'https://rnbwapp.com' },
    homepage: 'https://rainbow.me',
    install: {
      chrome: 'https://chromewebstore.google.com/detail/opfgelmcmbiajamepnmloijbpoleiama',
      ios: 'https://apps.apple.com/app/id1457119021',
      android: 'https://play.google.com/store/apps/details?id=me.rainbow',
    },
  },
  {
    // Its record lists no pairing link: the app pairs by scanning the QR code.
    id: 'com.coinbase.wallet',
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    namespaces: ['eip155'],
    homepage: 'https://www.coinbase.com/wallet',
    install: {
      chrome: 'https://chromewebstore.google.com/detail/hnfanknocfeofbddgcijnmhnfnkdnaad',
      ios: 'https://apps.apple.com/app/id1278383455',
      android: 'https://play.google.com/store/apps/details?id=org.toshi',
    },
  },
  {
    id: 'com.ledger',
    name: 'Ledger Live',
    namespaces: ['eip155'],
    mobile: { native: 'ledgerlive://' },
    desktop: { native: 'ledgerlive://' },
    homepage: 'https://www.ledger.com/ledger-live',
  },
  {
    // The record's universal link is the download page, which drops the pairing.
    id: 'com.okex.wallet',
    name: 'OKX Wallet',
    rdns: 'com.okex.wallet',
    namespaces: ['eip155', 'solana'],
    mobile: { native: 'okex://main' },
    homepage: 'https://www.okx.com/web3',
  },
  {
    id: 'io.zerion.wallet',
    name: 'Zerion',
    rdns: 'io.zerion.wallet',
    namespaces: ['eip155'],
    mobile: { native: 'zerion://', universal: 'https://wallet.zerion.io' },
    desktop: { native: 'zerion://', universal: 'https://wallet.zerion.io' },
    homepage: 'https://zerion.io',
    install: {
      chrome: 'https://chromewebstore.google.com/detail/klghhnkeealcohjjanjjdaeeggmfmlpl',
      ios: 'https://apps.apple.com/app/id1456732565',
      android: 'https://play.google.com/store/apps/details?id=io.zerion.android',
    },
  },
  {
    // The app parses `uniswap://wc?uri=` itself; its https link is reported to lose the pairing
    // on Android, so only the scheme is kept.
    id: 'org.uniswap',
    name: 'Uniswap Wallet',
    namespaces: ['eip155'],
    mobile: { native: 'uniswap://' },
    homepage: 'https://uniswap.org',
  },
  {
    id: 'xyz.argent',
    name: 'Argent',
    namespaces: ['eip155'],
    mobile: { native: 'argent://app/', universal: 'https://www.argent.xyz/app' },
    homepage: 'https://www.argent.xyz',
  },
  {
    // The record's https link is the Safe web app, not a hand-off to the phone app.
    id: 'global.safe',
    name: 'Safe',
    namespaces: ['eip155'],
    mobile: { native: 'safe://' },
    homepage: 'https://safe.global',
  },
  {
    id: 'im.token',
    name: 'imToken',
    namespaces: ['eip155'],
    mobile: { native: 'imtokenv2://' },
    homepage: 'https://token.im',
  },
  {
    id: 'pro.tokenpocket',
    name: 'TokenPocket',
    rdns: 'pro.tokenpocket',
    namespaces: ['eip155'],
    mobile: { native: 'tpoutside://' },
    homepage: 'https://tokenpocket.pro',
  },
  {
    id: 'com.exodus',
    name: 'Exodus',
    namespaces: ['eip155', 'solana'],
    mobile: { native: 'exodus://', universal: 'https://exodus.com/m' },
    homepage: 'https://exodus.com',
  },
  {
    // Rabby Mobile scans the QR code; its record lists no pairing link.
    id: 'io.rabby',
    name: 'Rabby',
    rdns: 'io.rabby',
    namespaces: ['eip155'],
    homepage: 'https://rabby.io',
    install: {
      chrome: 'https://chromewebstore.google.com/detail/acmacodkjbdgmoleebolmdjonilkdbch',
    },
  },
  {
    id: 'com.safepal',
    name: 'SafePal',
    namespaces: ['eip155', 'solana'],
    mobile: { native: 'safepalwallet://', universal: 'https://link.safepal.io' },
    homepage: 'https://safepal.com',
  },
  {
    id: 'com.bitget.web3',
    name: 'Bitget Wallet',
    namespaces: ['eip155', 'solana'],
    mobile: { native: 'bitkeep://', universal: 'https://bkapp.vip' },
    homepage: 'https://web3.bitget.com',
  },
  {
    id: 'io.1inch.wallet',
    name: '1inch Wallet',
    namespaces: ['eip155'],
    mobile: { native: 'oneinch://', universal: 'https://wallet.1inch.io' },
    homepage: 'https://wallet.1inch.io',
  },
  {
    id: 'com.bestwallet',
    name: 'Best Wallet',
    namespaces: ['eip155'],
    mobile: { native: 'bw://app/connect', universal: 'https://best-wallet-prod.web.app/connect' },
    homepage: 'https://bestwallet.com',
  },
  {
    id: 'com.crypto.wallet',
    name: 'Crypto.com Onchain',
    rdns: 'com.crypto.wallet',
    namespaces: ['eip155'],
    mobile: { native: 'dfw://', universal: 'https://wallet.crypto.com' },
    homepage: 'https://crypto.com/onchain',
  },
  {
    id: 'app.backpack',
    name: 'Backpack',
    rdns: 'app.backpack',
    namespaces: ['solana', 'eip155'],
    mobile: { native: 'backpack://', universal: 'https://backpack.app/ul/v1' },
    homepage: 'https://backpack.app',
  },
  {
    id: 'com.binance.wallet',
    name: 'Binance Wallet',
    rdns: 'com.binance.wallet',
    namespaces: ['eip155'],
    mobile: { native: 'bnc://app.binance.com/cedefi/', universal: 'https://app.binance.com/cedefi' },
    homepage: 'https://www.binance.com/en/web3wallet',
  },
  {
    id: 'com.robinhood.wallet',
    name: 'Robinhood Wallet',
    rdns: 'com.robinhood.wallet',
    namespaces: ['eip155'],
    mobile: { native: 'robinhood-wallet://' },
    homepage: 'https://robinhood.com/web3-wallet',
  },
  {
    id: 'io.magiceden.wallet',
    name: 'Magic Eden',
    rdns: 'io.magiceden.wallet',
    namespaces: ['eip155', 'solana'],
    mobile: { native: 'magiceden://' },
    homepage: 'https://wallet.magiceden.io',
  },
  {
    id: 'so.onekey.app.wallet',
    name: 'OneKey',
    rdns: 'so.onekey.app.wallet',
    namespaces: ['eip155'],
    mobile: { native: 'onekey-wallet://', universal: 'https://app.onekey.so/wc/connect' },
    desktop: { native: 'onekey-wallet://', universal: 'https://app.onekey.so/wc/connect' },
    homepage: 'https://onekey.so',
  },
  {
    id: 'xyz.frontier.wallet',
    name: 'Frontier',
    rdns: 'xyz.frontier.wallet',
    namespaces: ['eip155'],
    mobile: { native: 'frontier://' },
    homepage: 'https://www.frontier.xyz',
  },
  {
    id: 'com.coin98',
    name: 'Coin98 Super Wallet',
    rdns: 'com.coin98',
    namespaces: ['eip155', 'solana'],
    mobile: { native: 'coin98://' },
    homepage: 'https://coin98.com/wallet',
  },
  {
    id: 'app.onto',
    name: 'ONTO',
    namespaces: ['eip155'],
    mobile: { native: 'ontoprovider://' },
    homepage: 'https://onto.app',
  },
  {
    id: 'com.ambire',
    name: 'Ambire Wallet',
    namespaces: ['eip155'],
    mobile: { native: 'ambire://', universal: 'https://mobile.ambire.com' },
    homepage: 'https://www.ambire.com',
  },
  {
    id: 'com.zengo',
    name: 'Zengo Wallet',
    namespaces: ['eip155'],
    mobile: { native: 'zengo://get.zengo.com/', universal: 'https://get.zengo.com' },
    homepage: 'https://zengo.com',
  },
  {
    id: 'app.subwallet',
    name: 'SubWallet',
    rdns: 'app.subwallet',
    namespaces: ['polkadot', 'eip155'],
    mobile: { native: 'subwallet://', universal: 'https://mobile.subwallet.app' },
    desktop: { native: 'subwallet://' },
    homepage: 'https://www.subwallet.app',
  },
  {
    id: 'com.mewwallet',
    name: 'MEW wallet',
    namespaces: ['eip155'],
    mobile: { native: 'mewwallet://' },
    homepage: 'https://mewwallet.com',
  },
  {
    id: 'com.kraken',
    name: 'Kraken Wallet',
    namespaces: ['eip155'],
    mobile: { native: 'krakenwallet://' },
    homepage: 'https://www.kraken.com/wallet',
  },
  {
    id: 'com.tangem',
    name: 'Tangem Wallet',
    namespaces: ['eip155'],
    mobile: { native: 'tangem://', universal: 'https://app.tangem.com' },
    homepage: 'https://tangem.com',
  },
  {
    id: 'com.fireblocks',
    name: 'Fireblocks',
    namespaces: ['eip155'],
    mobile: { native: 'fireblocks-wc://' },
    homepage: 'https://www.fireblocks.com',
  },
  {
    id: 'app.omni',
    name: 'Omni',
    namespaces: ['eip155'],
    mobile: { native: 'omni://', universal: 'https://links.omni.app' },
    homepage: 'https://omni.app',
  },
  {
    id: 'com.blockchain',
    name: 'Blockchain.com',
    namespaces: ['eip155'],
    mobile: { native: 'blockchain-wallet://' },
    homepage: 'https://www.blockchain.com/en/app',
  },
  {
    id: 'com.alphawallet',
    name: 'AlphaWallet',
    namespaces: ['eip155'],
    mobile: { native: 'awallet://', universal: 'https://aw.app' },
    homepage: 'https://alphawallet.com',
  },
  {
    id: 'com.bitpay',
    name: 'BitPay Wallet',
    namespaces: ['eip155'],
    mobile: { native: 'bitpay://', universal: 'https://link.bitpay.com' },
    homepage: 'https://bitpay.com/wallet',
  },
]
