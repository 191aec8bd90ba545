import { expect, it } from 'vitest'
import * as server from './index.js'

it('exports the public API by name', () => {
  expect(Object.keys(server).sort()).toMatchSnapshot()
})
