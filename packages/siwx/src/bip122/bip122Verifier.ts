import type { CaipNetworkId } from '@portico/core'
import { base64 } from '@scure/base'
import { networks } from 'bitcoinjs-lib'
import type { SiwxVerifier, SiwxVerifyInput } from '../verifier.js'
import { isBip137Signature, verifyBip137 } from './bip137.js'
import { verifyBip322Simple } from './bip322.js'
import { type BitcoinNetwork, decodeBitcoinAddress } from './bitcoinScripts.js'

/** The network of each Bitcoin chain, by its CAIP-2 id (the genesis block hash's first 32 hex digits). */
const NETWORKS: ReadonlyMap<string, BitcoinNetwork> = new Map([
  ['bip122:000000000019d6689c085ae165831e93', networks.bitcoin],
  ['bip122:000000000933ea01ad0ee984209779ba', networks.testnet],
  ['bip122:0f9188f13cb7b2c71f2a335e3a4fc328', networks.regtest],
])

/** The signature's bytes, or undefined when it is not base64. */
function fromBase64(value: string): Uint8Array | undefined {
  try {
    return base64.decode(value)
  } catch {
    return undefined
  }
}

/**
 * Verifies Bitcoin sign-in signatures (base64): BIP-322 "simple" signatures from P2WPKH,
 * P2SH-P2WPKH and P2TR (key-path) addresses, and legacy signed messages (BIP-137) from P2PKH,
 * P2SH-P2WPKH and P2WPKH addresses, on mainnet, testnet and regtest.
 *
 * @example
 * createBrowserSiwxStorage({ verifiers: [bip122Verifier()] })
 */
export function bip122Verifier(): SiwxVerifier {
  return {
    namespace: 'bip122',
    supports: (chainId: CaipNetworkId) => NETWORKS.has(chainId),
    async verify({ data, message, signature }: SiwxVerifyInput) {
      const network = NETWORKS.get(data.chainId)
      const signatureBytes = fromBase64(signature)
      if (!network || !signatureBytes?.length) return false
      const decoded = decodeBitcoinAddress(data.accountAddress, network)
      if (!decoded) return false
      const { output, scriptPubKey } = decoded
      // 65 bytes with a header byte of 27–42 cannot be a witness stack of a supported address.
      return isBip137Signature(signatureBytes)
        ? verifyBip137(message, signatureBytes, output)
        : verifyBip322Simple(message, signatureBytes, scriptPubKey, output)
    },
    signatureType: ({ signature }) => {
      const signatureBytes = fromBase64(signature)
      return signatureBytes && isBip137Signature(signatureBytes) ? 'bip137' : 'bip322'
    },
  }
}
