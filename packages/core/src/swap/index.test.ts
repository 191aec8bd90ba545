import { expect, test } from 'vitest'
import * as core from '../index.js'
import * as swap from './index.js'

test('the public API of @portico/core/swap', () => {
  expect(Object.keys(swap).sort()).toMatchSnapshot()
})

test("core's main entry carries no swap code but the support check", () => {
  const names = Object.keys(core).filter((name) => /swap/i.test(name))
  expect(names).toEqual(['checkSwapSupport'])
})
