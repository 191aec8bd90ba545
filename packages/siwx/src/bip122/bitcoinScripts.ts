import { address, crypto, type networks, payments } from 'bitcoinjs-lib'

/** The prefixes of one Bitcoin network (mainnet, testnet or regtest). */
export type BitcoinNetwork = typeof networks.bitcoin

/** The kinds of output a sign-in address can stand for, with the hash or key each commits to. */
export type BitcoinOutput =
  | { type: 'p2pkh'; hash: Uint8Array }
  | { type: 'p2sh'; hash: Uint8Array }
  | { type: 'p2wpkh'; hash: Uint8Array }
  | { type: 'p2tr'; outputKey: Uint8Array }

/** The kind of an address and its output script on `network`; undefined for another network's or another kind. */
export function decodeBitcoinAddress(
  accountAddress: string,
  network: BitcoinNetwork,
): { output: BitcoinOutput; scriptPubKey: Uint8Array } | undefined {
  // `address.toOutputScript` is not used: for taproot it checks the key through an ECC library that
  // must be registered globally first, and the verifier needs no such state.
  try {
    if (/^(bc|tb|bcrt)1/i.test(accountAddress)) {
      const { version, prefix, data } = address.fromBech32(accountAddress)
      if (prefix !== network.bech32) return undefined
      if (version === 0 && data.length === 20)
        return {
          output: { type: 'p2wpkh', hash: data },
          scriptPubKey: payments.p2wpkh({ hash: data }).output!,
        }
      if (version === 1 && data.length === 32) {
        const scriptPubKey = new Uint8Array(34)
        scriptPubKey.set([0x51, 0x20])
        scriptPubKey.set(data, 2)
        return { output: { type: 'p2tr', outputKey: data }, scriptPubKey }
      }
      return undefined
    }
    const { version, hash } = address.fromBase58Check(accountAddress)
    if (version === network.pubKeyHash)
      return { output: { type: 'p2pkh', hash }, scriptPubKey: payments.p2pkh({ hash }).output! }
    if (version === network.scriptHash)
      return { output: { type: 'p2sh', hash }, scriptPubKey: payments.p2sh({ hash }).output! }
    return undefined
  } catch {
    return undefined
  }
}

/** The script hash of the P2SH-P2WPKH output of a compressed public key. */
export function nestedSegwitHash(publicKey: Uint8Array): Uint8Array {
  return crypto.hash160(payments.p2wpkh({ hash: crypto.hash160(publicKey) }).output!)
}

/** Whether two byte strings are equal. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, i) => byte === b[i])
}
