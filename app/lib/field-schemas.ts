// zod/mini: the same rules at a fraction of the browser bundle (these schemas run in the browser too).
import * as z from "zod/mini";
import { CONTROL_CHARACTER, CUSTOMER_TYPES, EMAIL_MAX, PASSWORD_MAX, PASSWORD_MIN, USERNAME_MAX, USERNAME_MIN } from "./field-limits";

// No `new Function` (zod's JIT probes it): the Content-Security-Policy forbids eval (ADR 0014).
z.config({ jitless: true });

/**
 * The fields every form is built from, with their limits in ONE place (spec §5 and §9). A form
 * schema (features/<name>/…-schema.ts) picks fields from here and names its messages: the
 * messages are translation keys, so the browser and the server show the same words, and the
 * form kit reads the limits back as input attributes (maxLength, minLength, required).
 */
// The limits themselves live in ./field-limits.ts (no zod): pages import them from there without
// loading zod, and they are the same numbers here.
export {
  CONTROL_CHARACTER,
  CUSTOMER_TYPES,
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  type CustomerType,
} from "./field-limits";
/** No control characters (line breaks included). */
export const PRINTABLE = new RegExp(`^[^${CONTROL_CHARACTER.source.slice(1, -1)}]*$`, "u");

/** Required text, trimmed, up to `max` characters. */
export function requiredText(max: number, messages: { required: string; tooLong: string; invalid?: string }) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(1, messages.required),
      z.maxLength(max, messages.tooLong),
      z.regex(PRINTABLE, messages.invalid ?? messages.required),
    );
}

/** Trimmed text between `min` and `max` characters (a multi-line message keeps its line breaks). */
export function boundedText(min: number, max: number, messages: { tooShort: string; tooLong: string }) {
  return z.string().check(z.trim(), z.minLength(min, messages.tooShort), z.maxLength(max, messages.tooLong));
}

/** An e-mail address: trimmed, valid, at most EMAIL_MAX characters; `required` names an empty one. */
export function emailField(messages: { invalid: string; tooLong: string; required?: string }) {
  const address = z.email(messages.invalid).check(z.maxLength(EMAIL_MAX, messages.tooLong));
  const trimmed = z.string().check(z.trim(), ...(messages.required ? [z.minLength(1, messages.required)] : []));
  return z.pipe(trimmed, address);
}

/** A username: trimmed, USERNAME_MIN–USERNAME_MAX printable characters. */
export function usernameField(messages: { tooShort: string; tooLong: string; invalid: string }) {
  return z
    .string()
    .check(
      z.trim(),
      z.minLength(USERNAME_MIN, messages.tooShort),
      z.maxLength(USERNAME_MAX, messages.tooLong),
      z.regex(PRINTABLE, messages.invalid),
    );
}

/** A new password: the one password rule (PASSWORD_MIN–PASSWORD_MAX characters). */
export function newPasswordField(messages: { tooShort: string; tooLong: string }) {
  return z.string().check(z.minLength(PASSWORD_MIN, messages.tooShort), z.maxLength(PASSWORD_MAX, messages.tooLong));
}

/** A password typed to prove who one is: only required (and bounded). */
export function currentPasswordField(messages: { required: string; tooLong: string }) {
  return z.string().check(z.minLength(1, messages.required), z.maxLength(PASSWORD_MAX, messages.tooLong));
}

/** Private or business. */
export function customerTypeField(message: string) {
  return z.enum(CUSTOMER_TYPES, message);
}

/** A checkbox: "on" (or "true") when ticked, absent when not. */
export function checkboxField() {
  return z.pipe(
    z.optional(z.union([z.string(), z.boolean()])),
    z.transform((value) => value === "on" || value === "true" || value === true),
  );
}

/** A checkbox that must be ticked (terms, privacy). */
export function requiredCheckboxField(message: string) {
  return checkboxField().check(z.refine((value) => value, message));
}

/** True when `password` satisfies the one password rule (for server code outside a form, e.g. better-auth's own check). */
export function isPasswordLengthValid(password: string) {
  return password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX;
}
