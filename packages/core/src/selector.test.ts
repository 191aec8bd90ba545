// @vitest-environment happy-dom
import { subscribe } from 'valtio/vanilla'
import { describe, expect, test, vi } from 'vitest'
import { getAccount, watchAccount } from './connection/account.js'
import { connect } from './connection/connect.js'
import * as core from './index.js'
import { initialize } from './initialize.js'
import { openModal } from './modal/openModal.js'
import { setTheme } from './modal/setTheme.js'
import type { ChainNamespace } from './network/types.js'
import { showToast } from './notices/showToast.js'
import type { Portico } from './portico.js'
import { defineSelector, equal, selectorOf } from './selector.js'
import { flush, setup } from './testing/fakeAdapter.testkit.js'

const themeMode = /* @__PURE__ */ defineSelector((portico: Portico) => portico.state.theme.themeMode)

describe('watchX', () => {
  test('calls onChange with the new value and the one before it', async () => {
    const { portico } = await setup()
    const onChange = vi.fn()
    watchAccount(portico, { onChange })
    const before = getAccount(portico)
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    await flush()
    const calls = onChange.mock.calls as [core.AccountInfo, core.AccountInfo][]
    expect(calls.length).toBeGreaterThan(0)
    // Each call starts where the one before ended: no change is skipped or told twice.
    expect(calls[0]?.[1]).toBe(before)
    for (let i = 1; i < calls.length; i++) expect(calls[i]?.[1]).toBe(calls[i - 1]?.[0])
    expect(calls.at(-1)?.[0]).toBe(getAccount(portico))
    const [value, previous] = calls.find(([value]) => value.isConnected)!
    expect(value.address).toBeDefined()
    expect(previous.isConnected).toBe(false)
  })

  test('is not called when only other areas of the state change', async () => {
    const { portico } = await setup()
    const onChange = vi.fn()
    core.watchTheme(portico, { onChange })
    openModal(portico)
    showToast(portico, { message: { key: 'transactionStarted' } as core.Notice, variant: 'loading' })
    await flush()
    expect(onChange).not.toHaveBeenCalled()
    const previous = core.getTheme(portico)
    setTheme(portico, { themeMode: previous.themeMode === 'dark' ? 'light' : 'dark' })
    await flush()
    expect(onChange).toHaveBeenCalledExactlyOnceWith(core.getTheme(portico), previous)
  })

  test('is not called, and the read keeps its identity, when an area it reads changes but its value does not', async () => {
    const { portico } = await setup()
    const account = getAccount(portico)
    const onAccount = vi.fn()
    const onMode = vi.fn()
    watchAccount(portico, { onChange: onAccount })
    themeMode.watch(portico, { onChange: onMode })
    // The account read looks at the modal (its active namespace); opening the modal changes neither.
    openModal(portico)
    setTheme(portico, { themeVariables: { accent: '#123456' } })
    await flush()
    expect(onAccount).not.toHaveBeenCalled()
    expect(onMode).not.toHaveBeenCalled()
    expect(getAccount(portico)).toBe(account)
  })

  test('stops calling once unsubscribed', async () => {
    const { portico } = await setup()
    const onChange = vi.fn()
    const stop = themeMode.watch(portico, { onChange })
    setTheme(portico, { themeMode: 'light' })
    await flush()
    expect(onChange).toHaveBeenCalledExactlyOnceWith('light', 'dark')
    stop()
    setTheme(portico, { themeMode: 'dark' })
    await flush()
    expect(onChange).toHaveBeenCalledTimes(1)
  })

  test('calls once for several changes made together, with the value before all of them', async () => {
    const { portico } = await setup()
    const onChange = vi.fn()
    themeMode.watch(portico, { onChange })
    setTheme(portico, { themeMode: 'light' })
    setTheme(portico, { themeMode: 'dark' })
    setTheme(portico, { themeMode: 'light' })
    await flush()
    expect(onChange).toHaveBeenCalledExactlyOnceWith('light', 'dark')
  })

  test('takes the read’s own arguments after its parameters, and watches what they select', async () => {
    const { portico } = await setup()
    const status = /* @__PURE__ */ defineSelector(
      (portico: Portico, namespace: ChainNamespace) => portico.state.chains[namespace]?.accountState.status,
    )
    const onEvm = vi.fn()
    const onSolana = vi.fn()
    status.watch(portico, { onChange: onEvm }, 'eip155')
    status.watch(portico, { onChange: onSolana }, 'solana')
    await initialize(portico)
    await connect(portico, { connectorId: 'io.metamask' })
    await flush()
    expect(onEvm).toHaveBeenLastCalledWith('connected', expect.anything())
    expect(onSolana).not.toHaveBeenCalled()
    expect(status.get(portico, 'eip155')).toBe('connected')
    expect(status.get(portico, 'solana')).toBeUndefined()
  })
})

describe('defineSelector', () => {
  test('what a selector reads through another selector counts as read', async () => {
    const { portico } = await setup()
    const label = /* @__PURE__ */ defineSelector((portico: Portico) => `mode: ${themeMode.get(portico)}`)
    const onChange = vi.fn()
    label.watch(portico, { onChange })
    setTheme(portico, { themeMode: 'light' })
    await flush()
    expect(onChange).toHaveBeenCalledExactlyOnceWith('mode: light', 'mode: dark')
  })

  test('computes again only after something it read changed', async () => {
    const { portico } = await setup()
    const read = vi.fn((portico: Portico) => ({ mode: portico.state.theme.themeMode }))
    const mode = /* @__PURE__ */ defineSelector(read)
    const first = mode.get(portico)
    openModal(portico)
    expect(mode.get(portico)).toBe(first)
    expect(read).toHaveBeenCalledTimes(1)
    setTheme(portico, { themeVariables: { accent: '#123456' } })
    // Read again, found equal: the same object.
    expect(mode.get(portico)).toBe(first)
    expect(read).toHaveBeenCalledTimes(2)
    setTheme(portico, { themeMode: 'light' })
    expect(mode.get(portico)).toEqual({ mode: 'light' })
  })

  test('keeps one value per instance', async () => {
    const one = await setup()
    const two = await setup()
    setTheme(two.portico, { themeMode: 'light' })
    expect(themeMode.get(one.portico)).toBe('dark')
    expect(themeMode.get(two.portico)).toBe('light')
  })

  test('a read cannot write the state', async () => {
    const { portico } = await setup()
    const writes = /* @__PURE__ */ defineSelector((portico: Portico) => {
      portico.state.modal.open = true
      return true
    })
    expect(() => writes.get(portico)).toThrow(TypeError)
    expect(portico.state.modal.open).toBe(false)
  })
})

describe('the public entry', () => {
  test('every watchX comes from a selector, whose getX is public too', () => {
    const exported = Object.entries(core)
    const watchers = exported.filter(([name]) => /^watch[A-Z]/.test(name))
    expect(watchers.length).toBeGreaterThanOrEqual(20)
    const reads = new Set<unknown>(
      exported.filter(([name]) => /^get[A-Z]/.test(name)).map(([, value]) => value),
    )
    for (const [name, watch] of watchers) {
      const selector = selectorOf(watch)
      expect(selector, `${name} is written by hand: declare it with defineSelector`).toBeDefined()
      expect(reads.has(selector?.get), `${name}'s read is not a public getX`).toBe(true)
    }
  })

  test('a watcher written by hand is told apart', () => {
    const watchByHand = (portico: Portico, parameters: { onChange: () => void }) =>
      subscribe(portico.state.theme, parameters.onChange)
    expect(selectorOf(watchByHand)).toBeUndefined()
    expect(selectorOf(themeMode.get)).toBeUndefined()
    expect(selectorOf(themeMode.watch)).toBe(themeMode)
  })
})

describe('equal', () => {
  test.each([
    [{ a: [1, { b: 2n }], c: undefined }, { a: [1, { b: 2n }], c: undefined }, true],
    [[], [], true],
    [Number.NaN, Number.NaN, true],
    [{ a: 1 }, { a: 1, b: undefined }, false],
    [{ a: undefined }, { b: undefined }, false],
    [[1, 2], [2, 1], false],
    [[1], { 0: 1 }, false],
    [{ a: null }, { a: {} }, false],
    [new Map([[1, 1]]), new Map([[1, 1]]), false],
    [new Error('x'), new Error('x'), false],
  ])('%o and %o: %s', (a, b, expected) => {
    expect(equal(a, b)).toBe(expected)
    expect(equal(b, a)).toBe(expected)
  })
})
