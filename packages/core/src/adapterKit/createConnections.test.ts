import { describe, expect, it, vi } from 'vitest'
import { ConnectorNotFoundError, NotConnectedError } from '../errors/base.js'
import { createConnections, findWallet } from './createConnections.js'

describe('createConnections', () => {
  it('throws NotConnectedError for a connector that is not connected', () => {
    const connections = createConnections<{ unsubscribe: () => void }>('solana')
    expect(() => connections.require('phantom')).toThrow(NotConnectedError)
  })

  it('drops the listeners of a connection it forgets or replaces', () => {
    const connections = createConnections<{ unsubscribe: () => void }>('eip155')
    const first = { unsubscribe: vi.fn() }
    const second = { unsubscribe: vi.fn() }
    connections.set('io.metamask', first)
    connections.set('io.metamask', second)
    expect(first.unsubscribe).toHaveBeenCalledOnce()
    connections.forget('io.metamask')
    expect(second.unsubscribe).toHaveBeenCalledOnce()
    expect(connections.get('io.metamask')).toBeUndefined()
  })

  it('clears every connection', () => {
    const connections = createConnections<{ unsubscribe: () => void }>('eip155')
    const entries = [{ unsubscribe: vi.fn() }, { unsubscribe: vi.fn() }]
    connections.set('a', entries[0]!)
    connections.set('b', entries[1]!)
    connections.clear()
    expect(connections.ids()).toEqual([])
    for (const entry of entries) expect(entry.unsubscribe).toHaveBeenCalledOnce()
  })
})

describe('findWallet', () => {
  it('takes the first source that knows the connector, else ConnectorNotFoundError', () => {
    expect(
      findWallet(
        'a',
        () => undefined,
        (id) => `wallet ${id}`,
      ),
    ).toBe('wallet a')
    expect(() => findWallet('a', () => undefined)).toThrow(ConnectorNotFoundError)
  })
})
