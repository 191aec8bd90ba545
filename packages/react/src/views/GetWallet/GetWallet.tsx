import {
  getCustomWallets,
  getIsMobile,
  getRegistryWallets,
  isHttpsPage,
  type Portico,
  type RegistryWallet,
  WALLET_INSTALL_PLATFORMS,
  type WalletInstallLinks,
} from '@portico/core'
import { REGISTRY_WALLETS } from '@portico/core/api'
import { hashString, isSafeImageUrl } from '../../components/safeUrl.js'
import { usePortico } from '../../hooks/usePortico.js'
import { useWalletList } from '../../hooks/useWalletList.js'
import { enGetWallet } from '../../i18n/enGetWallet.js'
import { addEnglish } from '../../i18n/english.js'
import { useT } from '../../i18n/MessagesContext.js'
import { useStyles } from '../../styles/StyleContext.js'

// The view's own texts come with its chunk rather than with the modal's frame.
addEnglish(enGetWallet)

const getWalletCss = `
.get-wallet { display: grid; gap: 14px; }
.get-wallet h3 { margin: 0; font-size: 15px; font-weight: 650; }
.get-wallet p { margin: 0; font-size: 14px; line-height: 1.5; color: var(--p-muted); }
.what-is { display: grid; gap: 6px; padding: 12px 14px; border-radius: var(--p-radius-m); background: var(--p-surface); border: 1px solid var(--p-border); }
.install-list { display: grid; gap: 8px; margin: 0; padding: 0; list-style: none; }
.install-item { display: grid; grid-template-columns: 40px 1fr; gap: 4px 12px; align-items: center; padding: 10px 12px; border-radius: var(--p-radius-m); background: var(--p-surface); }
.install-item .picture { grid-row: span 2; }
.install-item strong { font-size: 15px; }
.install-links { display: flex; flex-wrap: wrap; gap: 6px; }
.install-links a { padding: 4px 10px; border-radius: 999px; border: 1px solid var(--p-border); color: var(--p-text); font-size: 12px; font-weight: 600; text-decoration: none; }
.install-links a:hover { background: var(--p-surface-hover); }
.install-links a:focus-visible { outline: 2px solid var(--p-focus); outline-offset: 2px; }
`

const PLATFORM_KEYS = {
  chrome: 'platformChrome',
  firefox: 'platformFirefox',
  edge: 'platformEdge',
  safari: 'platformSafari',
  ios: 'platformIos',
  android: 'platformAndroid',
} as const satisfies Record<keyof WalletInstallLinks, string>

type Platform = keyof WalletInstallLinks

/**
 * The wallets a visitor can install: the site's own, then the registry's (the server's list, the
 * site's, or the one Portico ships), each with the install pages it lists, for the site's
 * namespaces. A registry entry without install pages takes those of the shipped entry with its id.
 */
function installableWallets(portico: Portico): { wallet: RegistryWallet; install: [Platform, string][] }[] {
  const siteNamespaces = new Set(portico.state.networks.map((network) => network.namespace))
  const shipped = new Map(REGISTRY_WALLETS.map((wallet) => [wallet.id, wallet]))
  const registry = getRegistryWallets(portico)
  const seen = new Set<string>()
  const mobile = getIsMobile(portico)
  // On a phone the app stores come first; on a computer the extension stores.
  const platforms = mobile
    ? [...WALLET_INSTALL_PLATFORMS].sort(
        (a, b) => Number(b === 'ios' || b === 'android') - Number(a === 'ios' || a === 'android'),
      )
    : WALLET_INSTALL_PLATFORMS
  return [...getCustomWallets(portico), ...(registry.length ? registry : REGISTRY_WALLETS)].flatMap(
    (wallet) => {
      if (seen.has(wallet.id) || !wallet.namespaces.some((namespace) => siteNamespaces.has(namespace)))
        return []
      seen.add(wallet.id)
      const links = wallet.install ?? shipped.get(wallet.id)?.install ?? {}
      const install = platforms.flatMap((platform): [Platform, string][] => {
        const url = links[platform]
        return isHttpsPage(url) ? [[platform, url]] : []
      })
      return install.length ? [{ wallet, install }] : []
    },
  )
}

/** Get a wallet: what a wallet is, and the wallets to install, each with its store pages per platform. */
export function GetWallet() {
  useStyles(getWalletCss)
  const portico = usePortico()
  const t = useT()
  // Re-rendered when the registry arrives.
  useWalletList()
  const wallets = installableWallets(portico)
  return (
    <div className="get-wallet">
      <section className="what-is" aria-labelledby="portico-what-is">
        <h3 id="portico-what-is">{t('whatIsWallet')}</h3>
        <p>{t('whatIsWalletText')}</p>
      </section>
      <p>{wallets.length ? t('getWalletHelp') : t('getWalletNone')}</p>
      <ul className="install-list" aria-label={t('titleGetWallet')}>
        {wallets.map(({ wallet, install }) => (
          <li key={wallet.id} className="install-item">
            <WalletPicture wallet={wallet} />
            <strong>{wallet.name}</strong>
            <span className="install-links">
              {install.map(([platform, url]) => (
                <a
                  key={platform}
                  href={url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={t('installOn', { name: wallet.name, platform: t(PLATFORM_KEYS[platform]) })}
                >
                  {t(PLATFORM_KEYS[platform])}
                </a>
              ))}
            </span>
          </li>
        ))}
      </ul>
    </div>
  )
}

function WalletPicture({ wallet }: { wallet: RegistryWallet }) {
  return (
    <span className="picture" aria-hidden="true">
      {isSafeImageUrl(wallet.imageUrl) ? (
        <img src={wallet.imageUrl} alt="" loading="lazy" decoding="async" draggable={false} />
      ) : (
        <span
          ref={(element) => {
            element?.style.setProperty('--p-letter-hue', String(hashString(wallet.id) % 360))
          }}
          className="letter"
        >
          {(wallet.name.trim()[0] ?? '?').toUpperCase()}
        </span>
      )}
    </span>
  )
}
