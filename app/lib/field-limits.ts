/**
 * The limits of the fields every form is built from (spec §5 and §9), without zod: field-schemas.ts
 * builds the rules from them (and re-exports them), and a page that only needs a number (an input's
 * maxLength, the customer types of a select) imports it from here without loading zod (ADR 0033).
 */
export const EMAIL_MAX = 255;
export const PASSWORD_MIN = 8;
/** Beyond the spec: bounds the work of hashing (scrypt) on the server. */
export const PASSWORD_MAX = 128;
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 50;
export const CUSTOMER_TYPES = ["private", "business"] as const;
export type CustomerType = (typeof CUSTOMER_TYPES)[number];
/** The largest avatar upload (features/account/schemas.ts re-exports it for the server). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;

/**
 * A control character: C0/C1 controls (tab, CR, LF, NUL …), line and paragraph separators, bidi
 * embeddings and isolates. They would reshape a mail, a log line or a page around them.
 */
export const CONTROL_CHARACTER = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;
