/**
 * What `PorticoVerifyingPaymaster.getHash` computes, off chain: the server signs exactly the bytes
 * the contract will hash, or the operation fails validation.
 */
import { type Address, concat, encodeAbiParameters, type Hex, keccak256, numberToHex, pad, toHex } from 'viem'

/** The parts of a user operation (ERC-4337 v0.7+ RPC form, already parsed) the paymaster signs over. */
export interface SponsoredUserOperation {
  sender: Address
  nonce: bigint
  factory?: Hex | undefined
  factoryData?: Hex | undefined
  callData: Hex
  callGasLimit: bigint
  verificationGasLimit: bigint
  preVerificationGas: bigint
  maxFeePerGas: bigint
  maxPriorityFeePerGas: bigint
  paymasterVerificationGasLimit: bigint
  paymasterPostOpGasLimit: bigint
}

/** A 65-byte signature that recovers to no signer: the stub estimation runs with. */
export const STUB_PAYMASTER_SIGNATURE: Hex = `0x${'ff'.repeat(32)}${'7a'.repeat(32)}1c`

/** The init code as the EntryPoint receives it: the factory and its data, nothing for a deployed account. */
export function packedInitCode(operation: Pick<SponsoredUserOperation, 'factory' | 'factoryData'>): Hex {
  if (!operation.factory) return '0x'
  return concat([operation.factory, operation.factoryData ?? '0x'])
}

const pack128 = (high: bigint, low: bigint): Hex =>
  concat([pad(numberToHex(high), { size: 16 }), pad(numberToHex(low), { size: 16 })])

/** `PorticoVerifyingPaymaster.getHash(userOp, validUntil, validAfter)`. */
export function getPaymasterHash(parameters: {
  operation: SponsoredUserOperation
  chainId: number
  paymaster: Address
  validUntil: number
  validAfter: number
}): Hex {
  const { operation, chainId, paymaster, validUntil, validAfter } = parameters
  return keccak256(
    encodeAbiParameters(
      [
        { type: 'address' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'bytes32' },
        { type: 'uint256' },
        { type: 'address' },
        { type: 'uint48' },
        { type: 'uint48' },
      ],
      [
        operation.sender,
        operation.nonce,
        keccak256(packedInitCode(operation)),
        keccak256(operation.callData),
        pack128(operation.verificationGasLimit, operation.callGasLimit),
        pack128(operation.paymasterVerificationGasLimit, operation.paymasterPostOpGasLimit),
        operation.preVerificationGas,
        pack128(operation.maxPriorityFeePerGas, operation.maxFeePerGas),
        BigInt(chainId),
        paymaster,
        validUntil,
        validAfter,
      ],
    ),
  )
}

/** `paymasterData` (what follows the paymaster's address and gas limits): validUntil | validAfter | signature. */
export function encodePaymasterData(validUntil: number, validAfter: number, signature: Hex): Hex {
  return concat([toHex(validUntil, { size: 6 }), toHex(validAfter, { size: 6 }), signature])
}
