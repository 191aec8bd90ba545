/**
 * The history answer (`GET /v1/account/:address/history`), checked by hand like `answerChecks.ts`:
 * a module of its own, loaded with the Activity tab (and the default activity service's first
 * call), so the transfers' NFT and card-purchase fields are not in the page's first load.
 */
import { arrayOf, boolean, nullable, number, object, oneOf, parser, string } from '../valueCheck.js'
import { caipNetworkId, decimalString } from './answerChecks.js'
import type { HistoryResponse } from './schemas.js'

const transfer = object(
  { direction: oneOf(['in', 'out', 'self']), quantity: object({ numeric: decimalString }) },
  {
    fungible_info: object(
      { name: string, symbol: string },
      { address: string, icon: object({ url: string }) },
    ),
    nft_info: object(
      { flags: object({ is_spam: boolean }) },
      { name: string, address: string, token_id: string, picture: string },
    ),
    value: number,
    price: number,
  },
)

const transaction = object({
  id: string,
  metadata: object(
    {
      operationType: oneOf(['send', 'receive', 'execute', 'mint', 'burn', 'approve']),
      hash: string,
      minedAt: string,
      sentFrom: string,
      sentTo: string,
      status: oneOf(['confirmed', 'failed', 'pending']),
      nonce: number,
      chain: caipNetworkId,
    },
    {
      onramp: object({ provider: string, status: oneOf(['pending', 'complete', 'failed']) }),
    },
  ),
  transfers: arrayOf(transfer),
})

export const historyResponseCheck = parser<HistoryResponse>(
  object({ data: arrayOf(transaction), next: nullable(string) }),
)
