import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { ModalState, ThemeState } from '../state.js'
import type { Route } from './routes.js'

const modal = /* @__PURE__ */ defineSelector((portico: Portico): Readonly<ModalState> => portico.state.modal)
/** The modal's open, loading, shake and active-namespace state. */
export const getModal = modal.get
/** Calls `onChange(modal, previous)` when the modal's state changes; returns the unsubscribe. */
export const watchModal = modal.watch

const router = /* @__PURE__ */ defineSelector(
  (portico: Portico): { readonly route: Route; readonly history: readonly Route[] } =>
    portico.state.router as { route: Route; history: readonly Route[] },
)
/** The current view with its parameters, and the history behind it. */
export const getRouter = router.get
/** Calls `onChange(router, previous)` when the view or its history changes; returns the unsubscribe. */
export const watchRouter = router.watch

const theme = /* @__PURE__ */ defineSelector((portico: Portico): Readonly<ThemeState> => portico.state.theme)
/** Theme mode and variables. */
export const getTheme = theme.get
/** Calls `onChange(theme, previous)` when the theme changes; returns the unsubscribe. */
export const watchTheme = theme.watch
