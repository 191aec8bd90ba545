import { describe, expect, test } from 'vitest'
import { avatarSource, checkIpfsGateway } from './avatarSource.js'

const gateway = { ipfsGateway: 'https://ipfs.example/ipfs/' }
const CID = 'bafybeigdyrzt5sfp7udm7hu76uh7y26nf3efuylqabf3oclgtqy55fbzdi'

describe('avatarSource', () => {
  test('takes https URLs as they are', () => {
    expect(avatarSource('https://avatars.example/a.png', gateway)).toEqual({
      kind: 'fetch',
      url: 'https://avatars.example/a.png',
    })
  })

  test('sends ipfs:// through the gateway the site configured, and nowhere without one', () => {
    expect(avatarSource(`ipfs://${CID}/avatar.png`, gateway)).toEqual({
      kind: 'fetch',
      url: `https://ipfs.example/ipfs/${CID}/avatar.png`,
    })
    expect(avatarSource(`ipfs://ipfs/${CID}`, gateway)?.url).toBe(`https://ipfs.example/ipfs/${CID}`)
    expect(avatarSource(`ipfs://${CID}`, { ipfsGateway: undefined })).toBeUndefined()
  })

  test('refuses ipfs paths that climb out of the gateway or carry a query', () => {
    expect(avatarSource(`ipfs://${CID}/../../admin`, gateway)).toBeUndefined()
    expect(avatarSource(`ipfs://${CID}/a.png?x=1`, gateway)).toBeUndefined()
    expect(avatarSource('ipfs://not/a/cid', gateway)).toBeUndefined()
  })

  test('keeps data: images of the raster types only', () => {
    expect(avatarSource('data:image/png;base64,iVBORw0KGgo=', gateway)?.kind).toBe('data')
    expect(avatarSource('data:image/svg+xml;base64,PHN2Zz4=', gateway)).toBeUndefined()
    expect(avatarSource('data:text/html;base64,PGgxPg==', gateway)).toBeUndefined()
    expect(avatarSource('data:image/png,<svg>', gateway)).toBeUndefined()
  })

  test('refuses other schemes, credentials, local hosts and NFT avatars', () => {
    for (const record of [
      'http://avatars.example/a.png',
      'javascript:alert(1)',
      'https://user:pass@avatars.example/a.png',
      'https://localhost/a.png',
      'https://127.0.0.1/a.png',
      'https://192.168.1.1/a.png',
      'https://10.0.0.8/a.png',
      'https://[::1]/a.png',
      'eip155:1/erc721:0xb47e3cd837dDF8e4c57F05d70Ab865de6e193BBB/1',
      `https://avatars.example/${'a'.repeat(2100)}`,
      'not a url',
    ])
      expect(avatarSource(record, gateway), record).toBeUndefined()
  })
})

describe('checkIpfsGateway', () => {
  test('accepts https, and http on this machine, with a trailing slash', () => {
    expect(checkIpfsGateway('https://ipfs.example/ipfs')).toBe('https://ipfs.example/ipfs/')
    expect(checkIpfsGateway('http://localhost:4173/ipfs/')).toBe('http://localhost:4173/ipfs/')
    expect(checkIpfsGateway(undefined)).toBeUndefined()
  })

  test('refuses http elsewhere, queries and text that is not a URL', () => {
    expect(() => checkIpfsGateway('http://ipfs.example/ipfs/')).toThrow(TypeError)
    expect(() => checkIpfsGateway('https://ipfs.example/ipfs/?token=1')).toThrow(TypeError)
    expect(() => checkIpfsGateway('ipfs.example')).toThrow(TypeError)
  })
})
