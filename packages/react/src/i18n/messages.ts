import type { Notice } from '@portico/core'
import type { en } from './en.js'

/** The locales the modal ships: English is bundled, the others are loaded when selected. */
export type Locale = 'en' | 'de'

/** The name of a text in the catalogue. */
export type MessageKey = keyof typeof en

/** Every text of the modal and ConnectButton, keyed like the English catalogue. */
export type Messages = { readonly [K in MessageKey]: string }

/** The `{…}` names in a template: `'Continue in {name}'` gives `'name'`. */
export type ParamNames<Template extends string> = Template extends `${string}{${infer Name}}${infer Rest}`
  ? Name | ParamNames<Rest>
  : never

// For each `{name}` of a template, the strings that contain it; `Intersect` then asks for all of
// them at once, whatever their order in the translation.
type Holes<Template extends string> = [ParamNames<Template>] extends [never]
  ? string
  : { [Name in ParamNames<Template>]: `${string}{${Name}}${string}` }[ParamNames<Template>]

type Intersect<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Both,
) => void
  ? Both
  : never

/**
 * What a shipped translation must be: every key of the English catalogue, each text keeping every
 * `{name}` its English text has, in any order, so a dropped placeholder is a type error.
 */
export type Catalogue = { readonly [K in MessageKey]: Intersect<Holes<(typeof en)[K]>> & string }

/** The values `t(key, …)` needs for a key: none, or one per `{name}` in its English text. */
export type MessageParams<K extends MessageKey> = [ParamNames<(typeof en)[K]>] extends [never]
  ? []
  : [params: { readonly [Name in ParamNames<(typeof en)[K]>]: string | number }]

/** Looks a text up and fills in its `{name}`s; typed so a missing or misnamed value fails to compile. */
export type Translate = <K extends MessageKey>(key: K, ...params: MessageParams<K>) => string

/**
 * A `t` reading one catalogue, with a site's `overrides` on top. Looked up on each call, so English
 * texts that arrive with the modal's chunk are found by a `t` made before. A `{name}` with no value
 * is left as it is rather than emptied.
 */
export function createTranslate(messages: Messages, overrides?: Partial<Messages>): Translate {
  return (key, ...[params]) => {
    const template = overrides?.[key] ?? messages[key]
    if (!params) return template
    const values: Readonly<Record<string, string | number>> = params
    return template.replace(/\{(\w+)\}/g, (hole, name: string) =>
      name in values ? String(values[name]) : hole,
    )
  }
}

/**
 * The text of a notice core put in state (an alert, a toast, an error) in the shown catalogue.
 * Core's keys are keys of every catalogue (`en` starts from core's `MESSAGES`), so a view never
 * renders core's English or compares it.
 */
export function noticeText(t: Translate, notice: Notice): string {
  const key: MessageKey = notice.key
  const lookUp = t as (key: MessageKey, params?: Readonly<Record<string, string | number>>) => string
  return lookUp(key, notice.params)
}
