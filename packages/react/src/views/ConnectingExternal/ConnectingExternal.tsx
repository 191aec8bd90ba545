import { connect, findConnector } from '@portico/core'
import { Picture } from '../../components/Picture.js'
import { useConnection } from '../../hooks/useConnection.js'
import { useConnectors } from '../../hooks/useConnectors.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
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
  const { error, connectingConnectorId } = useConnection()
  useConnectors()
  if (route.view !== 'ConnectingExternal') return null
  const { connectorId, namespace } = route.params
  const connector = findConnector(portico, connectorId, namespace)
  const name = connector?.name ?? 'your wallet'
  const failed = error !== undefined && connectingConnectorId === connectorId
  const failureTitle = error?.kind === 'timeout' ? 'No answer from the wallet' : 'Connection failed'
  const retry = () => {
    connect(portico, { connectorId, namespace }).catch((reason: unknown) =>
      portico.internal.logger.warn('connect: retry failed', reason),
    )
  }

  return (
    <div className="connecting">
      <span className="ring" data-state={failed ? 'error' : 'waiting'}>
        <Picture name={name} url={connector?.imageUrl} className="picture" letterClassName="letter" />
      </span>
      <div role="status" aria-live="polite" className="stack">
        {!failed && (
          <>
            <h3>Continue in {name}</h3>
            <p>Accept the connection request in your wallet</p>
          </>
        )}
        {failed && error.kind === 'rejected' && (
          <>
            <h3 className="error-title">Connection declined</h3>
            <p>You declined the request in {name}. You can try again.</p>
          </>
        )}
        {failed && error.kind !== 'rejected' && (
          <>
            <h3 className="error-title">{failureTitle}</h3>
            <p>
              {error.message === failureTitle
                ? `${name} could not connect. You can try again.`
                : error.message}
            </p>
          </>
        )}
      </div>
      {failed && (
        <button type="button" className="button" onClick={retry}>
          Try again
        </button>
      )}
    </div>
  )
}
