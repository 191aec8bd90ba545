import type { Portico } from '../portico.js'
import { socialLoginState } from './socialLoginState.js'

/**
 * Shows a Farcaster account's picture in Account once it passed the avatar checks any name's avatar
 * passes (`avatarImage`: https, ipfs through the site's gateway or data, a real image within the
 * size limit, handed over as a data: URL). The record comes from the relay through the server, or
 * back from storage after a reload, where any script of the page could have written it: neither is
 * shown unchecked. The names code loads only here, after a Farcaster login.
 */
export async function showSocialImage(portico: Portico, record: string | undefined): Promise<void> {
  const login = socialLoginState(portico)
  login.accountImage = undefined
  if (!record) return
  const { avatarImage } = await import('../names/namesCache.js')
  const image = await avatarImage(portico, record)
  // A login or a disconnect meanwhile made the picture another account's.
  if (portico.internal.storage.get('socialImage') !== record) return
  login.accountImage = image
}

/** Keeps a Farcaster picture with the username (SPEC §3 social username): gone on disconnect with it. */
export function keepSocialImage(portico: Portico, record: string | undefined): void {
  if (record) portico.internal.storage.set('socialImage', record)
  else portico.internal.storage.remove('socialImage')
  void showSocialImage(portico, record)
}
