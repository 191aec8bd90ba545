/**
 * The wallet registry's answer, checked by hand (see `valueCheck.ts`) with the rules of the zod
 * schema the server serves it with (`api/walletRegistrySchemas.ts`); `walletRegistryCheck.test.ts`
 * holds the two to the same answers. Loaded only once the modal lists the registry.
 */
import { isSafeImageUrl } from '../format/safeImageUrl.js'
import { CHAIN_NAMESPACES } from '../network/caip.js'
import { arrayOf, object, oneOf, parser, stringWhere, type ValueCheck } from '../valueCheck.js'
import type { RegistryWallet } from '../walletConnect/types.js'
import { isWalletNativeLink, isWalletUniversalLink } from '../walletConnect/walletLink.js'
import { isHttpsPage } from './isHttpsPage.js'

const walletId = stringWhere((value) => /^[A-Za-z0-9][A-Za-z0-9._-]{0,99}$/.test(value))
const httpsUrl = stringWhere((value) => value.length <= 2048 && isWalletUniversalLink(value))
const links = object(
  {},
  { native: stringWhere((value) => value.length <= 512 && isWalletNativeLink(value)), universal: httpsUrl },
)

const installUrl = stringWhere((value) => isHttpsPage(value))
const install = object(
  {},
  {
    chrome: installUrl,
    firefox: installUrl,
    edge: installUrl,
    safari: installUrl,
    ios: installUrl,
    android: installUrl,
  },
)

const registryWallet = object(
  {
    id: walletId,
    name: stringWhere((value) => value.length >= 1 && value.length <= 80),
    namespaces: arrayOf(oneOf(CHAIN_NAMESPACES), Number.POSITIVE_INFINITY, 1),
  },
  {
    // Large enough for a small inline SVG or PNG, small enough that one entry cannot bloat the list.
    imageUrl: stringWhere((value) => value.length <= 65_536 && isSafeImageUrl(value)),
    rdns: walletId,
    mobile: links,
    desktop: links,
    homepage: httpsUrl,
    install,
  },
)

// An absent field is left out, never set to undefined, which is what `RegistryWallet` asks.
export const walletRegistryResponseCheck = parser(
  object({ wallets: arrayOf(registryWallet, 5000) }) as ValueCheck<{ wallets: RegistryWallet[] }>,
)
