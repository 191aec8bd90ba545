// The swap contract's constants, apart from its zod schemas (`swapSchemas.ts`): the swap code in
// core imports these, and zod calls a bundler cannot drop would come with them.

/** The literal that names a chain's native currency where a token address is expected. */
export const NATIVE_TOKEN = 'native'

/** SPEC §9: the slippage tolerance when a request names none, in percent. */
export const DEFAULT_SWAP_SLIPPAGE_PERCENT = 1
/** SPEC §9: the gas limit assumed when the network fee of a swap is estimated before its calldata exists. */
export const SWAP_GAS_LIMIT_ESTIMATE = 150_000
