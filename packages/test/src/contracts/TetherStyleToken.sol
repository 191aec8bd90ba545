// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title A token that behaves like USDT on Ethereum mainnet
/// @notice `transfer`, `transferFrom` and `approve` return nothing, so a caller that decodes a
///         `bool` from their return data fails on success. Failures revert, as USDT's do. Like
///         USDT, `approve` refuses to change a non-zero allowance to another non-zero value.
contract TetherStyleToken {
    string public name;
    string public symbol;
    uint8 public immutable decimals;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    constructor(string memory tokenName, string memory tokenSymbol, uint8 tokenDecimals) {
        name = tokenName;
        symbol = tokenSymbol;
        decimals = tokenDecimals;
    }

    function transfer(address to, uint256 value) external {
        _move(msg.sender, to, value);
    }

    function approve(address spender, uint256 value) external {
        require(value == 0 || allowance[msg.sender][spender] == 0, "TetherStyleToken: reset allowance first");
        allowance[msg.sender][spender] = value;
        emit Approval(msg.sender, spender, value);
    }

    function transferFrom(address from, address to, uint256 value) external {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed != type(uint256).max) {
            require(allowed >= value, "TetherStyleToken: allowance too low");
            allowance[from][msg.sender] = allowed - value;
        }
        _move(from, to, value);
    }

    function mint(address to, uint256 value) external {
        require(to != address(0), "TetherStyleToken: mint to the zero address");
        totalSupply += value;
        balanceOf[to] += value;
        emit Transfer(address(0), to, value);
    }

    function _move(address from, address to, uint256 value) private {
        require(to != address(0), "TetherStyleToken: transfer to the zero address");
        uint256 held = balanceOf[from];
        require(held >= value, "TetherStyleToken: balance too low");
        unchecked {
            balanceOf[from] = held - value;
        }
        balanceOf[to] += value;
        emit Transfer(from, to, value);
    }
}
