// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

error OffchainLookup(address sender, string[] urls, bytes callData, bytes4 callbackFunction, bytes extraData);

/// A wildcard (ENSIP-10) resolver that answers every call through its gateway (EIP-3668) and
/// returns the gateway's answer unchecked: it only exercises the universal resolver's CCIP-Read
/// pass-through in tests. Never use it for anything that must be trusted.
contract TestCcipResolver {
    string private gateway;

    constructor(string memory url) {
        gateway = url;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x9061b923;
    }

    function resolve(bytes calldata name, bytes calldata data) external view returns (bytes memory) {
        string[] memory urls = new string[](1);
        urls[0] = gateway;
        revert OffchainLookup(address(this), urls, abi.encode(name, data), this.resolveCallback.selector, data);
    }

    /// The gateway answers with the resolver call's ABI-encoded result.
    function resolveCallback(bytes calldata response, bytes calldata) external pure returns (bytes memory) {
        return response;
    }
}
