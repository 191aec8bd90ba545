import { goBack } from '@portico/core'
import { CheckIcon } from '../../components/icons.js'
import { useCopy } from '../../components/useCopy.js'
import { useAccount } from '../../hooks/useAccount.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useRouter } from '../../hooks/useRouter.js'
import { addEnglish } from '../../i18n/english.js'
import { enNames } from '../../i18n/enNames.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'
import { registerNameSuccessCss } from './RegisterAccountNameSuccess.css.js'

// The texts only this code shows arrive with it (SPEC texts, see i18n/enNames.ts).
addEnglish(enNames)

/**
 * The registered name (SPEC §2 RegisterAccountNameSuccess), with copy and Done, back to Account
 * (the success replaced the form, so the view behind it is Account).
 */
export function RegisterAccountNameSuccess() {
  useStyles(registerNameSuccessCss)
  const portico = usePortico()
  const t = useT()
  const { route } = useRouter()
  const { address } = useAccount()
  const name = route.view === 'RegisterAccountNameSuccess' ? route.params.name : ''
  const { copy, state } = useCopy(name)
  return (
    <div className="name-success">
      <span className="name-success-icon" aria-hidden="true">
        <CheckIcon />
      </span>
      <p className="name-success-title">{t('nameRegistered')}</p>
      <p className="name-success-name">{name}</p>
      {address && <p className="name-success-address">{t('nameResolvesTo', { address })}</p>}
      <button type="button" className="button wide secondary" onClick={copy}>
        {state === 'copied' ? t('copied') : t('nameCopy')}
      </button>
      <button type="button" className="button wide" onClick={() => goBack(portico)}>
        {t('nameDone')}
      </button>
    </div>
  )
}
