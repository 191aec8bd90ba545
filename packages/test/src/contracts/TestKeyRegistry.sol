// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

interface ITestIdRegistry {
    function custodyOf(uint256 fid) external view returns (address);
}

/// @title A minimal Farcaster key registry for tests
/// @notice Answers `keyDataOf(fid, key)` like Optimism's KeyRegistry, which Sign In With Farcaster
/// reads to accept an auth address (key type 2) that the fid's custody address added. Runs only on
/// local chains, placed at the real registry's address with `anvil_setCode`; it reads the ID
/// registry at the real ID registry's address.
contract TestKeyRegistry {
    struct KeyData {
        uint8 state;
        uint32 keyType;
    }

    address public constant ID_REGISTRY = 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b;
    uint8 public constant ADDED = 1;
    uint8 public constant REMOVED = 2;

    mapping(uint256 => mapping(bytes => KeyData)) private _keys;

    /// The custody address of `fid` adds `key` (an ABI-encoded address for an auth address, type 2).
    function add(uint256 fid, uint32 keyType, bytes calldata key) external {
        require(ITestIdRegistry(ID_REGISTRY).custodyOf(fid) == msg.sender, "Unauthorized");
        require(_keys[fid][key].state == 0, "KeyExists");
        _keys[fid][key] = KeyData({state: ADDED, keyType: keyType});
    }

    /// The custody address of `fid` removes `key`.
    function remove(uint256 fid, bytes calldata key) external {
        require(ITestIdRegistry(ID_REGISTRY).custodyOf(fid) == msg.sender, "Unauthorized");
        require(_keys[fid][key].state == ADDED, "NotAdded");
        _keys[fid][key].state = REMOVED;
    }

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return _keys[fid][key];
    }
}
