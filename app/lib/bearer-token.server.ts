import { createHash, timingSafeEqual } from "node:crypto";

/** RFC 6750's `Authorization: Bearer <token>` (b64token). */
const BEARER = /^Bearer +([A-Za-z0-9._~+/-]+=*) *$/i;

function digest(value: string) {
  return createHash("sha256").update(value).digest();
}

/**
 * Whether the Authorization header carries the configured token, compared in constant time (of the
 * digests, so the length of the token is not told either). No token configured: never.
 */
export function carriesBearerToken(authorization: string | null | undefined, token: string | undefined) {
  if (!token || typeof authorization !== "string") return false;
  const given = BEARER.exec(authorization)?.[1];
  return given !== undefined && timingSafeEqual(digest(given), digest(token));
}
