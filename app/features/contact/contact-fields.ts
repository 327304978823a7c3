/**
 * The contact form's fields, limits and answers (spec §5): what the page needs to render the
 * form. The rules themselves are in contact-schema.ts, which the page loads only when the form
 * is first used (zod is most of the page's JavaScript otherwise).
 */
export const CONTACT_MAX = { name: 100, email: 255, subject: 200, message: 1000 } as const;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_FIELDS = ["name", "email", "subject", "message"] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** Rendered visually hidden; people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = "website";

export type ContactErrors = Partial<Record<ContactField, string>>;

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
