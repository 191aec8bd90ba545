// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title A Chainlink-style price feed for tests
/// @notice Answers AggregatorV3Interface's reads (decimals, description, version, latestRoundData,
/// getRoundData). Anyone may set the answer and its time: it only ever runs on local chains, where
/// tests need stale and non-positive answers as much as good ones.
contract TestPriceFeed {
    uint8 public immutable decimals;
    string public description;
    uint256 public constant version = 4;

    uint80 private _roundId;
    int256 private _answer;
    uint256 private _updatedAt;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 feedDecimals, string memory feedDescription, int256 answer) {
        decimals = feedDecimals;
        description = feedDescription;
        setRoundData(answer, block.timestamp);
    }

    /// @notice Starts a new round with this answer, as if reported at `updatedAt` (unix seconds).
    function setRoundData(int256 answer, uint256 updatedAt) public {
        _roundId += 1;
        _answer = answer;
        _updatedAt = updatedAt;
        emit AnswerUpdated(answer, _roundId, updatedAt);
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return (_roundId, _answer, _updatedAt, _updatedAt, _roundId);
    }

    /// @notice Only the latest round is kept; older ones revert as Chainlink's do once pruned.
    function getRoundData(uint80 roundId)
        external
        view
        returns (uint80, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        require(roundId == _roundId, "No data present");
        return (_roundId, _answer, _updatedAt, _updatedAt, _roundId);
    }
}
