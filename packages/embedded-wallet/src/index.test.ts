import { expect, test } from 'vitest'
import * as client from './index.js'
import * as protocol from './protocol/index.js'

test('the public API of @portico/embedded-wallet', () => {
  expect(Object.keys(client).sort()).toMatchSnapshot()
})

test('the public API of @portico/embedded-wallet/protocol', () => {
  expect(Object.keys(protocol).sort()).toMatchSnapshot()
})
