import { afterEach, describe, expect, test } from 'vitest'
import { createParentChannel, isOriginAllowed, type ParentChannel } from './parentChannel.js'

function makeParent() {
  const posted: { message: unknown; origin: string }[] = []
  return { posted, postMessage: (message: unknown, origin: string) => posted.push({ message, origin }) }
}

function deliver(data: unknown, origin: string, source: unknown): void {
  window.dispatchEvent(new MessageEvent('message', { data, origin, source: source as MessageEventSource }))
}

let channel: ParentChannel | undefined
afterEach(() => channel?.close())

describe('createParentChannel', () => {
  test('accepts messages only from the parent window on an allowed site, and pins that site for replies', () => {
    const parent = makeParent()
    const received: unknown[] = []
    channel = createParentChannel({
      self: window,
      parent,
      allowedOrigins: ['https://shop.test', 'https://blog.test'],
      onMessage: (data) => received.push(data),
    })
    deliver('from an unknown site', 'https://evil.test', parent)
    deliver('from another window', 'https://shop.test', {})
    expect(received).toEqual([])
    channel.post('too early')
    expect(parent.posted).toEqual([])

    deliver('hello', 'https://shop.test', parent)
    expect(received).toEqual(['hello'])
    expect(channel.parentOrigin()).toBe('https://shop.test')
    channel.post('reply')
    expect(parent.posted).toEqual([{ message: 'reply', origin: 'https://shop.test' }])

    // Another allowed site is refused once the frame talks to the first one.
    deliver('switch', 'https://blog.test', parent)
    expect(received).toEqual(['hello'])
  })

  test('announces FRAME_READY to the hinted parent origin when the browser tells it', () => {
    const parent = makeParent()
    channel = createParentChannel({
      self: window,
      parent,
      allowedOrigins: ['https://shop.test', 'https://blog.test'],
      parentOriginHint: 'https://blog.test',
      onMessage: () => undefined,
    })
    channel.announce('ready')
    expect(parent.posted).toEqual([{ message: 'ready', origin: 'https://blog.test' }])
  })

  test('without a usable hint, announces to each allowed site so only the real parent receives it', () => {
    const parent = makeParent()
    channel = createParentChannel({
      self: window,
      parent,
      allowedOrigins: ['https://shop.test', 'https://blog.test'],
      parentOriginHint: 'https://evil.test',
      onMessage: () => undefined,
    })
    expect(channel.parentOrigin()).toBeUndefined()
    channel.announce('ready')
    expect(parent.posted.map((entry) => entry.origin)).toEqual(['https://shop.test', 'https://blog.test'])
  })
})

describe('isOriginAllowed', () => {
  test('matches exact origins or the * wildcard', () => {
    expect(isOriginAllowed(['https://a.test'], 'https://a.test')).toBe(true)
    expect(isOriginAllowed(['https://a.test'], 'https://a.test.evil.test')).toBe(false)
    expect(isOriginAllowed(['*'], 'https://any.test')).toBe(true)
  })
})
