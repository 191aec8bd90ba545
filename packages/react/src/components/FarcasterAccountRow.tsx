import { getFarcasterLogin, watchFarcasterLogin } from '@portico/core'
import { usePorticoRead } from '../hooks/usePorticoRead.js'
import { useT } from '../i18n/MessagesContext.js'
import { useStyles } from '../styles/StyleContext.js'

const farcasterRowCss = `
.farcaster-account { cursor: default; margin: 0; }
.farcaster-account img { width: 24px; height: 24px; border-radius: 50%; object-fit: cover; flex: none; }
`

/** An https URL, the only pictures shown (the server checked it too: it is display data from the relay). */
function isHttpsUrl(value: string | undefined): value is string {
  if (!value) return false
  try {
    return new URL(value).protocol === 'https:'
  } catch {
    return false
  }
}

/** Account's line for an embedded wallet signed in with Farcaster: the account's picture and username. */
export function FarcasterAccountRow() {
  useStyles(farcasterRowCss)
  const t = useT()
  const { accountUsername, accountImage } = usePorticoRead(getFarcasterLogin, watchFarcasterLogin)
  if (!accountUsername) return null
  return (
    <p className="row farcaster-account">
      {isHttpsUrl(accountImage) && <img src={accountImage} alt="" referrerPolicy="no-referrer" />}
      <span className="row-name">@{accountUsername}</span>
      <span className="row-end">{t('farcasterAccount')}</span>
    </p>
  )
}
