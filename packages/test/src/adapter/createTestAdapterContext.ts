import { type AdapterContext, type AdapterEvent, createMemoryStorage, type Network } from '@portico/core'

/**
 * An adapter context that records what the adapter emits and logs, for adapter tests.
 * @example
 * const { context, events } = createTestAdapterContext([network])
 * const adapter = evm()(context)
 */
export function createTestAdapterContext(networks: readonly Network[] = [], isBrowser = true) {
  const events: AdapterEvent[] = []
  const warnings: Array<{ message: string; details: unknown }> = []
  const context: AdapterContext = {
    networks: () => networks,
    storage: createMemoryStorage(),
    emit: (event) => events.push(event),
    logger: {
      debug: () => {},
      warn: (message, details) => warnings.push({ message, details }),
      error: (message, details) => warnings.push({ message, details }),
    },
    isBrowser,
  }
  return { context, events, warnings }
}
