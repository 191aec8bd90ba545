import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { askGateways, isGatewayAllowed, viemUniversalResolvers } from './readIdentity.js'

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

describe('asking a CCIP-Read gateway', () => {
  const SENDER = '0x1111111111111111111111111111111111111111'
  const DATA = '0xabcdef'
  let servers: Server[] = []
  afterEach(async () => {
    await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))))
    servers = []
  })
  async function serve(handler: (request: IncomingMessage, response: ServerResponse) => void) {
    const server = createServer(handler)
    servers.push(server)
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  }

  it('answers the hex data of a POST or a GET gateway', async () => {
    const posted = await serve((request, response) => {
      let body = ''
      request.on('data', (chunk) => {
        body += chunk
      })
      request.on('end', () => {
        expect(JSON.parse(body)).toEqual({ data: DATA, sender: SENDER })
        response.setHeader('content-type', 'application/json')
        response.end(JSON.stringify({ data: '0x1234' }))
      })
    })
    expect(await askGateways({ data: DATA, sender: SENDER, urls: [`${posted}/lookup`] }, 2_000)).toBe(
      '0x1234',
    )
    const got = await serve((request, response) => {
      expect(request.url).toBe(`/${SENDER}/${DATA}.json`)
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ data: '0x5678' }))
    })
    expect(
      await askGateways({ data: DATA, sender: SENDER, urls: [`${got}/{sender}/{data}.json`] }, 2_000),
    ).toBe('0x5678')
  })

  it('never follows a redirect, which could lead the server into its own network, and tries the next gateway', async () => {
    let reachedInside = false
    const inside = await serve((_, response) => {
      reachedInside = true
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ data: '0xbad0' }))
    })
    const redirecting = await serve((_, response) => {
      response.writeHead(307, { location: `${inside}/admin` })
      response.end()
    })
    await expect(
      askGateways({ data: DATA, sender: SENDER, urls: [`${redirecting}/lookup`] }, 2_000),
    ).rejects.toThrow(/answered 307/)
    expect(reachedInside).toBe(false)
    const honest = await serve((_, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ data: '0x0c0c' }))
    })
    expect(
      await askGateways(
        { data: DATA, sender: SENDER, urls: [`${redirecting}/lookup`, `${honest}/lookup`] },
        2_000,
      ),
    ).toBe('0x0c0c')
  })

  it('refuses an answer past 64 KiB and one that is not hex', async () => {
    const huge = await serve((_, response) => {
      response.setHeader('content-type', 'application/json')
      response.end(JSON.stringify({ data: `0x${'00'.repeat(40_000)}` }))
    })
    await expect(
      askGateways({ data: DATA, sender: SENDER, urls: [`${huge}/lookup`] }, 2_000),
    ).rejects.toThrow(/too much/)
    const text = await serve((_, response) => {
      response.end('<html>hello</html>')
    })
    await expect(
      askGateways({ data: DATA, sender: SENDER, urls: [`${text}/lookup`] }, 2_000),
    ).rejects.toThrow(/no hex data/)
  })
})
