// zod/mini: the same rules at a fraction of the browser bundle (this schema also runs there).
import * as z from "zod/mini";
import { boundedText, emailField, requiredText } from "~/lib/field-schemas";
import {
  CONTACT_FIELDS,
  CONTACT_MAX,
  CONTACT_MESSAGE_MIN,
  firstContactError,
  type ContactErrors,
  type ContactField,
} from "./contact-fields";

/**
 * The contact form's rules (spec §5), built from the shared fields and used by the browser and
 * the route action. Messages are translation keys (app/locales/<lang>/contact.json), so both
 * sides show the same words.
 */
export const contactSchema = z.object({
  name: requiredText(CONTACT_MAX.name, { required: "contact.errors.nameRequired", tooLong: "contact.errors.nameTooLong" }),
  email: emailField({ invalid: "contact.errors.emailInvalid", tooLong: "contact.errors.emailTooLong" }),
  subject: requiredText(CONTACT_MAX.subject, { required: "contact.errors.subjectRequired", tooLong: "contact.errors.subjectTooLong" }),
  message: boundedText(CONTACT_MESSAGE_MIN, CONTACT_MAX.message, {
    tooShort: "contact.errors.messageTooShort",
    tooLong: "contact.errors.messageTooLong",
  }),
});

export type ContactInput = z.infer<typeof contactSchema>;

export type ContactValidation = { success: true; data: ContactInput } | { success: false; errors: ContactErrors; firstError: string };

/** Validates raw form values; on failure, one message key per field and the first one overall. */
export function validateContact(values: Record<string, unknown>): ContactValidation {
  const raw = Object.fromEntries(CONTACT_FIELDS.map((field) => [field, typeof values[field] === "string" ? values[field] : ""]));
  const result = contactSchema.safeParse(raw);
  if (result.success) return { success: true, data: result.data };
  const errors: ContactErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as ContactField;
    errors[field] ??= issue.message;
  }
  return { success: false, errors, firstError: firstContactError(errors)! };
}
