// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title A minimal ERC-721 whose tokens each carry the metadata URI they were minted with
/// @notice Anyone may mint any unused id: it only ever runs on local chains. `TestNft` stays as it is,
/// so its CREATE2 address does not move.
contract TestUriNft {
    string public name;
    string public symbol;
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;
    mapping(uint256 => string) private uris;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    constructor(string memory tokenName, string memory tokenSymbol) {
        name = tokenName;
        symbol = tokenSymbol;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        require(ownerOf[tokenId] != address(0), "TestUriNft: no such token");
        return uris[tokenId];
    }

    function mint(address to, uint256 tokenId, string calldata uri) external {
        require(to != address(0), "TestUriNft: mint to the zero address");
        require(ownerOf[tokenId] == address(0), "TestUriNft: token exists");
        ownerOf[tokenId] = to;
        balanceOf[to] += 1;
        uris[tokenId] = uri;
        emit Transfer(address(0), to, tokenId);
    }

    /// @notice Sends from a sender that is not the owner too: a spam collection "airdrops" this way.
    function airdrop(address to, uint256 tokenId, string calldata uri) external {
        ownerOf[tokenId] = to;
        balanceOf[to] += 1;
        uris[tokenId] = uri;
        emit Transfer(address(0), to, tokenId);
    }

    function transferFrom(address from, address to, uint256 tokenId) external {
        require(from == ownerOf[tokenId] && msg.sender == from, "TestUriNft: not allowed");
        require(to != address(0), "TestUriNft: transfer to the zero address");
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        ownerOf[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }
}
