import {
  type Address,
  createWalletClient,
  type Hex,
  http,
  isAddressEqual,
  isHex,
  type LocalAccount,
  type TypedDataDefinition,
  toHex,
} from 'viem'
import { WalletErrorCode, WalletRpcError } from '../wallet/errors.js'

/** Methods the WalletConnect test wallet answers, announced in every session it approves. */
export const TEST_WALLETCONNECT_METHODS = [
  'personal_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'wallet_switchEthereumChain',
  'wallet_addEthereumChain',
] as const

export interface WalletRequestContext {
  account: LocalAccount
  rpcUrls: Readonly<Record<number, string>>
  /** The chain the request was sent for (from the request's CAIP-2 `chainId`). */
  chainId: number
  /** Called when the dapp asks to switch to a chain the wallet knows. */
  switchChain: (chainId: number) => Promise<void>
}

/** Answers one eip155 request the way a wallet would after its user approved it. */
export async function answerWalletRequest(
  context: WalletRequestContext,
  method: string,
  params: unknown,
): Promise<unknown> {
  const { account } = context
  const list = Array.isArray(params) ? params : []
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [account.address]
    case 'eth_chainId':
      return toHex(context.chainId)
    case 'personal_sign': {
      const [message, address] = list
      if (typeof message !== 'string') throw invalidParams('personal_sign needs the message first.')
      assertOwnAddress(account, address)
      // Dapps send personal_sign messages hex-encoded; a plain string is signed as its UTF-8 text.
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = list
      assertOwnAddress(account, address)
      const typedData = (typeof data === 'string' ? JSON.parse(data) : data) as TypedDataDefinition & {
        types: Record<string, unknown>
      }
      if (!typedData || typeof typedData !== 'object')
        throw invalidParams('eth_signTypedData_v4 needs typed data.')
      // viem derives the domain type itself and refuses it among the types.
      const { EIP712Domain: _domain, ...types } = typedData.types
      return account.signTypedData({ ...typedData, types } as TypedDataDefinition)
    }
    case 'eth_sendTransaction':
      return sendTransaction(context, list[0])
    case 'wallet_switchEthereumChain':
    case 'wallet_addEthereumChain': {
      const requested = readChainId(list[0])
      if (!context.rpcUrls[requested]) {
        throw method === 'wallet_switchEthereumChain'
          ? new WalletRpcError(
              WalletErrorCode.unrecognizedChain,
              `Chain ${requested} is not known to the test wallet.`,
            )
          : new WalletRpcError(
              WalletErrorCode.userRejected,
              `The test wallet does not add chain ${requested}.`,
            )
      }
      await context.switchChain(requested)
      return null
    }
    default:
      throw new WalletRpcError(
        WalletErrorCode.unsupportedMethod,
        `The test wallet does not support ${method}.`,
      )
  }
}

async function sendTransaction(context: WalletRequestContext, raw: unknown): Promise<Hex> {
  if (!raw || typeof raw !== 'object') throw invalidParams('eth_sendTransaction needs a transaction object.')
  const tx = raw as Record<string, unknown>
  if (tx.from !== undefined) assertOwnAddress(context.account, tx.from)
  const rpcUrl = context.rpcUrls[context.chainId]
  if (!rpcUrl) {
    throw new WalletRpcError(
      WalletErrorCode.unrecognizedChain,
      `Chain ${context.chainId} has no RPC URL in the test wallet.`,
    )
  }
  const client = createWalletClient({ account: context.account, transport: http(rpcUrl) })
  const quantity = (key: string) => (typeof tx[key] === 'string' ? BigInt(tx[key] as string) : undefined)
  const gas = quantity('gas') ?? quantity('gasLimit')
  const value = quantity('value')
  return client.sendTransaction({
    chain: null,
    ...(typeof tx.to === 'string' ? { to: tx.to as Address } : {}),
    ...(typeof tx.data === 'string' ? { data: tx.data as Hex } : {}),
    ...(value !== undefined ? { value } : {}),
    ...(gas !== undefined ? { gas } : {}),
  })
}

function readChainId(param: unknown): number {
  const chainId = param && typeof param === 'object' ? (param as { chainId?: unknown }).chainId : undefined
  if (typeof chainId !== 'string' || !isHex(chainId)) throw invalidParams('A hex chainId is required.')
  return Number(chainId)
}

function assertOwnAddress(account: LocalAccount, address: unknown): void {
  if (typeof address !== 'string' || !isHex(address) || address.length !== 42) {
    throw invalidParams('An address is required.')
  }
  if (!isAddressEqual(address, account.address)) {
    throw new WalletRpcError(WalletErrorCode.unauthorized, `The test wallet does not hold ${address}.`)
  }
}

function invalidParams(message: string): WalletRpcError {
  return new WalletRpcError(WalletErrorCode.invalidParams, message)
}
