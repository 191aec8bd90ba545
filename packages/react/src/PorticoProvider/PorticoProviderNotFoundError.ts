import { BaseError } from '@portico/core'

/** A Portico hook or component was rendered outside `<PorticoProvider>`. */
export class PorticoProviderNotFoundError extends BaseError {
  override name = 'PorticoProviderNotFoundError'
  constructor(caller: string) {
    super('Portico components and hooks must be rendered inside <PorticoProvider>.', {
      details: `${caller} found no provider above it.`,
    })
  }
}
