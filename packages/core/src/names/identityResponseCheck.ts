import { nullable, object, parser, type SafeParser, stringWhere } from '../valueCheck.js'

/** The Portico server's `/v1/identity/{address}` answer: the checked primary name and its raw avatar record. */
export interface IdentityResponse {
  name: string | null
  avatar: string | null
}

// A name is at most 255 characters; an avatar record may be a data: URI, bounded by what the
// server passes on (its limit is the same 512 KiB of image, base64-encoded, plus the prefix).
const name = stringWhere((value) => value.length > 0 && value.length <= 255 && !/\s/.test(value))
const avatar = stringWhere((value) => value.length > 0 && value.length <= 720_000)

/** Checks the identity route's answer by hand, so the identity code downloads no zod. */
export const identityResponseCheck: SafeParser<IdentityResponse> = parser(
  object({ name: nullable(name), avatar: nullable(avatar) }),
)
