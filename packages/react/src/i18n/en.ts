// Every text the React package shows or announces, in English. This catalogue is bundled with the
// modal; other locales are loaded on demand and must have every key (see `Messages`). A `{name}`
// in a text is filled in by `t('key', { name })`.

export const en = {
  // Modal shell
  loading: 'Loading…',
  back: 'Back',
  close: 'Close',
  closeEmbedded: 'Close and return to {view}',
  dismiss: 'Dismiss',
  viewFailed: 'This part of the wallet window could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',

  // View titles; the dialog is labelled by them
  titleConnect: 'Connect a wallet',
  titleAllWallets: 'All wallets',
  titleConnecting: 'Connecting',
  titleAccount: 'Account',
  titleNetworks: 'Choose a network',
  titleUnsupportedChain: 'Switch network',

  // ConnectButton
  connectWallet: 'Connect Wallet',
  connecting: 'Connecting…',
  wrongNetwork: 'Wrong network',
  networkButton: 'Network: {network}. Change network',
  accountButton: 'Account {address}. Open account',
  accountButtonWithBalance: 'Account {address}, balance {balance}. Open account',

  // Wallet lists
  wallets: 'Wallets',
  tagInstalled: 'Installed',
  tagRecent: 'Recent',
  allWallets: 'All Wallets',
  poweredBy: 'Powered by Portico · open source',
  noWalletInBrowser: 'No wallet found in this browser',
  installWallet: 'Install a wallet browser extension, then reload this page. Your wallet will appear here.',
  searchWallets: 'Search wallets',
  searchPlaceholder: 'Search wallet',
  walletCountOne: '1 wallet',
  walletCountOther: '{count} wallets',
  noWalletFound: 'No wallet found',
  nothingMatches: 'Nothing matches “{query}”.',
  noWalletAvailable: 'No wallet is available in this browser.',
  noAdapters: 'No wallet adapters are configured for this site',
  noAdaptersHelp:
    'Wallets cannot connect here yet. If you run this site, add a wallet adapter to your Portico configuration.',

  // Connecting to a browser wallet
  yourWallet: 'your wallet',
  continueIn: 'Continue in {name}',
  acceptRequest: 'Accept the connection request in your wallet',
  connectionDeclined: 'Connection declined',
  declinedIn: 'You declined the request in {name}. You can try again.',
  noAnswer: 'No answer from the wallet',
  noAnswerText: 'The wallet did not answer in time.',
  connectionFailed: 'Connection failed',
  couldNotConnect: '{name} could not connect. You can try again.',

  // Account
  loadingBalance: 'Loading balance…',
  copyAddress: 'Copy address',
  copied: 'Copied',
  copyFailed: 'Could not copy. Select the address instead.',
  viewOnExplorer: 'View on block explorer',
  opensInNewTab: '(opens in a new tab)',
  disconnect: 'Disconnect',
  disconnecting: 'Disconnecting…',

  // Account assets: total, wallet features, the Tokens and Activity tabs
  totalValue: 'Total value',
  walletFeatures: 'Wallet actions',
  featureReceive: 'Receive',
  featureSend: 'Send',
  accountTabs: 'Assets',
  tabTokens: 'Tokens',
  tabActivity: 'Activity',
  tabNFTs: 'NFTs',
  loadingTokens: 'Loading tokens…',
  noTokens: 'No tokens yet',
  noTokensText: 'Tokens this account holds on {network} will show here.',
  tokenBalanceUnavailable: 'Token Balance Unavailable',
  tokenBalanceRetryIn: 'Prices and other tokens could not be loaded. You can try again in {seconds} s.',
  tokenBalanceRetryNow: 'Prices and other tokens could not be loaded.',
  tokenPrice: '{price} each',
  loadingActivity: 'Loading activity…',
  noActivity: 'No activity yet',
  noActivityText: 'Transactions of this account on {network} will show here.',
  activityFailed: 'Failed to fetch transactions',
  activityServerDown: 'The server that keeps your history cannot be reached right now.',
  loadMore: 'Load more',
  activitySent: 'Sent',
  activityReceived: 'Received',
  activitySelf: 'Sent to self',
  activityApproved: 'Approved',
  activityMinted: 'Minted',
  activityBurned: 'Burned',
  activityExecuted: 'Contract call',
  activityTo: 'To {address}',
  activityFrom: 'From {address}',
  activityMore: '+{count} more',
  statusPending: 'Pending',
  statusFailed: 'Failed',
  viewTransaction: 'View transaction on block explorer',
  timeNow: 'now',
  timeMinutes: '{count} min',
  timeHours: '{count} hr',
  timeDayOne: '1 day',
  timeDays: '{count} days',

  // Networks
  networks: 'Networks',
  approveInWallet: 'Approve in your wallet',
  active: 'Active',
  unsupportedChain:
    'Your wallet is on a network this site does not support. Switch to one of these networks to continue.',
} as const
