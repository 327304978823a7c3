import * as z from "zod/mini";
import { PASSWORD_MAX } from "~/lib/field-schemas";

/**
 * The second factor's forms (ADR 0044), for the browser and the server: a code from the
 * authenticator app (six digits, spaces allowed) or a recovery code (`xxxxx-xxxxx`), a password to
 * set TOTP up or turn two-step sign-in off, and a passkey ceremony's answer (JSON from the browser).
 */
const TOTP = /^\d{6}$/;
const RECOVERY = /^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/;

/** What the code field holds, with spaces taken out: a TOTP code or a recovery code. */
export function kindOfCode(code: string): "totp" | "recovery-code" | null {
  if (TOTP.test(code)) return "totp";
  return RECOVERY.test(code) ? "recovery-code" : null;
}

export const codeSchema = z.object({
  code: z
    .pipe(
      z.string().check(z.maxLength(40, "twostep.errors.codeInvalid")),
      z.transform((value) => value.replace(/\s+/g, "")),
    )
    .check(
      z.minLength(1, "twostep.errors.codeRequired"),
      z.refine((value) => kindOfCode(value) !== null, "twostep.errors.codeInvalid"),
    ),
});

/** The TOTP set-up's code: only the app's six digits. */
export const totpCodeSchema = z.object({
  code: z
    .pipe(
      z.string().check(z.maxLength(40, "twostep.errors.totpInvalid")),
      z.transform((value) => value.replace(/\s+/g, "")),
    )
    .check(z.minLength(1, "twostep.errors.codeRequired"), z.regex(TOTP, "twostep.errors.totpInvalid")),
});

/** An account without a password (Google) sends none; the server asks better-auth whether one is needed. */
export const passwordProofSchema = z.object({
  password: z.optional(z.string().check(z.maxLength(PASSWORD_MAX, "auth.errors.passwordMax"))),
});

/** A WebAuthn answer as JSON (a few KB; the form limit bounds it again). */
export const PASSKEY_RESPONSE_MAX = 16_000;
export const passkeyResponseSchema = z.object({
  response: z
    .string()
    .check(z.minLength(2, "twostep.errors.passkeyFailed"), z.maxLength(PASSKEY_RESPONSE_MAX, "twostep.errors.passkeyFailed")),
});

/** The parsed WebAuthn answer, or null when it is not a JSON object with a credential id. */
export function parsePasskeyResponse(text: string): (Record<string, unknown> & { id: string }) | null {
  try {
    const value: unknown = JSON.parse(text);
    if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
    const id = (value as { id?: unknown }).id;
    return typeof id === "string" && id.length > 0 && id.length < 1024 ? (value as Record<string, unknown> & { id: string }) : null;
  } catch {
    return null;
  }
}
