import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { AvatarRefusedError, loadAvatarImage, sniffImageType } from './loadAvatarImage.js'

// The first bytes of each type, and enough after them to be a body.
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(64).fill(7)])
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...new Array(64).fill(1)])
const HTML = new TextEncoder().encode('<html><script>alert(1)</script></html>')
const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`

describe('loadAvatarImage', () => {
  let server: Server
  let base: string
  beforeAll(async () => {
    server = createServer((request, response) => {
      const send = (type: string, body: Uint8Array, length = true) => {
        response.setHeader('content-type', type)
        if (length) response.setHeader('content-length', body.length)
        response.end(body)
      }
      if (request.url === '/a.png') return send('image/png', PNG)
      if (request.url === '/photo') return send('image/jpeg', JPEG)
      if (request.url === '/page.png') return send('image/png', HTML)
      if (request.url === '/labelled-gif') return send('image/gif', PNG)
      if (request.url === '/big.png')
        return send('image/png', new Uint8Array([...PNG, ...new Uint8Array(4096)]))
      if (request.url === '/big-unannounced.png')
        return send('image/png', new Uint8Array([...PNG, ...new Uint8Array(4096)]), false)
      response.statusCode = 404
      response.end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise((resolve) => server.close(resolve)))

  const fetched = (path: string, maxBytes = 1024) =>
    loadAvatarImage({ kind: 'fetch', url: `${base}${path}` }, { maxBytes })
  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(AvatarRefusedError)
    return (error as AvatarRefusedError).reason
  }

  test('gives a fetched image back as a data: URL of the type its bytes say', async () => {
    expect(await fetched('/a.png')).toBe(dataUrl('image/png', PNG))
    expect(await fetched('/photo')).toBe(dataUrl('image/jpeg', JPEG))
  })

  test('refuses a page labelled as an image, and an image labelled as another type', async () => {
    expect(await refusal(fetched('/page.png'))).toBe('notAnImage')
    expect(await refusal(fetched('/labelled-gif'))).toBe('notAnImage')
  })

  test('refuses an image over the size limit, announced or not', async () => {
    expect(await refusal(fetched('/big.png'))).toBe('tooLarge')
    expect(await refusal(fetched('/big-unannounced.png'))).toBe('tooLarge')
    expect(await fetched('/big.png', 10_000)).toMatch(/^data:image\/png;base64,/)
  })

  test('refuses what cannot be fetched', async () => {
    expect(await refusal(fetched('/missing.png'))).toBe('unreachable')
    expect(await refusal(loadAvatarImage({ kind: 'fetch', url: 'http://127.0.0.1:1/a.png' }))).toBe(
      'unreachable',
    )
  })

  test('checks data: images by their bytes and size', async () => {
    const png = dataUrl('image/png', PNG)
    expect(await loadAvatarImage({ kind: 'data', url: png })).toBe(png)
    expect(await refusal(loadAvatarImage({ kind: 'data', url: dataUrl('image/png', HTML) }))).toBe(
      'notAnImage',
    )
    expect(await refusal(loadAvatarImage({ kind: 'data', url: dataUrl('image/jpeg', PNG) }))).toBe(
      'notAnImage',
    )
    expect(await refusal(loadAvatarImage({ kind: 'data', url: png }, { maxBytes: 16 }))).toBe('tooLarge')
  })

  test('knows the raster types by their first bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png')
    expect(sniffImageType(new TextEncoder().encode('GIF89a...'))).toBe('image/gif')
    expect(sniffImageType(new TextEncoder().encode('RIFF1234WEBPVP8 '))).toBe('image/webp')
    expect(
      sniffImageType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')),
    ).toBeUndefined()
  })
})
