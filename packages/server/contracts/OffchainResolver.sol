// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title Portico's off-chain resolver (UNAUDITED)
/// @notice An ENSIP-10 wildcard resolver for the names a Portico server registers under a site's
///         suffix. Every lookup reverts with EIP-3668 `OffchainLookup`, pointing the client at the
///         server's gateway; the client hands the gateway's answer to `resolveWithProof`, which
///         accepts it only when one of the trusted signers signed it for this contract and it has
///         not expired. The server's answer is the record function's ABI-encoded return value.
/// @dev The gateway request is `lookup(name, data, resolver)`: it names this contract, so the answer
///      is signed for it even when a universal resolver relays the lookup as its own sender.
///      Not audited. Set it as the resolver of the suffix's node in the ENS registry; the
///      universal resolver finds it for every subname by walking up to the suffix.
interface IPorticoNamesGateway {
    /// What the gateway is asked: a record call for a DNS-encoded name, on behalf of `resolver`.
    function lookup(bytes calldata name, bytes calldata data, address resolver)
        external
        view
        returns (bytes memory result, uint64 expires, bytes memory signature);
}

contract OffchainResolver {
    /// EIP-3668: the client fetches `urls` with `callData` and calls `callbackFunction(response, extraData)`.
    error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);
    /// The gateway's answer is past its `expires` time.
    error ExpiredAnswer(uint64 expires);
    /// The gateway's answer was not signed by a trusted signer.
    error UntrustedSigner(address recovered);
    /// Only the owner may change the gateway or the signers.
    error NotOwner();

    event GatewayChanged(string[] urls);
    event SignerChanged(address indexed signer, bool trusted);

    // Half the secp256k1 order: a signature with a higher `s` is the malleated twin of another.
    uint256 private constant HALF_ORDER = 0x7fffffffffffffffffffffffffffffff5d576e7357a4501ddfe92f46681b20a0;

    address public owner;
    string[] private gatewayUrls;
    mapping(address => bool) public signers;

    constructor(string[] memory urls_, address[] memory signers_) {
        owner = msg.sender;
        gatewayUrls = urls_;
        for (uint256 i = 0; i < signers_.length; i++) {
            signers[signers_[i]] = true;
        }
    }

    function urls() external view returns (string[] memory) {
        return gatewayUrls;
    }

    function setUrls(string[] memory urls_) external {
        if (msg.sender != owner) revert NotOwner();
        gatewayUrls = urls_;
        emit GatewayChanged(urls_);
    }

    function setSigner(address signer, bool trusted) external {
        if (msg.sender != owner) revert NotOwner();
        signers[signer] = trusted;
        emit SignerChanged(signer, trusted);
    }

    /// ENSIP-10: `name` DNS-encoded, `data` a record call (`addr(bytes32)`, `text(bytes32,string)`, ...).
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        bytes memory callData = abi.encodeCall(IPorticoNamesGateway.lookup, (name, data, address(this)));
        revert OffchainLookup(address(this), gatewayUrls, callData, OffchainResolver.resolveWithProof.selector, callData);
    }

    /// The gateway's `(bytes result, uint64 expires, bytes signature)` for the request in `extraData`.
    function resolveWithProof(bytes calldata response, bytes calldata extraData) external view returns (bytes memory) {
        (bytes memory result, uint64 expires, bytes memory signature) = abi.decode(response, (bytes, uint64, bytes));
        if (expires < block.timestamp) revert ExpiredAnswer(expires);
        address recovered = recover(signatureHash(address(this), expires, extraData, result), signature);
        if (recovered == address(0) || !signers[recovered]) revert UntrustedSigner(recovered);
        return result;
    }

    /// What the gateway signs: bound to this contract, the expiry, the request and the result.
    function signatureHash(address target, uint64 expires, bytes memory request, bytes memory result)
        public
        pure
        returns (bytes32)
    {
        return keccak256(abi.encodePacked(hex"1900", target, expires, keccak256(request), keccak256(result)));
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        // ERC-165 itself and ENSIP-10's IExtendedResolver.
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x9061b923;
    }

    function recover(bytes32 hash, bytes memory signature) private pure returns (address) {
        if (signature.length != 65) return address(0);
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := mload(add(signature, 32))
            s := mload(add(signature, 64))
            v := byte(0, mload(add(signature, 96)))
        }
        if (v < 27) v += 27;
        if (uint256(s) > HALF_ORDER || (v != 27 && v != 28)) return address(0);
        return ecrecover(hash, v, r, s);
    }
}
