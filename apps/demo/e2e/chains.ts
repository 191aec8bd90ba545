// The local chains the demo is built against for the end-to-end tests (see `build:e2e` in
// package.json): global-setup starts them, global-teardown stops them.
export const e2eChains = [
  { chainId: 31337, port: 18545 },
  { chainId: 31338, port: 18546 },
] as const

export const rpcUrl = (chainId: 31337 | 31338) =>
  `http://127.0.0.1:${e2eChains.find((chain) => chain.chainId === chainId)!.port}`

/** Where global-setup records the anvil process ids for global-teardown. */
export const pidFile = new URL('../artifacts/anvil-pids.json', import.meta.url)
