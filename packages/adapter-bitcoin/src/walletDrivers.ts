// The wallet drivers, loaded with `import()` on the first connect or reconnect: discovery needs
// only the connectors, so the protocols' code stays off the eager entry.

export { createBitcoinStandardDriver } from './bitcoinStandardDriver.js'
export { createPhantomBitcoinDriver } from './phantomBitcoinDriver.js'
export { createSatsConnectDriver } from './satsConnectDriver.js'
export { createUnisatDriver } from './unisatDriver.js'
export { createWalletConnectDriver } from './walletConnectDriver.js'
export { moveSessionToChain, openSession } from './walletSession.js'
