import { and, eq, ne } from "drizzle-orm";
import { account, profiles, user } from "~/db/schema";
import { db } from "~/lib/db.server";
import type { Language } from "~/lib/i18n";
import { logger } from "~/lib/logger.server";
import { deleteFile, publicFileUrl, saveFile } from "~/lib/storage.server";
import { FileRefused, reencodeAvatar } from "~/lib/untrusted-file.server";
import { eraseAccount } from "./erasure.server";
import { getNewsletterStatus, setNewsletterChoice, type NewsletterStatus } from "./newsletter.server";
import { AVATAR_MAX_BYTES } from "./schemas";

/**
 * Profile reads and writes. Every function takes the user id from the caller's session
 * (never from the request body), so one user can only reach their own row and files.
 */
export interface ProfileData {
  email: string;
  username: string;
  customerType: "private" | "business";
  newsletterSubscribed: boolean;
  /** "pending" between the choice and the confirmation link (double opt-in). */
  newsletterStatus: NewsletterStatus;
  avatarUrl: string | null;
  hasPassword: boolean;
}

/** The columns of a profile (user and profiles joined): getProfile, and the profile page's one query. */
export const profileColumns = {
  email: user.email,
  name: user.name,
  username: profiles.username,
  customerType: profiles.customerType,
  newsletterSubscribed: profiles.newsletterSubscribed,
  avatarUrl: profiles.avatarUrl,
};

export async function getProfile(userId: string): Promise<ProfileData | null> {
  const [row] = await db().select(profileColumns).from(user).leftJoin(profiles, eq(profiles.id, user.id)).where(eq(user.id, userId));
  if (!row) return null;
  // A Google-only account has no credential row: it has no password to change or verify.
  const passwordRows = await db()
    .select({ id: account.id })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .limit(1);
  return toProfileData(row, passwordRows.length > 0, await getNewsletterStatus(userId));
}

export interface ProfileRow {
  email: string;
  name: string | null;
  username: string | null;
  customerType: "private" | "business" | null;
  newsletterSubscribed: boolean | null;
  avatarUrl: string | null;
}

export function toProfileData(row: ProfileRow, hasPassword: boolean, newsletterStatus: NewsletterStatus): ProfileData {
  return {
    email: row.email,
    username: row.username ?? row.name ?? "",
    customerType: row.customerType ?? "private",
    newsletterSubscribed: row.newsletterSubscribed ?? false,
    newsletterStatus,
    avatarUrl: row.avatarUrl ?? null,
    hasPassword,
  };
}

export async function saveProfile(
  userId: string,
  { newsletterSubscribed, ...values }: { username: string; customerType: "private" | "business"; newsletterSubscribed: boolean },
  language?: Language,
) {
  await db()
    .insert(profiles)
    .values({ id: userId, ...values, ...(language ? { language } : {}) })
    .onConflictDoUpdate({
      target: profiles.id,
      set: { ...values, ...(language ? { language } : {}), updatedAt: new Date() },
    });
  // The switch never sets the flag itself: on asks for consent by mail (double opt-in), off withdraws.
  const changed = await setNewsletterChoice(userId, newsletterSubscribed, { source: "profile", language: language ?? "en" });
  return { newsletterRequested: newsletterSubscribed && changed };
}

export async function rememberLanguage(userId: string, language: Language) {
  await db()
    .update(profiles)
    .set({ language })
    .where(and(eq(profiles.id, userId), ne(profiles.language, language)));
}

export class AvatarError extends Error {
  constructor(public readonly key: "profile.errors.notImage" | "profile.errors.tooLarge" | "profile.errors.tooComplex") {
    super(key);
  }
}

/**
 * Checks the bytes (not the name or declared type), accepts raster formats only, and
 * re-encodes: EXIF (GPS position, camera), ICC comments and XMP are dropped. The bytes are
 * read in a child process with time and memory limits (ADR 0041).
 */
export async function processAvatar(bytes: Buffer): Promise<{ data: Buffer; ext: "png" | "jpg" | "webp" }> {
  if (bytes.length > AVATAR_MAX_BYTES) throw new AvatarError("profile.errors.tooLarge");
  try {
    return await reencodeAvatar(bytes, 512);
  } catch (error) {
    if (!(error instanceof FileRefused)) throw error;
    throw new AvatarError(error.refusal === "unreadable" ? "profile.errors.notImage" : "profile.errors.tooComplex");
  }
}

const AVATAR_PREFIX = "/files/avatars/";

function keyOfAvatarUrl(url: string | null | undefined, userId: string): string | undefined {
  if (!url?.startsWith(AVATAR_PREFIX)) return undefined;
  const key = decodeURIComponent(url.slice(AVATAR_PREFIX.length));
  return key.startsWith(`${userId}/`) ? key : undefined;
}

let lastAvatarStamp = 0;

/** A new number per upload (milliseconds, bumped on a tie): a new file never overwrites the current one. */
function nextAvatarStamp() {
  lastAvatarStamp = Math.max(Date.now(), lastAvatarStamp + 1);
  return lastAvatarStamp;
}

/** Where replaceAvatar stands; tests stop it there to show what a crash at that point leaves. */
export type AvatarStep = "file-saved" | "profile-updated" | "committed";

/**
 * Replaces the avatar in the order of DESIGN habit 7: the new file under a new key (nothing
 * points at it yet), then profile and user row together in one transaction, then the old file.
 * A crash at any point leaves the old avatar or the new one, whole; at worst an unreferenced file.
 */
export async function replaceAvatar(
  userId: string,
  bytes: Buffer,
  hooks: { afterStep?: (step: AvatarStep) => void | Promise<void> } = {},
): Promise<string> {
  const { data, ext } = await processAvatar(bytes);
  const key = `${userId}/${nextAvatarStamp()}.${ext}`;
  await saveFile("avatars", key, data);
  await hooks.afterStep?.("file-saved");
  const url = publicFileUrl("avatars", key);
  let previousUrl: string | null | undefined;
  try {
    previousUrl = await db().transaction(async (tx) => {
      const [previous] = await tx.select({ avatarUrl: profiles.avatarUrl }).from(profiles).where(eq(profiles.id, userId)).for("update");
      await tx
        .insert(profiles)
        .values({ id: userId, avatarUrl: url })
        .onConflictDoUpdate({ target: profiles.id, set: { avatarUrl: url, updatedAt: new Date() } });
      await hooks.afterStep?.("profile-updated");
      await tx.update(user).set({ image: url }).where(eq(user.id, userId));
      return previous?.avatarUrl;
    });
  } catch (error) {
    await deleteFile("avatars", key).catch(() => {});
    throw error;
  }
  await hooks.afterStep?.("committed");
  const oldKey = keyOfAvatarUrl(previousUrl, userId);
  if (oldKey && oldKey !== key) {
    await deleteFile("avatars", oldKey).catch((error: unknown) => logger.warn(`could not delete old avatar ${oldKey}: ${String(error)}`));
  }
  return url;
}

/**
 * Removes the account completely (erasure.server.ts: every table and file, the shop customer by
 * its id) and mails a notice to the address in the user's language.
 */
export async function deleteAccount(userId: string) {
  return eraseAccount(userId, { notify: true });
}
