import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { launchNotifications } from "~/db/schema";
import { db } from "~/lib/db.server";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { getAuthSecret } from "~/lib/secrets.server";
import { isUuid } from "~/lib/uuid";

/**
 * Withdrawing a "tell me when it opens" sign-up (GDPR Art. 7(3): as easy as giving it): every
 * confirmation mail and the confirmed page carry a link signed over the entry's id. Opening it
 * shows a button (a mail scanner changes nothing); the POST deletes the entry. No sign-in.
 */
function signatureOf(id: string) {
  return createHmac("sha256", getAuthSecret()).update(`launch-remove:${id}`).digest("base64url");
}

/** The link's path (shown on the confirmed page) and full address (in the mail). */
export function removalPath(id: string) {
  return `/notify?remove=${id}&s=${signatureOf(id)}`;
}

export function removalUrl(id: string) {
  return `${getEnv().PUBLIC_URL}${removalPath(id)}`;
}

export function isValidRemovalLink(id: string | null, signature: string | null): id is string {
  if (!id || !signature || !isUuid(id) || signature.length > 100) return false;
  const expected = Buffer.from(signatureOf(id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Deletes the entry of a valid link; an entry already gone is success too (the address is off the list). */
export async function removeByLink(id: string | null, signature: string | null): Promise<"removed" | "invalid"> {
  if (!isValidRemovalLink(id, signature)) return "invalid";
  const deleted = await db().delete(launchNotifications).where(eq(launchNotifications.id, id)).returning({ id: launchNotifications.id });
  logger.info(`Launch sign-up removed by its link (${deleted.length ? id : "already gone"})`);
  return "removed";
}
