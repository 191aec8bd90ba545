import { getAccountTabs } from '../activity/activity.js'
import { fetchActivity, needsFirstActivityPage } from '../activity/fetchActivity.js'
import type { Portico } from '../portico.js'
import type { AccountTab } from '../state.js'

export type SetAccountTabParameters = { tab: AccountTab }
export type SetAccountTabReturnType = undefined

/**
 * Selects a tab of the Account view (SPEC §2: Tokens, NFTs, Activity) for the active account.
 * Only tabs that `getAccountTabs` offers can be selected; opening Activity loads its first page.
 *
 * @example
 * setAccountTab(portico, { tab: 'Activity' })
 */
export function setAccountTab(
  portico: Portico,
  parameters: SetAccountTabParameters,
): SetAccountTabReturnType {
  const namespace = portico.state.modal.activeChain
  const account = namespace ? portico.state.chains[namespace]?.accountState : undefined
  if (!account) return
  if (!getAccountTabs(portico).tabs.includes(parameters.tab)) {
    portico.internal.logger.warn(`setAccountTab: the ${parameters.tab} tab is not offered here`)
    return
  }
  account.currentTab = parameters.tab
  if (parameters.tab === 'Activity' && needsFirstActivityPage(portico)) void fetchActivity(portico)
}
