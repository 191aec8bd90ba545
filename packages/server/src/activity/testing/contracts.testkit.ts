/**
 * Contracts for the portfolio and indexer tests, deployed to anvil at fresh addresses: the shared
 * test contracts of `@portico/test` (ERC-20 tokens with chosen decimals, a Tether-style token whose
 * `transfer` returns nothing, an ERC-721 collection, a Multicall3-compatible contract), plus two of
 * the indexer's own, compiled here with solc: a contract that refuses ETH (for failed transactions)
 * and one that emits `Transfer` without saying what token it is.
 */
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  ANVIL_PRIVATE_KEYS,
  compileTestContracts,
  type TestContractName as SharedContractName,
} from '@portico/test'
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

export type TestContractName = SharedContractName | 'BareTransferEmitter' | 'EtherRefuser'

interface Artifact {
  abi: Abi
  bytecode: Hex
  deployedBytecode: Hex
}

let own: Promise<Record<'BareTransferEmitter' | 'EtherRefuser', Artifact>> | undefined

/** solc is a dependency of @portico/test; resolve it from there. */
function loadSolc(): { compile(input: string): string } {
  const here = dirname(fileURLToPath(import.meta.url))
  const testPackage = join(here, '..', '..', '..', 'node_modules', '@portico', 'test', 'package.json')
  return createRequire(testPackage)('solc') as { compile(input: string): string }
}

async function compileOwn(): Promise<Record<'BareTransferEmitter' | 'EtherRefuser', Artifact>> {
  const input = {
    language: 'Solidity',
    sources: { 'IndexerTestContracts.sol': { content: SOURCE } },
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
  if (errors.length > 0) {
    throw new Error(`The test contracts do not compile:\n${errors.map((e) => e.formattedMessage).join('\n')}`)
  }
  const contracts = output.contracts['IndexerTestContracts.sol'] ?? {}
  const artifact = (name: string): Artifact => {
    const entry = contracts[name]
    if (!entry) throw new Error(`solc produced no ${name}`)
    return {
      abi: entry.abi,
      bytecode: `0x${entry.evm.bytecode.object}`,
      deployedBytecode: `0x${entry.evm.deployedBytecode.object}`,
    }
  }
  return { BareTransferEmitter: artifact('BareTransferEmitter'), EtherRefuser: artifact('EtherRefuser') }
}

/** The compiled contracts: the shared ones from `@portico/test` and the two above. */
export async function getTestContracts(): Promise<Record<TestContractName, Artifact>> {
  own ??= compileOwn()
  const [shared, extra] = await Promise.all([compileTestContracts(), own])
  return { ...shared, ...extra }
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
      const { abi, bytecode } = (await getTestContracts())[name]
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
        abi: (await getTestContracts())[contract.name].abi,
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
