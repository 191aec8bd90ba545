import { describe, expect, test } from 'vitest'
import {
  EVM_READ_METHODS,
  isSafeRpcMethod,
  isSupportedRpcMethod,
  RPC_METHODS,
  rpcRequestSchema,
  SAFE_RPC_METHODS,
} from './rpc.js'

const address = '0x8ba1f109551bD432803012645Ac136ddd64DBA72'
const pubkey = 'Cw3xSgMQDvZnA6hTT9rvK2PDQ1xU4GPsvxjcYcvWAD8A'
const typedData = {
  types: { EIP712Domain: [{ name: 'name', type: 'string' }], Mail: [{ name: 'contents', type: 'string' }] },
  primaryType: 'Mail',
  domain: { name: 'Shop' },
  message: { contents: 'Hello' },
}

// One row per method with its own params shape: a request the frame must accept and one it must refuse.
const rows: { name: string; valid: unknown; invalid: unknown }[] = [
  {
    name: 'personal_sign with a utf8 message',
    valid: { method: 'personal_sign', params: ['Sign in to Shop', address] },
    invalid: { method: 'personal_sign', params: ['Sign in to Shop'] },
  },
  {
    name: 'personal_sign with a hex message',
    valid: { method: 'personal_sign', params: ['0x48656c6c6f', address] },
    invalid: { method: 'personal_sign', params: ['0x48656c6c6f', '0xnot-an-address'] },
  },
  {
    name: 'eth_signTypedData_v4 with a JSON string',
    valid: { method: 'eth_signTypedData_v4', params: [address, JSON.stringify(typedData)] },
    invalid: { method: 'eth_signTypedData_v4', params: [address, '{"types":'] },
  },
  {
    name: 'eth_signTypedData_v4 with an object',
    valid: { method: 'eth_signTypedData_v4', params: [address, typedData] },
    invalid: { method: 'eth_signTypedData_v4', params: [address, { ...typedData, primaryType: '' }] },
  },
  {
    name: 'eth_sendTransaction',
    valid: {
      method: 'eth_sendTransaction',
      params: [{ from: address, to: address, value: '0xde0b6b3a7640000', data: '0x', gas: '0x5208' }],
    },
    invalid: { method: 'eth_sendTransaction', params: [{ to: address, value: '1000' }] },
  },
  {
    name: 'eth_sendTransaction with an unknown field',
    valid: {
      method: 'eth_sendTransaction',
      params: [{ to: address, maxFeePerGas: '0x3b9aca00', nonce: '0x0', chainId: '0x1', type: '0x2' }],
    },
    invalid: { method: 'eth_sendTransaction', params: [{ to: address, authorizationList: [] }] },
  },
  {
    name: 'wallet_sendCalls',
    valid: {
      method: 'wallet_sendCalls',
      params: [
        {
          version: '2.0.0',
          chainId: '0x1',
          from: address,
          atomicRequired: false,
          calls: [{ to: address, data: '0xa9059cbb', value: '0x0' }, { to: address }],
        },
      ],
    },
    invalid: { method: 'wallet_sendCalls', params: [{ calls: [{ to: address.slice(2) }] }] },
  },
  {
    name: 'wallet_sendCalls data without 0x',
    valid: { method: 'wallet_sendCalls', params: [{ calls: [{ to: address, value: '1' }] }] },
    invalid: { method: 'wallet_sendCalls', params: [{ calls: [{ to: address, data: 'a9059cbb' }] }] },
  },
  {
    name: 'wallet_sendCalls value not a string',
    valid: { method: 'wallet_sendCalls', params: [{ calls: [{ to: address }] }] },
    invalid: { method: 'wallet_sendCalls', params: [{ calls: [{ to: address, value: 1 }] }] },
  },
  {
    name: 'wallet_getCallsStatus',
    valid: { method: 'wallet_getCallsStatus', params: ['0xabc'] },
    invalid: { method: 'wallet_getCallsStatus', params: [] },
  },
  {
    name: 'solana_signMessage',
    valid: { method: 'solana_signMessage', params: { message: '3yZe7d', pubkey } },
    invalid: { method: 'solana_signMessage', params: { message: '3yZe7d' } },
  },
  {
    name: 'solana_signAndSendTransaction',
    valid: {
      method: 'solana_signAndSendTransaction',
      params: {
        transaction: 'AQAB',
        options: {
          skipPreflight: true,
          preflightCommitment: 'singleGossip',
          maxRetries: 3,
          minContextSlot: 10,
        },
      },
    },
    invalid: {
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQAB', options: { preflightCommitment: 'fast' } },
    },
  },
  {
    name: 'solana_signAndSendTransaction skipPreflight',
    valid: { method: 'solana_signAndSendTransaction', params: { transaction: 'AQAB' } },
    invalid: {
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQAB', options: { skipPreflight: 'yes' } },
    },
  },
  {
    name: 'solana_signAndSendTransaction maxRetries',
    valid: {
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQAB', options: { maxRetries: 0 } },
    },
    invalid: {
      method: 'solana_signAndSendTransaction',
      params: { transaction: 'AQAB', options: { maxRetries: '3' } },
    },
  },
  {
    name: 'solana_signTransaction',
    valid: { method: 'solana_signTransaction', params: { transaction: 'AQAB' } },
    invalid: { method: 'solana_signTransaction', params: { transaction: '' } },
  },
  {
    name: 'solana_signAllTransactions',
    valid: { method: 'solana_signAllTransactions', params: { transactions: ['AQAB'] } },
    invalid: { method: 'solana_signAllTransactions', params: { transactions: [] } },
  },
  {
    name: 'a read method passes its params through',
    valid: { method: 'eth_getBalance', params: [address, 'latest'], chainId: 1 },
    invalid: { method: 'eth_getBalance', params: address },
  },
  {
    name: 'wallet_revokePermissions',
    valid: { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] },
    invalid: { method: 'wallet_revokePermissions', params: { eth_accounts: {} } },
  },
  {
    name: 'an unknown method',
    valid: { method: 'eth_chainId', chainId: 'eip155:1' },
    invalid: { method: 'eth_sign', params: [address, '0x00'] },
  },
  {
    name: 'a chain id',
    valid: { method: 'eth_blockNumber', chainId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' },
    invalid: { method: 'eth_blockNumber', chainId: 'main net' },
  },
]

describe.each(rows)('$name', ({ valid, invalid }) => {
  test('accepts a valid request', () => {
    expect(rpcRequestSchema.safeParse(valid).error?.issues).toBeUndefined()
  })
  test('refuses an invalid one', () => {
    expect(rpcRequestSchema.safeParse(invalid).success).toBe(false)
  })
})

test('every read method is accepted with a params array', () => {
  for (const method of EVM_READ_METHODS)
    expect(rpcRequestSchema.safeParse({ method, params: [] }).success).toBe(true)
})

describe('safe methods', () => {
  test.each([...EVM_READ_METHODS, 'wallet_getCallsStatus', 'wallet_getCapabilities', 'wallet_getAssets'])(
    '%s is safe',
    (method) => {
      expect(isSafeRpcMethod(method)).toBe(true)
    },
  )

  test.each([
    'personal_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'wallet_sendCalls',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'solana_signMessage',
    'solana_signTransaction',
    'solana_signAndSendTransaction',
    'solana_signAllTransactions',
    'eth_sign',
  ])('%s needs approval', (method) => {
    expect(isSafeRpcMethod(method)).toBe(false)
  })

  test('every safe method is a supported method', () => {
    for (const method of SAFE_RPC_METHODS) expect(isSupportedRpcMethod(method)).toBe(true)
    expect(isSupportedRpcMethod('eth_sign')).toBe(false)
    expect(RPC_METHODS).toContain('solana_signAllTransactions')
  })
})
