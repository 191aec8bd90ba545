import type { Portico } from '@portico/core'
import { createContext } from 'react'

/** The instance a `PorticoProvider` hands to everything below it. */
export const PorticoContext = createContext<Portico | undefined>(undefined)
