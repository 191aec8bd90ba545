import type { Address } from '@solana/kit'

// Kept apart from splToken.ts so the package's entry can name it without loading the token program
// client (`@solana-program/token`), which only sends and balance reads need, and written as a plain
// string because kit's `address()` would bring its error table along.

/** The Token-2022 program, which `@solana-program/token` does not name. */
export const TOKEN_2022_PROGRAM_ADDRESS = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address
