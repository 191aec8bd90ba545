// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface IEnsRegistry {
    function resolver(bytes32 node) external view returns (address);
}

/// The EIP-3668 error a resolver raises to send the caller to a gateway.
error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);

/// The entry point viem's getEnsAddress / getEnsText / getEnsName call (`resolveWithGateways`,
/// `reverseWithGateways`), for a test chain that has no ENS deployment of its own. It finds a
/// name's resolver in the registry (walking up to a parent that implements ENSIP-10 `resolve`
/// for wildcard names), calls it, and passes an EIP-3668 OffchainLookup through as its own so the
/// client's CCIP-Read reaches the resolver's gateway and the answer comes back through
/// `resolveCallback`. A reverse lookup returns a primary name only when the name resolves forward
/// to the same address (otherwise ReverseAddressMismatch, which viem reads as "no name").
/// The errors are those of ENS's UniversalResolver, so clients classify them the same way.
contract TestUniversalResolver {
    error DNSDecodingFailed(bytes dns);
    error DNSEncodingFailed(string ens);
    error ResolverNotFound(bytes name);
    error ResolverNotContract(bytes name, address resolver);
    error ResolverError(bytes errorData);
    error ReverseAddressMismatch(string primary, bytes primaryAddress);
    error UnsupportedResolverProfile(bytes4 selector);

    bytes4 private constant EXTENDED_RESOLVER = 0x9061b923; // resolve(bytes,bytes)
    bytes4 private constant ADDR = 0x3b3b57de; // addr(bytes32)
    bytes4 private constant NAME = 0x691f3431; // name(bytes32)

    IEnsRegistry public immutable registry;

    constructor(IEnsRegistry ensRegistry) {
        registry = ensRegistry;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7;
    }

    /// Resolves `data` (a resolver call such as addr(bytes32) or text(bytes32,string)) for the
    /// DNS-encoded `name`; the gateways are not used: a resolver's own URLs are passed through.
    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        return _resolve(name, data);
    }

    /// The same as resolveWithGateways, for clients of the older interface.
    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory, address) {
        return _resolve(name, data);
    }

    function _resolve(bytes memory name, bytes memory data) private view returns (bytes memory, address) {
        (address resolver, bool extended, bool ok, bytes memory ret) = _call(name, data);
        if (!ok) _passOffchainLookup(resolver, ret, this.resolveCallback.selector, abi.encode(extended));
        return (_unwrap(extended, ret), resolver);
    }

    /// Completes a resolution that went through a gateway.
    function resolveCallback(bytes calldata response, bytes calldata extraData)
        external
        view
        returns (bytes memory, address)
    {
        (address resolver, bytes memory ret, bytes memory context) = _callback(response, extraData);
        bool extended = abi.decode(context, (bool));
        if (ret.length == 0) return (ret, resolver);
        return (_unwrap(extended, ret), resolver);
    }

    /// The primary name of `lookupAddress` (20 bytes; coin type 60 only), checked forward.
    function reverseWithGateways(bytes calldata lookupAddress, uint256 coinType, string[] calldata)
        external
        view
        returns (string memory primary, address resolver, address reverseResolver)
    {
        if (coinType != 60 || lookupAddress.length != 20) revert UnsupportedResolverProfile(NAME);
        (primary, reverseResolver) = _readPrimary(lookupAddress);
        if (bytes(primary).length == 0) return ("", address(0), reverseResolver);
        resolver = _verifyForward(primary, lookupAddress, reverseResolver);
    }

    function _readPrimary(bytes calldata lookupAddress) private view returns (string memory, address) {
        bytes memory reverseName = _reverseName(lookupAddress);
        (address rr, bool extended, bool ok, bytes memory ret) =
            _call(reverseName, abi.encodeWithSelector(NAME, _namehash(reverseName, 0)));
        if (!ok) revert ResolverError(ret);
        return (abi.decode(_unwrap(extended, ret), (string)), rr);
    }

    function _verifyForward(string memory primary, bytes calldata lookupAddress, address rr)
        private
        view
        returns (address)
    {
        bytes memory dns = _dnsEncode(primary);
        (address resolver, bool extended, bool ok, bytes memory ret) =
            _call(dns, abi.encodeWithSelector(ADDR, _namehash(dns, 0)));
        if (!ok) {
            _passOffchainLookup(
                resolver, ret, this.reverseCallback.selector, abi.encode(extended, primary, lookupAddress, rr)
            );
        }
        _checkForward(primary, lookupAddress, _unwrap(extended, ret));
        return resolver;
    }

    /// Completes a reverse lookup whose forward check went through a gateway.
    function reverseCallback(bytes calldata response, bytes calldata extraData)
        external
        view
        returns (string memory, address, address)
    {
        (address resolver, bytes memory ret, bytes memory context) = _callback(response, extraData);
        (bool extended, string memory primary, bytes memory lookupAddress, address rr) =
            abi.decode(context, (bool, string, bytes, address));
        _checkForward(primary, lookupAddress, _unwrap(extended, ret));
        return (primary, resolver, rr);
    }

    function _checkForward(string memory primary, bytes memory lookupAddress, bytes memory result) private pure {
        address forward = result.length >= 32 ? abi.decode(result, (address)) : address(0);
        if (forward != address(bytes20(lookupAddress))) {
            revert ReverseAddressMismatch(primary, abi.encodePacked(forward));
        }
    }

    /// Finds the resolver and calls it, returning the raw outcome (an OffchainLookup included).
    function _call(bytes memory name, bytes memory data)
        private
        view
        returns (address resolver, bool extended, bool ok, bytes memory ret)
    {
        uint256 offset;
        (resolver, offset) = findResolver(name);
        if (resolver == address(0)) revert ResolverNotFound(name);
        if (resolver.code.length == 0) revert ResolverNotContract(name, resolver);
        extended = _supports(resolver, EXTENDED_RESOLVER);
        // A resolver found on a parent answers for the name only through ENSIP-10's resolve().
        if (!extended && offset != 0) revert ResolverNotFound(name);
        (ok, ret) = resolver.staticcall(extended ? abi.encodeWithSelector(EXTENDED_RESOLVER, name, data) : data);
    }

    function _callback(bytes calldata response, bytes calldata extraData)
        private
        view
        returns (address resolver, bytes memory ret, bytes memory context)
    {
        bytes4 callback;
        bytes memory innerExtra;
        (resolver, callback, innerExtra, context) = abi.decode(extraData, (address, bytes4, bytes, bytes));
        bool ok;
        (ok, ret) = resolver.staticcall(abi.encodeWithSelector(callback, response, innerExtra));
        if (!ok) _passOffchainLookup(resolver, ret, msg.sig, context);
    }

    /// Re-raises the resolver's OffchainLookup with this contract as sender (EIP-3668 requires the
    /// sender to be the called contract); any other failure is a ResolverError.
    function _passOffchainLookup(address resolver, bytes memory ret, bytes4 callback, bytes memory context)
        private
        view
    {
        if (ret.length < 4 || bytes4(ret) != OffchainLookup.selector) revert ResolverError(ret);
        bytes memory args = new bytes(ret.length - 4);
        for (uint256 i = 0; i < args.length; i++) {
            args[i] = ret[i + 4];
        }
        (address sender, string[] memory urls, bytes memory callData, bytes4 innerCallback, bytes memory innerExtra) =
            abi.decode(args, (address, string[], bytes, bytes4, bytes));
        if (sender != resolver) revert ResolverError(ret);
        revert OffchainLookup(
            address(this), urls, callData, callback, abi.encode(resolver, innerCallback, innerExtra, context)
        );
    }

    function _unwrap(bool extended, bytes memory ret) private pure returns (bytes memory) {
        return extended ? abi.decode(ret, (bytes)) : ret;
    }

    function _supports(address target, bytes4 interfaceId) private view returns (bool) {
        (bool ok, bytes memory ret) =
            target.staticcall{gas: 30000}(abi.encodeWithSelector(0x01ffc9a7, interfaceId));
        return ok && ret.length >= 32 && abi.decode(ret, (uint256)) == 1;
    }

    /// The resolver of the DNS-encoded name or of its nearest ancestor that has one, and the offset
    /// of the label where it was found (0 for the name itself).
    function findResolver(bytes memory name) public view returns (address, uint256) {
        uint256 offset = 0;
        while (offset < name.length) {
            address found = registry.resolver(_namehash(name, offset));
            if (found != address(0)) return (found, offset);
            uint256 length = uint8(name[offset]);
            if (length == 0) break;
            offset += length + 1;
        }
        return (address(0), 0);
    }

    function _namehash(bytes memory name, uint256 offset) private pure returns (bytes32) {
        if (offset >= name.length) revert DNSDecodingFailed(name);
        uint256 length = uint8(name[offset]);
        if (length == 0) return bytes32(0);
        if (offset + length + 1 > name.length) revert DNSDecodingFailed(name);
        bytes32 label;
        assembly {
            label := keccak256(add(add(name, 33), offset), length)
        }
        return keccak256(abi.encodePacked(_namehash(name, offset + length + 1), label));
    }

    function _dnsEncode(string memory ens) private pure returns (bytes memory dns) {
        bytes memory text = bytes(ens);
        dns = new bytes(text.length + 2);
        uint256 start = 0;
        for (uint256 i = 0; i <= text.length; i++) {
            if (i == text.length || text[i] == ".") {
                uint256 length = i - start;
                if (length == 0 || length > 255) revert DNSEncodingFailed(ens);
                dns[start] = bytes1(uint8(length));
                for (uint256 j = start; j < i; j++) {
                    dns[j + 1] = text[j];
                }
                start = i + 1;
            }
        }
        dns[text.length + 1] = 0;
    }

    /// `<40 lowercase hex digits>.addr.reverse`, DNS-encoded.
    function _reverseName(bytes calldata lookupAddress) private pure returns (bytes memory) {
        bytes memory digits = "0123456789abcdef";
        bytes memory hexAddress = new bytes(40);
        for (uint256 i = 0; i < 20; i++) {
            uint8 b = uint8(lookupAddress[i]);
            hexAddress[2 * i] = digits[b >> 4];
            hexAddress[2 * i + 1] = digits[b & 0x0f];
        }
        return abi.encodePacked(bytes1(0x28), hexAddress, bytes1(0x04), "addr", bytes1(0x07), "reverse", bytes1(0x00));
    }
}
