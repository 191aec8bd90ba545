import type { DomainEvent } from './domainEvent.js'
import type { Portico } from './portico.js'

/** Hands `event` to the modal layer of the instance. */
export function reportDomainEvent(portico: Portico, event: DomainEvent): void {
  portico.internal.onDomainEvent(event)
}
