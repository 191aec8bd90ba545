import { getFarcasterLogin, type Portico, watchFarcasterLogin } from '@portico/core'
import { approveFarcasterSignIn, TEST_FARCASTER_ACCOUNT } from '@portico/test/farcaster/client'
import { useState, useSyncExternalStore } from 'react'
import { createPublicClient, http, parseAbi } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'

const relayUrl = import.meta.env.VITE_FARCASTER_RELAY_URL
const registryRpc = import.meta.env.VITE_RPC_31337
const ID_REGISTRY = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
const custody = privateKeyToAccount(TEST_FARCASTER_ACCOUNT.custodyKey)

/**
 * A Farcaster app made of code, for trying the Farcaster login in the demo (development only): it
 * signs the open sign-in link with the test fid's custody key and completes the channel on the
 * local relay, as the Farcaster app would after a scan.
 */
export function FarcasterDevClient({ portico }: { portico: Portico }) {
  const login = useSyncExternalStore(
    (onChange) => watchFarcasterLogin(portico, { onChange }),
    () => getFarcasterLogin(portico),
  )
  const [outcome, setOutcome] = useState<string>()
  if (!relayUrl || !registryRpc) return null
  const approve = async () => {
    if (!login.url) return
    setOutcome('Signing…')
    try {
      const client = createPublicClient({ transport: http(registryRpc) })
      const fid = await client.readContract({
        address: ID_REGISTRY,
        abi: parseAbi(['function idOf(address) view returns (uint256)']),
        functionName: 'idOf',
        args: [custody.address],
      })
      await approveFarcasterSignIn({
        url: login.url,
        relayUrl,
        account: custody,
        profile: {
          fid,
          username: TEST_FARCASTER_ACCOUNT.username,
          displayName: TEST_FARCASTER_ACCOUNT.displayName,
        },
      })
      setOutcome(`Approved as fid ${fid}.`)
    } catch (error) {
      setOutcome(error instanceof Error ? error.message : String(error))
    }
  }
  return (
    <aside className="dev-wallet dev-farcaster" aria-label="Farcaster test client">
      <strong>Farcaster test client (development only)</strong>
      <p className="dev-note">
        Stands in for the Farcaster app: approves the open sign-in link as @{TEST_FARCASTER_ACCOUNT.username},
        a test fid on the local chain.
      </p>
      <button type="button" disabled={!login.url} onClick={() => void approve()}>
        Approve Farcaster sign-in
      </button>
      {outcome && <p className="dev-note">{outcome}</p>}
    </aside>
  )
}
