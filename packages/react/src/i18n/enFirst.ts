// The English texts the page needs before the modal's code is there: the button's, and the frame's
// loading and failure texts. Bundled with the button; the modal's own texts (`enModal`) come with
// the modal's frame chunk.

export const enFirst = {
  // Modal shell
  loading: 'Loading…',
  back: 'Back',
  close: 'Close',
  closeEmbedded: 'Close and return to {view}',
  dismiss: 'Dismiss',
  viewFailed: 'This part of the wallet window could not be loaded. Check your connection and try again.',
  tryAgain: 'Try again',

  // ConnectButton
  connectWallet: 'Connect Wallet',
  connecting: 'Connecting…',
  reconnecting: 'Reconnecting…',
  wrongNetwork: 'Wrong network',
  networkButton: 'Network: {network}. Change network',
  accountButton: 'Account {address}. Open account',
  accountButtonWithBalance: 'Account {address}, balance {balance}. Open account',
  // The balance could not be read again: the one shown is the last one read (button and Account view).
  staleBalance: '{balance} (last known)',
} as const
