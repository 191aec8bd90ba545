// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;

import "@account-abstraction/contracts/core/BasePaymaster.sol";
import "@account-abstraction/contracts/core/Helpers.sol";
import "@account-abstraction/contracts/core/UserOperationLib.sol";
import "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import "@openzeppelin/contracts/utils/cryptography/MessageHashUtils.sol";

/**
 * A verifying paymaster for EntryPoint v0.8: it pays for a user operation when an off-chain signer
 * (the Portico server's sponsorship key) signed that operation and a validity window. The design is
 * the one of the reference VerifyingPaymaster sample of eth-infinitism; this code is Portico's own
 * and has NOT been audited. A site may use any audited verifying paymaster with the same layout.
 *
 * paymasterAndData = paymaster (20 bytes) | verification gas (16) | post-op gas (16)
 *                  | validUntil (6) | validAfter (6) | signature (65, or 64 compact)
 *
 * The signature is an EIP-191 personal signature over `getHash(userOp, validUntil, validAfter)`,
 * which covers every field of the operation but the signature and the paymaster's own signature,
 * plus the chain and this contract, so a sponsorship cannot be replayed elsewhere.
 */
contract PorticoVerifyingPaymaster is BasePaymaster {

    uint256 private constant VALID_UNTIL_OFFSET = PAYMASTER_DATA_OFFSET;
    uint256 private constant VALID_AFTER_OFFSET = VALID_UNTIL_OFFSET + 6;
    uint256 private constant SIGNATURE_OFFSET = VALID_AFTER_OFFSET + 6;

    /// The key whose signatures this paymaster honours.
    address public verifyingSigner;

    event VerifyingSignerChanged(address indexed previousSigner, address indexed newSigner);

    constructor(IEntryPoint anEntryPoint, address aSigner, address anOwner) BasePaymaster(anEntryPoint) {
        require(aSigner != address(0), "PorticoVerifyingPaymaster: zero signer");
        verifyingSigner = aSigner;
        emit VerifyingSignerChanged(address(0), aSigner);
        if (anOwner != msg.sender) _transferOwnership(anOwner);
    }

    /// Replaces the signing key (its old signatures stop working at once).
    function setVerifyingSigner(address newSigner) external onlyOwner {
        require(newSigner != address(0), "PorticoVerifyingPaymaster: zero signer");
        emit VerifyingSignerChanged(verifyingSigner, newSigner);
        verifyingSigner = newSigner;
    }

    /// What the signer signs (before the EIP-191 prefix).
    function getHash(
        PackedUserOperation calldata userOp,
        uint48 validUntil,
        uint48 validAfter
    ) public view returns (bytes32) {
        // The paymaster's gas limits are signed too: a bundler could otherwise raise them and
        // spend more of the deposit than the server agreed to.
        bytes32 paymasterGasLimits = bytes32(
            userOp.paymasterAndData[PAYMASTER_VALIDATION_GAS_OFFSET:PAYMASTER_DATA_OFFSET]
        );
        return keccak256(
            abi.encode(
                userOp.sender,
                userOp.nonce,
                keccak256(userOp.initCode),
                keccak256(userOp.callData),
                userOp.accountGasLimits,
                paymasterGasLimits,
                userOp.preVerificationGas,
                userOp.gasFees,
                block.chainid,
                address(this),
                validUntil,
                validAfter
            )
        );
    }

    function parsePaymasterAndData(
        bytes calldata paymasterAndData
    ) public pure returns (uint48 validUntil, uint48 validAfter, bytes calldata signature) {
        require(paymasterAndData.length >= SIGNATURE_OFFSET, "PorticoVerifyingPaymaster: short paymasterAndData");
        validUntil = uint48(bytes6(paymasterAndData[VALID_UNTIL_OFFSET:VALID_AFTER_OFFSET]));
        validAfter = uint48(bytes6(paymasterAndData[VALID_AFTER_OFFSET:SIGNATURE_OFFSET]));
        signature = paymasterAndData[SIGNATURE_OFFSET:];
    }

    function _validatePaymasterUserOp(
        PackedUserOperation calldata userOp,
        bytes32 /* userOpHash */,
        uint256 /* maxCost */
    ) internal view override returns (bytes memory context, uint256 validationData) {
        (uint48 validUntil, uint48 validAfter, bytes calldata signature) = parsePaymasterAndData(
            userOp.paymasterAndData
        );
        require(
            signature.length == 64 || signature.length == 65,
            "PorticoVerifyingPaymaster: signature must be 64 or 65 bytes"
        );
        bytes32 digest = MessageHashUtils.toEthSignedMessageHash(getHash(userOp, validUntil, validAfter));
        // A wrong signature is a validation failure, not a revert: gas estimation with a stub
        // signature then runs the whole path.
        (address recovered, ECDSA.RecoverError error, ) = ECDSA.tryRecover(digest, signature);
        bool failed = error != ECDSA.RecoverError.NoError || recovered != verifyingSigner;
        return ("", _packValidationData(failed, validUntil, validAfter));
    }
}
