// zod/mini: the same rules at a fraction of the browser bundle (this schema also runs there).
import * as z from "zod/mini";

/**
 * The contact form's rules (spec §5), shared by the browser and the route action. Messages are
 * translation keys (app/locales/<lang>/contact.json), so both sides show the same words.
 */
export const CONTACT_MAX = { name: 100, email: 255, subject: 200, message: 1000 } as const;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Rendered visually hidden; people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = "website";

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
export type ContactErrors = Partial<Record<ContactField, string>>;

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

/** Plain form values (FormData or a record) as strings. */
export function contactValuesOf(form: FormData): Record<ContactField, string> {
  return Object.fromEntries(
    CONTACT_FIELDS.map((field) => {
      const value = form.get(field);
      return [field, typeof value === "string" ? value : ""];
    }),
  ) as Record<ContactField, string>;
}

/** What the action answers; the page renders it with and without JavaScript. */
export type ContactActionResult =
  | { status: "success" }
  | { status: "invalid"; errors: ContactErrors; firstError: string; values: Record<ContactField, string> }
  | { status: "rate-limited"; retryAfterMin: number; values: Record<ContactField, string> }
  | { status: "error"; values: Record<ContactField, string> };
