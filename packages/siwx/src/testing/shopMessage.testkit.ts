import type { CaipNetworkId, SiwxMessageData } from '@portico/core'

/** The fields of a sign-in message to `shop.example` issued now, for the verifiers' tests. */
export function shopMessageData(
  accountAddress: string,
  chainId: CaipNetworkId,
  overrides: Partial<SiwxMessageData> = {},
): SiwxMessageData {
  return {
    domain: 'shop.example',
    accountAddress,
    uri: 'https://shop.example/login',
    version: '1',
    chainId,
    nonce: 'q7Zp2kLx9Tn4',
    issuedAt: new Date().toISOString(),
    statement: 'Sign in to the shop.',
    ...overrides,
  } as SiwxMessageData
}
