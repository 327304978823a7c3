import type { FormAnswer } from "~/lib/form-submission";
import { EMAIL_MAX } from "~/lib/field-limits";

/**
 * The contact form's fields, limits and answers (spec §5): what the page needs to render the
 * form. The rules themselves are in contact-schema.ts, which the page loads only when the form
 * is first used (zod is most of the page's JavaScript otherwise).
 */
export const CONTACT_MAX = { name: 100, email: EMAIL_MAX, subject: 200, message: 1000 } as const;
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

/** The first field's problem in the form's order (what a person reads top to bottom). */
export function firstContactError(errors: Partial<Record<string, string | string[] | null | undefined>>) {
  for (const field of CONTACT_FIELDS) {
    const error = errors[field];
    const key = Array.isArray(error) ? error[0] : error;
    if (key) return key;
  }
  return undefined;
}

/**
 * What the action answers (a form-kit answer, `result` rendered by the form); the page renders it
 * with and without JavaScript. `status` and the plain `errors` name the outcome for the no-JS
 * notice and for callers.
 */
export type ContactActionResult = FormAnswer &
  (
    | { status: "success" }
    | { status: "invalid"; errors: ContactErrors; firstError: string; values: Record<ContactField, string> }
    | { status: "rate-limited"; retryAfterMin: number; values: Record<ContactField, string> }
    | { status: "error"; values: Record<ContactField, string> }
  );

/** 'Error' / 'Failed to send message. Please try again.' (also when the request never arrives). */
export function contactFailure(values?: Record<ContactField, string>): ContactActionResult {
  const toast = { tone: "error", title: "contact.toast.errorTitle", description: "contact.toast.errorDescription" } as const;
  // Without values the page keeps what is in the fields.
  const result = values ? { status: "error" as const, initialValue: values } : { status: "error" as const };
  return {
    intent: "contact",
    ok: false,
    status: "error",
    values: values ?? { name: "", email: "", subject: "", message: "" },
    result,
    toast,
  };
}
