import { expect, test } from 'vitest'
import { BaseError } from '../errors/base.js'
import { InvalidNameError, NameNotResolvedError, NamesUnavailableError } from './namesErrors.js'

test('each names error has its own name and sentence, with the text as details', () => {
  const cause = new Error('cannot normalise')
  const errors = [
    new InvalidNameError('bad..eth', { cause }),
    new NameNotResolvedError('nobody.eth'),
    new NamesUnavailableError('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'),
  ]
  expect(errors.map((error) => [error.name, error.shortMessage, error.details, error.text])).toEqual([
    ['InvalidNameError', 'This is not a valid name.', 'bad..eth', 'bad..eth'],
    ['NameNotResolvedError', 'The name resolves to no address.', 'nobody.eth', 'nobody.eth'],
    [
      'NamesUnavailableError',
      'Names cannot be read on this network.',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    ],
  ])
  expect(errors[0]?.cause).toBe(cause)
  expect(errors[0]?.message).toBe('This is not a valid name.\n\nDetails: bad..eth')
  expect((errors[2] as NamesUnavailableError).caipNetworkId).toBe('solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp')
  for (const error of errors) expect(error).toBeInstanceOf(BaseError)
  expect(errors[1]).not.toBeInstanceOf(InvalidNameError)
})
