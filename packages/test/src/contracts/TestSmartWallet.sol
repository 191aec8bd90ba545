// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title A minimal smart-contract account for sign-in tests
/// @notice Answers ERC-1271 `isValidSignature` with the magic value when its owner's key signed the
///         hash, so a verifier has to ask the chain instead of recovering an address offline.
contract TestSmartWallet {
    bytes4 internal constant ERC1271_MAGIC_VALUE = 0x1626ba7e;
    bytes4 internal constant ERC1271_INVALID = 0xffffffff;
    // Half the secp256k1 order: a signature with a higher `s` is the malleated twin of another.
    uint256 internal constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return ERC1271_INVALID;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(signature.offset)
            s := calldataload(add(signature.offset, 32))
            v := byte(0, calldataload(add(signature.offset, 64)))
        }
        if (v < 27) v += 27;
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) return ERC1271_INVALID;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? ERC1271_MAGIC_VALUE : ERC1271_INVALID;
    }
}
