import { accountNameProblem } from '../../api/accountNames.js'
import { hasApiServer } from '../../api/client.js'
import { ApiRequestError } from '../../api/clientErrors.js'
import { UserRejectedRequestError } from '../../errors/base.js'
import { replaceRoute } from '../../modal/replaceRoute.js'
import { addMessages, toUserMessage } from '../../notices/messages.js'
import type { Portico } from '../../portico.js'
import { defineSelector } from '../../selector.js'
import type { NamesState } from '../../state.js'
import { checkAccountName } from '../checkAccountName.js'
import { getAccountNameSuffixes } from '../getAccountNameSuffixes.js'
import { NAMES_MESSAGES } from '../namesMessages.js'
import { hasNamesTarget } from '../namesTarget.js'
import { registerAccountName } from '../registerAccountName.js'

addMessages(NAMES_MESSAGES)

/** How long typing pauses before the availability is asked (the server counts every request). */
export const ACCOUNT_NAME_CHECK_DEBOUNCE_MS = 300

/** The form's state, created on first use. */
export function namesStateOf(portico: Portico): NamesState {
  portico.state.names ??= {
    suffixes: undefined,
    enabled: undefined,
    label: '',
    problem: undefined,
    checking: false,
    available: undefined,
    suggestions: [],
    loading: false,
    error: undefined,
    registered: undefined,
  }
  return portico.state.names
}

const form = /* @__PURE__ */ defineSelector((portico: Portico) => {
  const state = portico.state.names
  return {
    suffix: state?.suffixes?.[0],
    /** Whether the Account view offers a name: the project has a suffix and an EVM account is connected. */
    offered: state?.enabled === true && hasNamesTarget(portico),
    label: state?.label ?? '',
    problem: state?.problem,
    checking: state?.checking ?? false,
    available: state?.available,
    suggestions: state?.suggestions ?? [],
    loading: state?.loading ?? false,
    error: state?.error,
    registered: state?.registered,
    /** Whether Register can be pressed: a valid label the server said is free, nothing under way. */
    canSubmit:
      !!state &&
      state.label.length > 0 &&
      state.problem === undefined &&
      state.available === true &&
      !state.checking &&
      !state.loading,
  }
})
/** The registration form as the views show it (`getAccountNameForm`). */
export type AccountNameFormInfo = ReturnType<typeof form.get>
/** The registration form, as the RegisterAccountName view shows it. */
export const getAccountNameForm = form.get
/** Calls `onChange(form, previous)` when the registration form changes; returns the unsubscribe. */
export const watchAccountNameForm = form.watch

/**
 * Learns the project's suffixes once (`enabled` tells whether the Account view offers names). Never
 * throws: a project without names, or no server, leaves `enabled` false.
 * @example
 * await loadAccountNameSuffixes(portico)
 */
export async function loadAccountNameSuffixes(portico: Portico): Promise<void> {
  const state = namesStateOf(portico)
  if (state.suffixes !== undefined) return
  if (!hasApiServer(portico)) {
    state.enabled = false
    return
  }
  try {
    const { suffixes } = await getAccountNameSuffixes(portico)
    state.suffixes = suffixes
    state.enabled = suffixes.length > 0
  } catch (error) {
    state.enabled = false
    if (!(error instanceof ApiRequestError && error.apiCode === 'NAMES_NOT_CONFIGURED'))
      portico.internal.logger.warn('names: cannot read the suffixes', error)
  }
}

/** Empties the form for a new registration (the view calls it when it opens). */
export function startAccountNameForm(portico: Portico): void {
  const state = namesStateOf(portico)
  clearTimeout(portico.internal.nameCheckTimer)
  Object.assign(state, {
    label: '',
    problem: undefined,
    checking: false,
    available: undefined,
    suggestions: [],
    loading: false,
    error: undefined,
    registered: undefined,
  })
  void loadAccountNameSuffixes(portico)
}

/**
 * Sets the label as the visitor types: checks SPEC §5 at once, and asks the server whether it is
 * free (with suggestions when taken) once typing pauses for 300 ms. A reply for an older label is dropped.
 * @example
 * setAccountNameLabel(portico, 'alice')
 */
export function setAccountNameLabel(portico: Portico, label: string): void {
  const state = namesStateOf(portico)
  const { internal } = portico
  clearTimeout(internal.nameCheckTimer)
  const typed = label.trim().toLowerCase()
  state.label = typed
  state.problem = typed.length === 0 ? undefined : accountNameProblem(typed)
  state.available = undefined
  state.suggestions = []
  state.error = undefined
  state.checking = typed.length > 0 && state.problem === undefined
  if (!state.checking) return
  internal.nameCheckTimer = setTimeout(() => {
    void check(portico, typed)
  }, ACCOUNT_NAME_CHECK_DEBOUNCE_MS)
}

async function check(portico: Portico, label: string): Promise<void> {
  const state = namesStateOf(portico)
  await loadAccountNameSuffixes(portico)
  const suffix = state.suffixes?.[0]
  if (state.label !== label) return
  if (!suffix) {
    state.checking = false
    return
  }
  try {
    const answer = await checkAccountName(portico, { label, suffix })
    if (state.label !== label) return
    state.available = answer.available
    state.suggestions = answer.suggestions
  } catch (error) {
    if (state.label !== label) return
    state.error = { message: { key: 'nameSuggestionsFailed' }, detail: toUserMessage(error) }
  } finally {
    if (state.label === label) state.checking = false
  }
}

/**
 * Registers the typed name (SPEC §4 name registration): the loading flag is set while the wallet
 * signs and the server registers, then RegisterAccountNameSuccess replaces the form. On failure the
 * form stays with 'Error registering name {name}' (SPEC §8) and what the wallet or server said; a
 * name taken meanwhile gets its suggestions. Never throws.
 * @example
 * await submitAccountName(portico)
 */
export async function submitAccountName(portico: Portico): Promise<void> {
  const state = namesStateOf(portico)
  const suffix = state.suffixes?.[0]
  if (!suffix || state.loading || state.problem || !state.label) return
  const label = state.label
  const name = `${label}.${suffix}`
  state.loading = true
  state.error = undefined
  try {
    const registered = await registerAccountName(portico, { label, suffix })
    state.registered = registered
    if (portico.state.router.route.view === 'RegisterAccountName')
      replaceRoute(portico, { view: 'RegisterAccountNameSuccess', params: { name: registered.name } })
  } catch (error) {
    const declined = error instanceof UserRejectedRequestError
    state.error = {
      message: { key: 'nameRegisterFailed', params: { name } },
      detail: declined
        ? { key: 'signatureDeclined' }
        : error instanceof ApiRequestError
          ? { key: 'walletError', params: { message: error.serverMessage } }
          : toUserMessage(error),
    }
    if (error instanceof ApiRequestError && error.apiCode === 'NAME_TAKEN') {
      state.available = false
      try {
        const answer = await checkAccountName(portico, { label, suffix })
        if (state.label === label) state.suggestions = answer.suggestions
      } catch {
        // The failure is already said; suggestions are a bonus.
      }
    }
  } finally {
    state.loading = false
  }
}
