import { getAlert, getToast, watchAlert, watchToast } from '@portico/core'
import { usePorticoRead } from './usePorticoRead.js'

/** The alert banner shown now, if any. */
export const useAlert = () => usePorticoRead(getAlert, watchAlert)

/** The toast shown now, if any. */
export const useToast = () => usePorticoRead(getToast, watchToast)
