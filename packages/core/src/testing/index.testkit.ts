// `@portico/core/testing`: the test kits core's and react's tests share. Workspace-only: the entry
// resolves under the `@portico/source` condition alone and its files are left out of the package.
export type { RecordedRequest, TestReply } from './apiTestServer.testkit.js'
export { closedPortUrl, startTestApiServer } from './apiTestServer.testkit.js'
export type { FakeAdapterHandle, FakeAdapterOptions, WaitingRequest } from './fakeAdapter.testkit.js'
export {
  addSendCapability,
  fakeAdapter,
  flush,
  isTestAddress,
  rejected,
  setup,
  testConnector,
  testNetwork,
} from './fakeAdapter.testkit.js'
export type { SwapServerScript } from './swapServer.testkit.js'
export {
  connectedSwapAccount,
  openSwap,
  ROUTER,
  refusal,
  SWAP_ACCOUNT,
  SWAP_HASH,
  SWAP_TOKENS,
  startSwapTestServer,
  until,
} from './swapServer.testkit.js'
