import type { Portico } from '../portico.js'
import { defineSelector } from '../selector.js'
import type { Alert, Toast } from '../state.js'

const alert = /* @__PURE__ */ defineSelector(
  (portico: Portico): Readonly<Alert> | undefined => portico.state.alert.current,
)
/** The alert banner shown now, if any. */
export const getAlert = alert.get
/** Calls `onChange(alert, previous)` when the alert shown changes; returns the unsubscribe. */
export const watchAlert = alert.watch

const toast = /* @__PURE__ */ defineSelector(
  (portico: Portico): Readonly<Toast> | undefined => portico.state.toast.current,
)
/** The toast shown now, if any. */
export const getToast = toast.get
/** Calls `onChange(toast, previous)` when the toast shown changes; returns the unsubscribe. */
export const watchToast = toast.watch
