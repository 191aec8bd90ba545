import { AccountRole, type Address, type Instruction, type TransactionSigner } from '@solana/kit'

/** The System program, which owns wallets and moves SOL. */
export const SYSTEM_PROGRAM_ADDRESS = '11111111111111111111111111111111' as Address

/**
 * The System program's Transfer instruction (index 2, u64 lamports), for tests that build SOL
 * transfers with kit. Pass a signer as `source` to have kit sign with it, or an address to leave the
 * source's signature to someone else (a wallet).
 * @example
 * appendTransactionMessageInstruction(getSolTransferInstruction(payer, receiver, 1_000n), message)
 */
export function getSolTransferInstruction(
  source: Address | TransactionSigner,
  destination: Address,
  lamports: bigint,
): Instruction {
  const data = new Uint8Array(12)
  const view = new DataView(data.buffer)
  view.setUint32(0, 2, true)
  view.setBigUint64(4, lamports, true)
  const sourceMeta =
    typeof source === 'string'
      ? { address: source, role: AccountRole.WRITABLE_SIGNER }
      : { address: source.address, role: AccountRole.WRITABLE_SIGNER, signer: source }
  return {
    programAddress: SYSTEM_PROGRAM_ADDRESS,
    accounts: [sourceMeta, { address: destination, role: AccountRole.WRITABLE }],
    data,
  }
}
