import { type ComponentType, createContext } from 'react'

/**
 * The NFTs tab's component, which the modal hands to the Account view: the tab is a chunk of its
 * own (views/AccountNfts, loaded when the tab is first shown), and a view never imports another
 * view's folder, so the modal, which knows every view, provides it. Undefined outside the modal.
 */
export const AccountNftsSlot = createContext<ComponentType | undefined>(undefined)
