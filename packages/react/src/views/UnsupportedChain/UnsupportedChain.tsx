import { disconnect } from '@portico/core'
import { useState } from 'react'
import { connectCss } from '../../components/connect.css.js'
import { DisconnectIcon, WarningIcon } from '../../components/icons.js'
import { NetworkList } from '../../components/NetworkList.js'
import { useNetwork } from '../../hooks/useNetwork.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'

/** The wallet sits on a network the site does not list: switch to a listed one, or disconnect. */
export function UnsupportedChain() {
  useStyles(connectCss)
  const portico = usePortico()
  const t = useT()
  const { networks, namespace } = useNetwork()
  const [leaving, setLeaving] = useState(false)
  const listed = networks.filter((network) => !namespace || network.namespace === namespace)
  return (
    <div className="stack">
      <div className="empty">
        <span className="empty-icon">
          <WarningIcon />
        </span>
        <p>{t('unsupportedChain')}</p>
      </div>
      <NetworkList networks={listed} markActive={false} />
      <button
        type="button"
        className="button danger wide"
        disabled={leaving}
        onClick={() => {
          setLeaving(true)
          void disconnect(portico).finally(() => setLeaving(false))
        }}
      >
        <DisconnectIcon />
        {leaving ? t('disconnecting') : t('disconnect')}
      </button>
    </div>
  )
}
