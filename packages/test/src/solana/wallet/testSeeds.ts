/**
 * Ten deterministic ed25519 seeds for the Solana test wallet: seed `i` is 32 bytes of value `i + 1`.
 * Public knowledge, like anvil's keys: never hold anything of value with them.
 */
export const SOLANA_TEST_SEEDS: readonly Uint8Array[] = Array.from({ length: 10 }, (_, index) =>
  new Uint8Array(32).fill(index + 1),
)

/** The base58 addresses of {@link SOLANA_TEST_SEEDS}, in order, known without deriving keys. */
export const SOLANA_TEST_ADDRESSES = [
  'AKnL4NNf3DGWZJS6cPknBuEGnVsV4A4m5tgebLHaRSZ9',
  '9hSR6S7WPtxmTojgo6GG3k4yDPecgJY292j7xrsUGWBu',
  'GyGKxMyg1p9SsHfm15MkNUu1u9TN2JtTspcdmrtGUdse',
  'EdmxWPmx2WH6WgFfTdu9xfkYf3k1g5wD1zccTVySEEh1',
  '8SFqwqnq4whPhs8icwHA2hQg3hUoN1qrCLK1SBx3WKwe',
  'AKkzLhjhyFtM9j7WAhbaqYpFe49cXeJBg2kzLRC2PnNa',
  'GmaDrppBC7P5ARKV8g3djiwP89vz1jLK23V2GBjuAEGB',
  '2KW2XRd9kwqet15Aha2oK3tYvd3nWbTFH1MBiRAv1BE1',
  'J2xccRtuG43drESLYznHhLhQkLTdfepcKYbiQ9BsJVaf',
  '5Z6Ay5NEcbg3xhopc522sBCRXQujkTiuDRnHGfQdcnSf',
] as const
