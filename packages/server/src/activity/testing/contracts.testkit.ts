/**
 * Small Solidity contracts for the portfolio and indexer tests, compiled with solc on first use and
 * deployed to anvil: ERC-20 tokens with chosen decimals, a Tether-style token whose `transfer`
 * returns nothing, an ERC-721 collection, a Multicall3-compatible contract and a contract that
 * refuses ETH (for failed transactions).
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { ANVIL_PRIVATE_KEYS } from '@portico/test'
import {
  type Abi,
  type Address,
  createPublicClient,
  createWalletClient,
  type Hex,
  http,
  type PublicClient,
  type WalletClient,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

contract TestToken {
  string public name;
  string public symbol;
  uint8 public decimals;
  uint256 public totalSupply;
  mapping(address => uint256) public balanceOf;
  event Transfer(address indexed from, address indexed to, uint256 value);

  constructor(string memory name_, string memory symbol_, uint8 decimals_) {
    name = name_;
    symbol = symbol_;
    decimals = decimals_;
  }

  function mint(address to, uint256 amount) external {
    totalSupply += amount;
    balanceOf[to] += amount;
    emit Transfer(address(0), to, amount);
  }

  function transfer(address to, uint256 amount) external returns (bool) {
    require(balanceOf[msg.sender] >= amount, "balance too low");
    balanceOf[msg.sender] -= amount;
    balanceOf[to] += amount;
    emit Transfer(msg.sender, to, amount);
    return true;
  }
}

contract TetherStyleToken {
  string public name;
  string public symbol;
  uint8 public decimals;
  mapping(address => uint256) public balanceOf;
  event Transfer(address indexed from, address indexed to, uint256 value);

  constructor(string memory name_, string memory symbol_, uint8 decimals_) {
    name = name_;
    symbol = symbol_;
    decimals = decimals_;
  }

  function mint(address to, uint256 amount) external {
    balanceOf[to] += amount;
    emit Transfer(address(0), to, amount);
  }

  // Like USDT on mainnet: no return value.
  function transfer(address to, uint256 amount) external {
    require(balanceOf[msg.sender] >= amount, "balance too low");
    balanceOf[msg.sender] -= amount;
    balanceOf[to] += amount;
    emit Transfer(msg.sender, to, amount);
  }
}

contract TestNft {
  string public name;
  string public symbol;
  mapping(uint256 => address) public ownerOf;
  mapping(address => uint256) public balanceOf;
  event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

  constructor(string memory name_, string memory symbol_) {
    name = name_;
    symbol = symbol_;
  }

  function mint(address to, uint256 tokenId) external {
    require(ownerOf[tokenId] == address(0), "minted");
    ownerOf[tokenId] = to;
    balanceOf[to] += 1;
    emit Transfer(address(0), to, tokenId);
  }

  function transferFrom(address from, address to, uint256 tokenId) external {
    require(ownerOf[tokenId] == from && msg.sender == from, "not the owner");
    ownerOf[tokenId] = to;
    balanceOf[from] -= 1;
    balanceOf[to] += 1;
    emit Transfer(from, to, tokenId);
  }
}

contract TestMulticall3 {
  struct Call3 { address target; bool allowFailure; bytes callData; }
  struct Result { bool success; bytes returnData; }

  function aggregate3(Call3[] calldata calls) external payable returns (Result[] memory returnData) {
    returnData = new Result[](calls.length);
    for (uint256 i = 0; i < calls.length; i++) {
      (bool success, bytes memory data) = calls[i].target.call(calls[i].callData);
      require(success || calls[i].allowFailure, "Multicall3: call failed");
      returnData[i] = Result(success, data);
    }
  }

  function getEthBalance(address account) external view returns (uint256) {
    return account.balance;
  }
}

contract BareTransferEmitter {
  event Transfer(address indexed from, address indexed to, uint256 value);

  // A token-like contract that says nothing about itself: no name, symbol or decimals.
  function emitTransfer(address to, uint256 amount) external {
    emit Transfer(msg.sender, to, amount);
  }
}

contract EtherRefuser {
  receive() external payable {
    revert("no ether here");
  }
}
`

export type TestContractName =
  | 'TestToken'
  | 'TetherStyleToken'
  | 'TestNft'
  | 'TestMulticall3'
  | 'BareTransferEmitter'
  | 'EtherRefuser'

interface Artifact {
  abi: Abi
  bytecode: Hex
  deployedBytecode: Hex
}

let compiled: Record<TestContractName, Artifact> | undefined

/** solc is a dependency of @portico/test; resolve it from there. */
function loadSolc(): { compile(input: string): string } {
  const here = dirname(fileURLToPath(import.meta.url))
  const testPackage = join(here, '..', '..', '..', 'node_modules', '@portico', 'test', 'package.json')
  return createRequire(testPackage)('solc') as { compile(input: string): string }
}

/** The compiled test contracts (compiled once per test file). */
export function getTestContracts(): Record<TestContractName, Artifact> {
  if (compiled) return compiled
  const input = {
    language: 'Solidity',
    sources: { 'TestContracts.sol': { content: SOURCE } },
    settings: {
      optimizer: { enabled: true, runs: 200 },
      evmVersion: 'paris',
      outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
    },
  }
  const output = JSON.parse(loadSolc().compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[]
    contracts: Record<
      string,
      Record<
        string,
        { abi: Abi; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
      >
    >
  }
  const errors = output.errors?.filter((error) => error.severity === 'error') ?? []
  if (errors.length > 0)
    throw new Error(`The test contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  const contracts = output.contracts['TestContracts.sol'] ?? {}
  const artifact = (name: TestContractName): Artifact => {
    const entry = contracts[name]
    if (!entry) throw new Error(`solc produced no ${name}`)
    return {
      abi: entry.abi,
      bytecode: `0x${entry.evm.bytecode.object}`,
      deployedBytecode: `0x${entry.evm.deployedBytecode.object}`,
    }
  }
  compiled = {
    TestToken: artifact('TestToken'),
    TetherStyleToken: artifact('TetherStyleToken'),
    TestNft: artifact('TestNft'),
    TestMulticall3: artifact('TestMulticall3'),
    BareTransferEmitter: artifact('BareTransferEmitter'),
    EtherRefuser: artifact('EtherRefuser'),
  }
  return compiled
}

export interface TestChain {
  publicClient: PublicClient
  /** A wallet for each of anvil's first accounts. */
  wallets: WalletClient[]
  deploy(name: TestContractName, args?: readonly unknown[], from?: number): Promise<Address>
  /** Sends a contract call and waits for its receipt; `gas` skips estimation, so a reverting call is mined. */
  write(
    from: number,
    contract: { name: TestContractName; address: Address },
    functionName: string,
    args: readonly unknown[],
    options?: { gas?: bigint; value?: bigint },
  ): Promise<Hex>
  /** Sends ETH and waits for the receipt. */
  sendEther(from: number, to: Address, value: bigint, options?: { gas?: bigint }): Promise<Hex>
}

/** Viem clients on an anvil node, with deploy and call shortcuts over the test contracts. */
export function createTestChain(rpcUrl: string): TestChain {
  const transport = http(rpcUrl, { timeout: 10_000 })
  const publicClient = createPublicClient({ transport }) as PublicClient
  const wallets = ANVIL_PRIVATE_KEYS.slice(0, 5).map((key) =>
    createWalletClient({ account: privateKeyToAccount(key as Hex), transport }),
  )
  const wallet = (index: number): WalletClient => {
    const found = wallets[index]
    if (!found) throw new Error(`No anvil account ${index}`)
    return found
  }
  const wait = async (hash: Hex) => {
    await publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 })
    return hash
  }
  return {
    publicClient,
    wallets,
    async deploy(name, args = [], from = 0) {
      const { abi, bytecode } = getTestContracts()[name]
      const client = wallet(from)
      const hash = await client.deployContract({
        abi,
        bytecode,
        args,
        account: client.account ?? null,
        chain: null,
      })
      const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: 10_000 })
      if (!receipt.contractAddress) throw new Error(`${name} was not deployed`)
      return receipt.contractAddress
    },
    async write(from, contract, functionName, args, options = {}) {
      const client = wallet(from)
      const hash = await client.writeContract({
        address: contract.address,
        abi: getTestContracts()[contract.name].abi,
        functionName,
        args,
        account: client.account ?? null,
        chain: null,
        ...(options.gas ? { gas: options.gas } : {}),
        ...(options.value ? { value: options.value } : {}),
      })
      return wait(hash)
    },
    async sendEther(from, to, value, options = {}) {
      const client = wallet(from)
      const hash = await client.sendTransaction({
        to,
        value,
        account: client.account ?? null,
        chain: null,
        ...(options.gas ? { gas: options.gas } : {}),
      })
      return wait(hash)
    },
  }
}
