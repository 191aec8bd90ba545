// The swap constants the instance's first state needs, apart from the server contract's schemas
// (`api/swapSchemas.ts`), whose zod calls a bundler cannot drop: `createPortico` imports this, and a
// page that only connects must not download zod for it.

/** SPEC §9: the slippage tolerance, percent (the server's default too). */
export const SWAP_SLIPPAGE_PERCENT = 1
