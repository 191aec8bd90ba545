// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title A minimal Farcaster ID registry for tests
/// @notice Answers the two reads Sign In With Farcaster relies on, `idOf(custody)` and
/// `custodyOf(fid)`, like Optimism's IdRegistry. Anyone may register an address: it only ever runs
/// on local chains, placed at the real registry's address with `anvil_setCode` (no constructor, no
/// immutables, so its runtime code works there as it is).
contract TestIdRegistry {
    uint256 public idCounter;
    mapping(address => uint256) public idOf;
    mapping(uint256 => address) public custodyOf;

    event Register(address indexed to, uint256 indexed id);
    event Transfer(address indexed from, address indexed to, uint256 indexed id);

    /// Gives `to` the next fid; an address holds one fid at most, as on the real registry.
    function register(address to) external returns (uint256 fid) {
        require(to != address(0), "Zero address");
        require(idOf[to] == 0, "HasId");
        fid = ++idCounter;
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Register(to, fid);
    }

    /// Moves the caller's fid to a new custody address (the old one no longer speaks for it).
    function transfer(address to) external {
        uint256 fid = idOf[msg.sender];
        require(fid != 0, "HasNoId");
        require(to != address(0) && idOf[to] == 0, "HasId");
        delete idOf[msg.sender];
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Transfer(msg.sender, to, fid);
    }
}
