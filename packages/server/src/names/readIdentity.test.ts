import { describe, expect, it } from 'vitest'
import { isGatewayAllowed, viemUniversalResolvers } from './readIdentity.js'

describe('CCIP-Read gateways the identity route may call', () => {
  it('refuses plain http, credentials and non-public addresses unless private gateways are allowed', async () => {
    for (const url of [
      'http://gateway.example/{sender}/{data}',
      'https://127.0.0.1/lookup',
      'https://[::1]/lookup',
      'https://169.254.169.254/latest/meta-data',
      'https://10.0.0.7/lookup',
      'https://[::ffff:7f00:1]/lookup',
      'https://user:secret@gateway.example/',
      'https://localhost/lookup',
      'file:///etc/passwd',
      'not a url',
    ]) {
      expect({ url, allowed: await isGatewayAllowed(url, false) }).toEqual({ url, allowed: false })
    }
    expect(await isGatewayAllowed('https://93.184.215.14/lookup', false)).toBe(true)
    expect(await isGatewayAllowed('http://127.0.0.1:8787/gateway/names/{sender}/{data}', true)).toBe(true)
    expect(await isGatewayAllowed('file:///etc/passwd', true)).toBe(false)
  })

  it("defaults to viem's universal resolver on the chains viem knows one for", () => {
    expect(viemUniversalResolvers()['eip155:1']?.toLowerCase()).toBe(
      '0xeeeeeeee14d718c2b47d9923deab1335e144eeee',
    )
    expect(viemUniversalResolvers()['eip155:31337']).toBeUndefined()
  })
})
