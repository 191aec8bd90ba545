// Node entry for Bitcoin tests: the bcoin regtest node, its JSON-RPC, and the test keys.

export { BITCOIN_BURN_ADDRESS, BitcoinNodeRpcError, bitcoinRpc, mineBitcoinBlocks } from './bitcoinRpc.js'
export type { BitcoinTestKey, P2wpkhInput, P2wpkhOutput } from './bitcoinTestKey.js'
export { bitcoinKeyFromPrivateKey, bitcoinTestKey, signP2wpkhTransaction } from './bitcoinTestKey.js'
export type {
  BitcoinTestNode,
  FundOptions,
  FundPayment,
  StartBitcoinTestNodeOptions,
} from './startBitcoinTestNode.js'
export {
  BITCOIN_REGTEST_CAIP2,
  BITCOIN_TEST_MINER,
  BitcoinRpcError,
  SEGWIT_ACTIVATION_HEIGHT,
  startBitcoinTestNode,
} from './startBitcoinTestNode.js'
export type { TestBitcoinWalletScriptConfig } from './testBitcoinWalletScript.js'
export { buildTestBitcoinWalletScript } from './testBitcoinWalletScript.js'
