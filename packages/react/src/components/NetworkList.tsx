import { type Network, selectNetwork } from '@portico/core'
import { useNetwork } from '../hooks/useNetwork.js'
import { useAlert } from '../hooks/useNotices.js'
import { usePortico } from '../hooks/usePortico.js'
import { useT } from '../i18n/MessagesContext.js'
import { noticeText } from '../i18n/messages.js'
import { moveFocusInList } from './focus.js'
import { CheckIcon } from './icons.js'
import { NetworkIcon } from './NetworkIcon.js'

export type NetworkListProps = {
  networks: readonly Network[]
  /** Mark the active network (not on UnsupportedChain, where the wallet is on none of them). */
  markActive: boolean
}

/**
 * The site's networks as rows. Choosing one asks the wallet to switch; the row says so while the
 * wallet waits, and the reason a switch failed is shown under the list.
 */
export function NetworkList({ networks, markActive }: NetworkListProps) {
  const portico = usePortico()
  const t = useT()
  const { network: active, supported, pendingNetworkId, switchError } = useNetwork()
  // A failure with an error code is already in the alert banner (SPEC §8); say it once.
  const alert = useAlert()
  const inlineError = switchError && switchError.key !== alert?.message.key ? switchError : undefined

  // Core returns from the network picker once the switch is done and reports failures in state.
  const choose = (network: Network) => {
    void selectNetwork(portico, { networkId: network.caipNetworkId })
  }

  return (
    <>
      <ul className="list" aria-label={t('networks')} onKeyDown={moveFocusInList}>
        {networks.map((network) => {
          const current = markActive && supported && active?.caipNetworkId === network.caipNetworkId
          const pending = pendingNetworkId === network.caipNetworkId
          return (
            <li key={network.caipNetworkId}>
              <button
                type="button"
                className="row"
                data-list-item
                aria-current={current ? 'true' : undefined}
                aria-busy={pending ? 'true' : undefined}
                disabled={pendingNetworkId !== undefined && !pending}
                onClick={() => (current || pending ? undefined : choose(network))}
              >
                <NetworkIcon network={network} />
                <span className="row-name">{network.name}</span>
                {pending && <span className="row-end">{t('approveInWallet')}</span>}
                {current && (
                  <span className="row-end">
                    <CheckIcon />
                    <span className="visually-hidden">{t('active')}</span>
                  </span>
                )}
              </button>
            </li>
          )
        })}
      </ul>
      {inlineError && (
        <p className="error-text center" role="alert">
          {noticeText(t, inlineError)}
        </p>
      )}
    </>
  )
}
