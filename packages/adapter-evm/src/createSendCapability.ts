import { type ContractsCapability, ProviderRequestError } from '@portico/core'
import { createLazyImport } from '@portico/core/adapter-kit'
import { isEvmAddress } from './isEvmAddress.js'
import type { EvmFeeEstimate, EvmSend, EvmSendOptions } from './send.js'
import { createTetherStyleLookup, type TetherStyleTokens } from './tetherStyleTokens.js'

/** The EVM adapter's send capability; its fee estimate carries gas and gas price. */
export type EvmSendCapability = Omit<EvmSend, 'sendTransaction'> & {
  isAddress(address: string): boolean
  /** Contract calls (swaps), sharing the send code's lazy load. */
  contracts: ContractsCapability
}
export type { EvmFeeEstimate }

export type CreateSendCapabilityOptions = Omit<EvmSendOptions, 'isTetherStyle'> & {
  /** Merged with `DEFAULT_TETHER_STYLE_TOKENS`. */
  tetherStyleTokens: TetherStyleTokens | undefined
}

/**
 * The send capability with only its address check in the eager entry (docs/adapters.md, the size
 * rule): fee estimates, sends and receipt waits load `send.ts` with `import()` on the first call,
 * which a page that only connects never makes. A failed download is tried again on the next call.
 * Contract calls (`contracts`, for swaps) load the same module.
 */
export function createSendCapability(options: CreateSendCapabilityOptions): EvmSendCapability {
  const { tetherStyleTokens, ...rest } = options
  // Checked now: a bad entry is a configuration error, reported when the adapter is created.
  const isTetherStyle = createTetherStyleLookup(tetherStyleTokens)
  const importSend = createLazyImport(() => import('./send.js'))
  let loaded: EvmSend | undefined
  const load = async (): Promise<EvmSend> => {
    if (loaded) return loaded
    let module: typeof import('./send.js')
    try {
      module = await importSend()
    } catch (error) {
      throw new ProviderRequestError('The code that sends could not be loaded. Please try again.', {
        cause: error,
        details: String(error),
      })
    }
    loaded ??= module.createEvmSend({ ...rest, isTetherStyle })
    return loaded
  }

  return {
    isAddress: isEvmAddress,
    estimateFee: async (parameters) => (await load()).estimateFee(parameters),
    send: async (parameters) => (await load()).send(parameters),
    waitForTransaction: async (parameters) => (await load()).waitForTransaction(parameters),
    contracts: { sendTransaction: async (parameters) => (await load()).sendTransaction(parameters) },
  }
}
