import { enFirst } from './enFirst.js'
import { enGetWallet } from './enGetWallet.js'
import { enLegal } from './enLegal.js'
import { enModal } from './enModal.js'
import { enNames } from './enNames.js'
import { enSocial } from './enSocial.js'

// Every text the React package shows or announces, in English: the texts the page needs before
// the modal opens (`enFirst`), the modal's own (`enModal`), which load with the modal's frame, and
// those of one view or part (`enLegal`, `enGetWallet`, `enSocial`, `enNames`), which load with its code.
// Other locales are loaded on demand and must have every key (see `Messages`). A `{name}` in a
// text is filled in by `t('key', { name })`. Its type names the keys; at run time the page reads
// `english`, which holds what has loaded so far.

export const en = { ...enFirst, ...enModal, ...enLegal, ...enGetWallet, ...enSocial, ...enNames } as const
