import { socialProviderName } from '@portico/core'
import { SocialIcon } from '../../components/SocialIcon.js'
import { addEnglish } from '../../i18n/english.js'
import { enSocial } from '../../i18n/enSocial.js'
import { useT } from '../../i18n/MessagesContext.js'

// The texts only this code shows arrive with it (SPEC texts, see i18n/enSocial.ts).
addEnglish(enSocial)

/**
 * The picture as core hands it over once checked (`showSocialImage`: fetched, a raster image within
 * the size limit): a data: URL of an image. Anything else, the relay's own URL included, is not shown.
 */
function isCheckedPicture(value: string | undefined): value is string {
  return value?.startsWith('data:image/') === true
}

/**
 * SPEC §3 social username: who the embedded wallet logged in as, and at which provider. A Farcaster
 * login is one of them: its username reads `@name` and its picture stands for the provider's mark.
 */
export function SocialAccountRow({
  provider,
  username,
  image,
}: {
  provider: string
  username: string | undefined
  image?: string | undefined
}) {
  const t = useT()
  const name = socialProviderName(provider)
  const shown = username && provider === 'farcaster' ? `@${username}` : username
  return (
    <div className="row social-account">
      {isCheckedPicture(image) ? (
        <img className="social-picture" src={image} alt="" referrerPolicy="no-referrer" />
      ) : (
        <SocialIcon provider={provider} />
      )}
      {/* Two lines, so a long username is not cut for the provider's line at 360 px. */}
      <span className="row-text">
        <span className="row-title">{shown ?? name}</span>
        <span className="row-sub">{t('accountSocial', { provider: name })}</span>
      </span>
    </div>
  )
}
