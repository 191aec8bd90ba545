import { socialProviderName } from '@portico/core'
import { SocialIcon } from '../../components/SocialIcon.js'
import { addEnglish } from '../../i18n/english.js'
import { enSocial } from '../../i18n/enSocial.js'
import { useT } from '../../i18n/MessagesContext.js'

// The texts only this code shows arrive with it (SPEC texts, see i18n/enSocial.ts).
addEnglish(enSocial)

/** SPEC §3 social username: who the embedded wallet logged in as, and at which provider. */
export function SocialAccountRow({ provider, username }: { provider: string; username: string | undefined }) {
  const t = useT()
  const name = socialProviderName(provider)
  return (
    <div className="row social-account">
      <SocialIcon provider={provider} />
      <span className="row-name">{username ?? name}</span>
      <span className="row-end">{t('accountSocial', { provider: name })}</span>
    </div>
  )
}
