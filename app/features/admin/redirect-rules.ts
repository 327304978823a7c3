import { pathnameOf, redirectKeyOf, sitePathOf } from "~/lib/site-path";

/**
 * What a redirect may be (ADR 0055), for the console's form in the browser and the server function
 * alike: both paths are read with the one path parser (lib/site-path.ts); the old path is kept in the
 * guard's canonical form, lower case, which is what the guard matches a request by.
 */
export const REDIRECT_PATH_MAX = 1000;

/**
 * First path segments a redirect may never take over: the console, sign-in and account doors, what is
 * served outside the pages (API, stored files, built assets, public images, the health check, React
 * Router's route discovery) and `.well-known` (certificate renewal, security.txt). Every page the build
 * has is refused as well (PageListing.isPagePath), so a new page needs no entry here.
 */
export const RESERVED_SEGMENTS = [
  "admin",
  "auth",
  "api",
  "files",
  "assets",
  "images",
  "profile",
  "logout",
  "healthz",
  "metrics",
  ".well-known",
  "__manifest",
] as const;

export type OldPath =
  { ok: true; key: string } | { ok: false; error: "admin.redirects.errors.fromInvalid" | "admin.redirects.errors.fromReserved" };

function isReserved(key: string) {
  if (key === "/") return true;
  const segment = key.slice(1).split("/")[0]!;
  // `/admin.data`, `/healthz.json`: the segment with a suffix is the same door.
  return RESERVED_SEGMENTS.some((reserved) => segment === reserved || segment.startsWith(`${reserved}.`));
}

/** The old path's key, or why it cannot be one: a path only (no query or fragment), not a reserved door. */
export function oldPathOf(value: string): OldPath {
  const path = sitePathOf(value.trim());
  if (path === undefined || /[?#]/.test(path) || /[?#]/.test(value)) return { ok: false, error: "admin.redirects.errors.fromInvalid" };
  const key = redirectKeyOf(path);
  if (isReserved(key)) return { ok: false, error: "admin.redirects.errors.fromReserved" };
  return { ok: true, key };
}

/** Why a value cannot be an old path (a translation key), or undefined. */
export function oldPathProblem(value: string) {
  const old = oldPathOf(value);
  return old.ok ? undefined : old.error;
}

/** The target as the parser resolved it (a path on this site, its query and fragment kept), or undefined. */
export function targetOf(value: string) {
  return sitePathOf(value.trim());
}

/** The key a target's path would be matched by, were it an old path itself. */
export function targetKeyOf(target: string) {
  return redirectKeyOf(pathnameOf(target));
}

/**
 * The chain a new redirect `from` → `target` would close into a loop through the stored ones
 * (`existing`: old-path key → target), e.g. `["/a", "/b", "/c", "/a"]`; undefined when there is none.
 * Matching is by key, as the guard matches, so `/B/` and `/b` are one path here too.
 */
export function loopOf(fromKey: string, target: string, existing: ReadonlyMap<string, string>): string[] | undefined {
  const chain = [fromKey];
  const seen = new Set(chain);
  for (let key = targetKeyOf(target); ;) {
    chain.push(key);
    if (key === fromKey) return chain;
    if (seen.has(key)) return undefined;
    seen.add(key);
    const next = existing.get(key);
    if (next === undefined) return undefined;
    key = targetKeyOf(next);
  }
}
