import type { KeyringPair } from '@polkadot/keyring/types'
import { TypeRegistry } from '@polkadot/types'
import { hexToU8a, isHex, u8aToHex, u8aWrapBytes } from '@polkadot/util'
import type { SignerPayloadJSON } from './injectedWeb3.js'

/**
 * Signs a message as Polkadot wallets do for `signRaw` and `polkadot_signMessage`: hex stands for
 * its bytes, other text for its UTF-8, and either is wrapped in `<Bytes>…</Bytes>` (unless it
 * already is) so a message signature can never be a transaction's. Answers the bare signature.
 */
export function signMessageWithPair(pair: KeyringPair, data: string): `0x${string}` {
  const bytes = isHex(data) ? hexToU8a(data) : new TextEncoder().encode(data)
  return u8aToHex(pair.sign(u8aWrapBytes(bytes)))
}

/**
 * Signs a SignerPayloadJSON as extensions without the chain's metadata do: a registry that knows
 * the payload's signed extensions encodes exactly the bytes the runtime checks. Answers the
 * signature with its key type byte, as `addSignature` takes it.
 */
export function signPayloadWithPair(pair: KeyringPair, payload: SignerPayloadJSON): `0x${string}` {
  if (
    typeof payload !== 'object' ||
    payload === null ||
    !Array.isArray(payload.signedExtensions) ||
    typeof payload.method !== 'string'
  )
    throw new TypeError('A transaction payload needs a SignerPayloadJSON (method, signedExtensions, ...).')
  const registry = new TypeRegistry()
  registry.setSignedExtensions(payload.signedExtensions)
  const extrinsicPayload = registry.createType('ExtrinsicPayload', payload, { version: payload.version })
  return extrinsicPayload.sign(pair).signature
}
