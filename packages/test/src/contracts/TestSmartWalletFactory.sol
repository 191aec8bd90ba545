// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import {TestSmartWallet} from "./TestSmartWallet.sol";

/// @title CREATE2 factory of `TestSmartWallet`
/// @notice The account's address is known before it exists, so a test can sign with an account
///         that is not deployed yet (ERC-6492 wraps the signature with this factory's calldata).
contract TestSmartWalletFactory {
    event AccountCreated(address indexed account, address indexed owner, bytes32 salt);

    /// @notice Deploys the owner's account for `salt`, or returns it when it already exists, so
    ///         an ERC-6492 validator replaying the call never reverts.
    function createAccount(address owner, bytes32 salt) external returns (address account) {
        account = getAddress(owner, salt);
        if (account.code.length > 0) return account;
        TestSmartWallet created = new TestSmartWallet{salt: salt}(owner);
        require(address(created) == account, "TestSmartWalletFactory: unexpected address");
        emit AccountCreated(account, owner, salt);
    }

    function getAddress(address owner, bytes32 salt) public view returns (address) {
        bytes32 initCodeHash = keccak256(abi.encodePacked(type(TestSmartWallet).creationCode, abi.encode(owner)));
        return address(uint160(uint256(keccak256(abi.encodePacked(bytes1(0xff), address(this), salt, initCodeHash)))));
    }
}
