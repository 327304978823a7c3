import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "~/lib/env.server";
import { getAuthSecret } from "~/lib/secrets.server";

/**
 * The newsletter's one-click unsubscribe links (RFC 2369 + RFC 8058): signed with the auth
 * secret over the consent id, so they work without signing in and cannot be made up.
 */

function unsubscribeSignature(consentId: string) {
  return createHmac("sha256", getAuthSecret()).update(`newsletter-unsubscribe:${consentId}`).digest("base64url");
}

/** The link of the one-click unsubscribe (RFC 8058): POST unsubscribes, GET shows a page with a button. */
export function unsubscribeUrl(consentId: string) {
  return `${getEnv().PUBLIC_URL}/newsletter/unsubscribe?c=${consentId}&s=${unsubscribeSignature(consentId)}`;
}

export function isValidUnsubscribeLink(consentId: string, signature: string) {
  if (!/^[0-9a-f-]{36}$/i.test(consentId) || signature.length > 100) return false;
  const expected = Buffer.from(unsubscribeSignature(consentId));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** The headers every newsletter mail carries (RFC 2369 + RFC 8058 one-click). */
export function newsletterHeaders(consentId: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(consentId)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
