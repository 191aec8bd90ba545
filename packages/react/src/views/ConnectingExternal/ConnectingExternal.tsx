import { findConnector, selectWallet } from '@portico/core'
import { Picture } from '../../components/Picture.js'
import { useConnection } from '../../hooks/useConnection.js'
import { useConnectors } from '../../hooks/useConnectors.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { useT } from '../../i18n/MessagesContext.js'
import { noticeText } from '../../i18n/messages.js'
import { useStyles } from '../../styles/StyleContext.js'
import { connectingCss } from './ConnectingExternal.css.js'

/**
 * Waiting for a browser wallet to answer. A decline or failure is shown here with a retry; back and
 * close stay available throughout, and leaving abandons the attempt (core ignores a late answer).
 */
export function ConnectingExternal() {
  useStyles(connectingCss)
  const portico = usePortico()
  const { route } = useRouter()
  const t = useT()
  const { error, connectingConnectorId } = useConnection()
  useConnectors()
  if (route.view !== 'ConnectingExternal') return null
  const { connectorId, namespace } = route.params
  const connector = findConnector(portico, connectorId, namespace)
  const name = connector?.name ?? t('yourWallet')
  const failed = error !== undefined && connectingConnectorId === connectorId
  const retry = () => {
    void selectWallet(portico, { connectorId, namespace })
  }

  return (
    <div className="connecting">
      <span className="ring" data-state={failed ? 'error' : 'waiting'}>
        <Picture name={name} url={connector?.imageUrl} className="picture" letterClassName="letter" />
      </span>
      <div role="status" aria-live="polite" className="stack">
        {!failed && (
          <>
            <h3>{t('continueIn', { name })}</h3>
            <p>{t('acceptRequest')}</p>
          </>
        )}
        {failed && error.kind === 'rejected' && (
          <>
            <h3 className="error-title">{t('connectionDeclined')}</h3>
            <p>{t('declinedIn', { name })}</p>
          </>
        )}
        {failed && error.kind === 'timeout' && (
          <>
            <h3 className="error-title">{t('noAnswer')}</h3>
            <p>{t('noAnswerText')}</p>
          </>
        )}
        {failed && error.kind === 'failed' && (
          <>
            <h3 className="error-title">{t('connectionFailed')}</h3>
            {/* Core's own fallback is the bare title; say something more useful instead. */}
            <p>
              {error.message.key === 'connectionFailed'
                ? t('couldNotConnect', { name })
                : noticeText(t, error.message)}
            </p>
          </>
        )}
      </div>
      {failed && (
        <button type="button" className="button" onClick={retry}>
          {t('tryAgain')}
        </button>
      )}
    </div>
  )
}
