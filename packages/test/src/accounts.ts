import type { Address, Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

/**
 * The first five private keys of anvil's default mnemonic ("test test … junk"). Each account
 * starts with 10000 ETH on a fresh anvil. Public knowledge: never use them outside local chains.
 */
export const ANVIL_PRIVATE_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a',
  '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6',
  '0x47e179ec197488593b187f80a00eb0da91f1b9d0b13f8733639f19c30a34926a',
] as const satisfies readonly Hex[]

/** Checksummed addresses of `ANVIL_PRIVATE_KEYS`, in the same order. */
export const ANVIL_ADDRESSES: readonly Address[] = ANVIL_PRIVATE_KEYS.map(
  (key) => privateKeyToAccount(key).address,
)

/** The balance every default anvil account starts with: 10000 ETH in wei. */
export const ANVIL_INITIAL_BALANCE = 10_000n * 10n ** 18n
