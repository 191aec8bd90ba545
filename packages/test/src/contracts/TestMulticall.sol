// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title The part of Multicall3 that clients use
/// @notice Same selectors and encodings as Multicall3's `aggregate3` and its block helpers, so
///         viem's `multicall` works against it once it sits at the canonical address.
contract TestMulticall {
    struct Call3 {
        address target;
        bool allowFailure;
        bytes callData;
    }

    struct Result {
        bool success;
        bytes returnData;
    }

    function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory results) {
        uint256 count = calls.length;
        results = new Result[](count);
        for (uint256 i = 0; i < count; ++i) {
            Call3 calldata item = calls[i];
            (bool success, bytes memory returnData) = item.target.call(item.callData);
            require(success || item.allowFailure, "TestMulticall: a call that may not fail failed");
            results[i] = Result(success, returnData);
        }
    }

    function getEthBalance(address account) external view returns (uint256) {
        return account.balance;
    }

    function getBlockNumber() external view returns (uint256) {
        return block.number;
    }

    function getCurrentBlockTimestamp() external view returns (uint256) {
        return block.timestamp;
    }

    function getChainId() external view returns (uint256) {
        return block.chainid;
    }
}
