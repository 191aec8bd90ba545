import { address } from '@solana/kit'

// Kept apart from splToken.ts so the package's entry can name it without loading the token program
// client (`@solana-program/token`), which only sends and balance reads need.

/** The Token-2022 program, which `@solana-program/token` does not name. */
export const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')
