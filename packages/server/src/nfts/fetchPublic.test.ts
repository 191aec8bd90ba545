import { describe, expect, it } from 'vitest'
import { fetchPublic, isPublicAddress, MetadataFetchError } from './fetchPublic.js'

describe('isPublicAddress', () => {
  it('refuses loopback, private, link-local, shared, reserved and mapped forms of them', () => {
    for (const address of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '224.0.0.1',
      '::1',
      '::',
      'fe80::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '64:ff9b::a9fe:a9fe',
      'not-an-ip',
    ]) {
      expect(isPublicAddress(address), address).toBe(false)
    }
  })

  it('accepts public IPv4 and IPv6 addresses', () => {
    for (const address of ['93.184.216.34', '1.1.1.1', '2606:4700:4700::1111', '::ffff:8.8.8.8']) {
      expect(isPublicAddress(address), address).toBe(true)
    }
  })
})

describe('fetchPublic', () => {
  const options = { timeoutMs: 1_000, maxBytes: 1_024, allowPrivate: false }

  it('refuses a private IP literal, a name that resolves to loopback, plain http and credentials without connecting', async () => {
    for (const url of [
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/x.json',
      'https://localhost/x.json',
      'http://example.com/x.json',
      'https://user:secret@example.com/x.json',
      'file:///etc/passwd',
    ]) {
      const error = await fetchPublic(url, options).catch((caught: unknown) => caught)
      expect(error, url).toBeInstanceOf(MetadataFetchError)
      expect((error as MetadataFetchError).permanent, url).toBe(true)
    }
  })
})
