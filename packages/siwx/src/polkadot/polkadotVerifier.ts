import { hexToU8a, stringToU8a } from '@polkadot/util'
import { base58Decode, checkAddressChecksum, cryptoWaitReady, signatureVerify } from '@polkadot/util-crypto'
import { type CaipNetworkId, isCaipNetworkId } from '@portico/core'
import type { SiwxVerifier, SiwxVerifyInput } from '../verifier.js'

export interface PolkadotVerifierOptions {
  /**
   * The SS58 prefix that addresses must carry on each chain, by CAIP-2 id. Polkadot (0), Kusama (2)
   * and Westend (42) are known; on any other chain every prefix is accepted, since the key, not
   * the prefix, is what signs.
   */
  ss58Prefixes?: Readonly<Record<string, number>>
}

const KNOWN_SS58_PREFIXES: Readonly<Record<string, number>> = {
  'polkadot:91b171bb158e2d3848fa23a9f1c25182': 0,
  'polkadot:b0a8d493285c2df73290dfb7e61f870f': 2,
  'polkadot:e143f23803ac50e8f6f8e62695d1ce9e': 42,
}

// 64 bytes (sr25519, ed25519), 65 (ecdsa, or sr25519/ed25519 with a type byte), 66 (ecdsa with one).
const HEX_SIGNATURE = /^0x(?:[0-9a-fA-F]{2}){64,66}$/
// signatureVerify also reports `ethereum` (keccak-hashed ecdsa), which belongs to 20-byte accounts, not SS58 ones.
const SIGNATURE_TYPES = new Set(['sr25519', 'ed25519', 'ecdsa'])

/** The 32-byte account id and SS58 prefix of an address, or undefined when it is not a valid SS58 account. */
function decodeSs58(address: string): { accountId: Uint8Array; prefix: number } | undefined {
  try {
    const decoded = base58Decode(address)
    const [isValid, end, prefixLength, prefix] = checkAddressChecksum(decoded)
    const accountId = decoded.slice(prefixLength, end)
    return isValid && accountId.length === 32 ? { accountId, prefix } : undefined
  } catch {
    return undefined
  }
}

/**
 * Verifies Polkadot sign-in signatures: the 0x-hex sr25519, ed25519 or ecdsa signature of the
 * message, raw or wrapped in `<Bytes>…</Bytes>` as extensions' `signRaw` signs it, by the SS58
 * account.
 *
 * @example
 * createBrowserSiwxStorage({ verifiers: [polkadotVerifier()] })
 */
export function polkadotVerifier(options: PolkadotVerifierOptions = {}): SiwxVerifier {
  const prefixes = { ...KNOWN_SS58_PREFIXES, ...options.ss58Prefixes }

  /** The scheme that signed, or undefined when the signature is not the account's. */
  const detect = ({ data, message, signature }: SiwxVerifyInput): string | undefined => {
    const account = decodeSs58(data.accountAddress)
    const expectedPrefix = prefixes[data.chainId]
    if (!account || (expectedPrefix !== undefined && account.prefix !== expectedPrefix)) return undefined
    if (!HEX_SIGNATURE.test(signature)) return undefined
    try {
      // The message goes in as bytes: as a string, one that looked like hex would be decoded as hex.
      // signatureVerify tries the message raw and wrapped in <Bytes>…</Bytes>.
      const result = signatureVerify(stringToU8a(message), hexToU8a(signature), account.accountId)
      return result.isValid && SIGNATURE_TYPES.has(result.crypto) ? result.crypto : undefined
    } catch {
      return undefined
    }
  }

  return {
    namespace: 'polkadot',
    supports: (chainId: CaipNetworkId) => isCaipNetworkId(chainId, 'polkadot'),
    async verify(input) {
      // The WebAssembly build only speeds verification up; without it, the JavaScript one is used.
      await cryptoWaitReady()
      return detect(input) !== undefined
    },
    signatureType(input) {
      const scheme = detect(input)
      return scheme ? `polkadot:${scheme}` : 'polkadot'
    },
  }
}
