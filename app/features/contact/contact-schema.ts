// zod/mini: the same rules at a fraction of the browser bundle (this schema also runs there).
import * as z from "zod/mini";
import { CONTACT_FIELDS, CONTACT_MAX, CONTACT_MESSAGE_MIN, type ContactErrors, type ContactField } from "./contact-fields";

// No `new Function` (zod's JIT probes it): the Content-Security-Policy forbids eval (ADR 0014).
z.config({ jitless: true });

/**
 * The contact form's rules (spec §5), shared by the browser and the route action. Messages are
 * translation keys (app/locales/<lang>/contact.json), so both sides show the same words.
 */

export const contactSchema = z.object({
  name: z
    .string()
    .check(z.trim(), z.minLength(1, "contact.errors.nameRequired"), z.maxLength(CONTACT_MAX.name, "contact.errors.nameTooLong")),
  email: z.pipe(
    z.string().check(z.trim(), z.maxLength(CONTACT_MAX.email, "contact.errors.emailTooLong")),
    z.email("contact.errors.emailInvalid"),
  ),
  subject: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, "contact.errors.subjectRequired"),
      z.maxLength(CONTACT_MAX.subject, "contact.errors.subjectTooLong"),
    ),
  message: z
    .string()
    .check(
      z.trim(),
      z.minLength(CONTACT_MESSAGE_MIN, "contact.errors.messageTooShort"),
      z.maxLength(CONTACT_MAX.message, "contact.errors.messageTooLong"),
    ),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type ContactValidation =
  | { success: true; data: ContactInput }
  | { success: false; errors: ContactErrors; firstError: string };

/** Validates raw form values; on failure, one message key per field and the first one overall. */
export function validateContact(values: Record<string, unknown>): ContactValidation {
  const raw = Object.fromEntries(
    CONTACT_FIELDS.map((field) => [field, typeof values[field] === "string" ? values[field] : ""]),
  );
  const result = contactSchema.safeParse(raw);
  if (result.success) return { success: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  // "First" follows the form's order, which is what a person reads top to bottom.
  const firstField = CONTACT_FIELDS.find((field) => errors[field])!;
  return { success: false, errors, firstError: errors[firstField]! };
}


