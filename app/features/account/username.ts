/**
 * The one rule for names a person chooses (spec §9: 3 to 50 characters), on every path that
 * stores one: the sign-up and profile forms (schemas.ts), and better-auth's own user writes
 * (auth.server.ts hooks, e.g. a name from Google). No control characters: no line breaks, no
 * bidirectional overrides, nothing that could reshape a mail or a page around it.
 */
import { CONTROL_CHARACTER, USERNAME_MAX, USERNAME_MIN } from "~/lib/field-schemas";

// The limits and the control characters are defined once, with the form fields (app/lib/field-schemas.ts).
export { USERNAME_MAX, USERNAME_MIN };
const CONTROL = CONTROL_CHARACTER;
const CONTROLS = new RegExp(`${CONTROL_CHARACTER.source}+`, "gu");

export function hasControlCharacters(value: string) {
  return CONTROL.test(value);
}

export function isValidUsername(value: string) {
  const trimmed = value.trim();
  return [...trimmed].length >= USERNAME_MIN && [...trimmed].length <= USERNAME_MAX && !hasControlCharacters(trimmed);
}

/**
 * A name from elsewhere (an identity provider) made to fit the rule: control characters become
 * spaces, runs of spaces one, cut at 50 characters; `fallback` when fewer than 3 remain.
 */
export function fitUsername(value: string | null | undefined, fallback: string) {
  const cleaned = [...String(value ?? "").replace(CONTROLS, " ").replace(/\s+/g, " ").trim()].slice(0, USERNAME_MAX).join("").trim();
  if ([...cleaned].length >= USERNAME_MIN) return cleaned;
  const fitted = [...fallback.replace(CONTROLS, "").trim()].slice(0, USERNAME_MAX).join("");
  return [...fitted].length >= USERNAME_MIN ? fitted : `${fitted}___`.slice(0, USERNAME_MIN);
}

// Anything a mail client could turn into a link: a scheme, "www.", or a dotted host name.
const LINK_LIKE = /[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}-]+\.[\p{L}]{2,}|@/iu;

/**
 * The name a mail greets with: never a URL or a line break from user input. A name that looks
 * like a link is not used at all (the greeting falls back to the neutral one).
 */
export function greetingNameOf(value: string | null | undefined): string | undefined {
  const cleaned = String(value ?? "").replace(CONTROLS, " ").replace(/\s+/g, " ").trim();
  if (!cleaned || LINK_LIKE.test(cleaned)) return undefined;
  return [...cleaned].slice(0, USERNAME_MAX).join("");
}
