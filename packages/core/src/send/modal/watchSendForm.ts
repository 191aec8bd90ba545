// The send form's own rules while it is on screen (SPEC §2 WalletSend, WalletSendSelectToken,
// WalletSendPreview): balances read when it opens, the first token chosen, the fee estimated again
// after typing pauses. Core runs them from the router, so no view has to. The UI that renders the
// send views starts it (`startSendForm`) rather than `createPortico`, so a site that only connects
// never loads the send code.

import type { TokenBalance } from '../../api/schemas.js'
import { refreshTokenBalances } from '../../balances/refreshTokenBalances.js'
import type { View } from '../../modal/routes.js'
import { runOnEveryChange } from '../../modal/runOnEveryChange.js'
import type { Portico } from '../../portico.js'
import { isNativeToken } from '../amounts.js'
import { setSendToken } from '../setSendToken.js'
import { estimateFormFee } from './estimateFormFee.js'

/** How long typing pauses before the network fee is estimated again. */
export const FEE_ESTIMATE_DEBOUNCE_MS = 400

/** The views of the send form; the flow runs while one of them is on screen. */
const FORM_VIEWS: ReadonlySet<View> = new Set<View>([
  'WalletSend',
  'WalletSendSelectToken',
  'WalletSendPreview',
])

/**
 * The token the form starts on: the network's own currency, else the first token the account
 * holds on the active network; undefined until the balances are known.
 */
export function getFirstSendToken(portico: Portico): TokenBalance | undefined {
  const { state } = portico
  const namespace = state.modal.activeChain
  const chain = namespace ? state.chains[namespace] : undefined
  if (chain?.accountState.status !== 'connected') return undefined
  const network = chain.networkState.caipNetwork
  const tokens = chain.accountState.tokenBalance.filter((token) => token.chainId === network?.caipNetworkId)
  return tokens.find(isNativeToken) ?? tokens[0]
}

/**
 * Runs the send form's flow on this instance from now on (see `watchSendForm`). A UI that renders
 * the send views calls it when one of them first shows; later calls do nothing, and `destroy`
 * stops it.
 *
 * @example
 * useEffect(() => startSendForm(portico), [portico])
 */
export function startSendForm(portico: Portico): void {
  const { internal } = portico
  if (internal.stopSendForm) return
  const stop = watchSendForm(portico)
  internal.stopSendForm = stop
  internal.cleanups.push(() => {
    stop()
    internal.stopSendForm = undefined
  })
}

/**
 * Runs the send form's flow while one of its views is on screen: when it opens, the token
 * balances are read (caches honoured); while no token is chosen, the first one is
 * (`getFirstSendToken`); each change of token, amount or receiver drops the estimate in flight
 * and estimates the fee again `FEE_ESTIMATE_DEBOUNCE_MS` after the last one. Leaving the views or
 * closing the modal pauses it and drops what is pending. Returns the unsubscribe.
 */
export function watchSendForm(portico: Portico): () => void {
  const { state, internal } = portico
  let active = false
  let feeKey: string | undefined
  let timer: ReturnType<typeof setTimeout> | undefined

  const dropEstimate = () => {
    clearTimeout(timer)
    timer = undefined
    // An estimate still in flight is for what the form no longer says: its answer is dropped.
    internal.sendFeeRequest++
    if (state.send.feeLoading) state.send.feeLoading = false
  }

  const step = () => {
    const onScreen = state.modal.open && FORM_VIEWS.has(state.router.route.view)
    if (!onScreen) {
      if (!active) return
      active = false
      feeKey = undefined
      dropEstimate()
      return
    }
    if (!active) {
      active = true
      // The balances may be older than the modal; reading them honours the caches.
      void refreshTokenBalances(portico)
    }
    const { send } = state
    if (!send.token) {
      const first = getFirstSendToken(portico)
      // Choosing it changes the form, which runs this again with the token set.
      if (first) return setSendToken(portico, { token: first })
    }
    const token = send.token
    const key = token
      ? [token.chainId, token.address ?? '', send.sendTokenAmount, send.receiverAddress].join('|')
      : undefined
    if (key === feeKey) return
    feeKey = key
    dropEstimate()
    if (key === undefined) return
    timer = setTimeout(() => {
      timer = undefined
      void estimateFormFee(portico)
    }, FEE_ESTIMATE_DEBOUNCE_MS)
  }

  const unsubscribe = runOnEveryChange(state, step)
  return () => {
    unsubscribe()
    clearTimeout(timer)
  }
}
