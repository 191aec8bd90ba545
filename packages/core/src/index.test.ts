import { expect, test } from 'vitest'
import * as core from './index.js'

test('the public API of @portico/core', () => {
  expect(Object.keys(core).sort()).toMatchSnapshot()
})
