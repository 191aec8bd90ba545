/**
 * For an adapter's heavy half (RPC clients, transaction building), kept out of its eager entry:
 * wraps a dynamic `import()` so every caller shares one load, and a load that failed (offline, a
 * new deploy that removed the old chunk) is tried again by the next caller instead of failing forever.
 * @example
 * const loadRpc = createLazyImport(() => import('./rpcCapabilities.js'))
 * const { createRpcCapabilities } = await loadRpc()
 */
export function createLazyImport<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined
  return () => {
    // The async wrapper turns a synchronous throw into a rejection, retried like any other.
    pending ??= (async () => load())().catch((error: unknown) => {
      pending = undefined
      throw error
    })
    return pending
  }
}
