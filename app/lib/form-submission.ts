import { parse, type Submission, type SubmissionResult } from "@conform-to/react";

/**
 * The one shape of a form's submission and answer, shared by the browser and the server.
 *
 * A form schema is any Standard Schema (our zod/mini schemas are): its messages are translation
 * keys. `parseForm` runs it over FormData and gives Conform's `Submission`; an action answers
 * with a `FormAnswer` whose `result` Conform renders (field errors inline, form errors above the
 * submit button, typed values kept when the page is rendered again without JavaScript).
 */

interface StandardIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }>;
}
type StandardResult<Output> = { readonly value: Output; readonly issues?: undefined } | { readonly issues: ReadonlyArray<StandardIssue> };
export interface FormSchema<Output = unknown> {
  readonly "~standard": {
    readonly validate: (value: unknown) => StandardResult<Output> | Promise<StandardResult<Output>>;
  };
}
export type FormOutput<S> = S extends FormSchema<infer Output> ? Output : never;

/** Shown instead of a library's own words (a forged request, a missing field). */
export const INVALID_VALUE_KEY = "common.form.invalid";
const TRANSLATION_KEY = /^[a-z]+\.[A-Za-z0-9_.]+$/;

/** Field name → translation keys of its problems ("" is the form itself), in the schema's order. */
export function errorsOf(issues: ReadonlyArray<StandardIssue>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const name = (issue.path ?? []).map((part) => String(typeof part === "object" ? part.key : part)).join(".");
    const message = TRANSLATION_KEY.test(issue.message) ? issue.message : INVALID_VALUE_KEY;
    const list = (errors[name] ??= []);
    if (!list.includes(message)) list.push(message);
  }
  return errors;
}

/** Conform's own field names; a request may carry anything in them. */
const RESERVED_FIELDS = ["__intent__", "__state__"];

/**
 * Validates FormData with a form schema (synchronous schemas only). A forged request whose
 * Conform fields do not parse (garbage in `__intent__`, a file there) is read without them, so it
 * is only invalid, never a server error.
 */
export function parseForm<S extends FormSchema>(
  formData: FormData | URLSearchParams,
  schema: S,
): Submission<Record<string, unknown>, string[], FormOutput<S>> {
  try {
    return parseWith(formData, schema);
  } catch {
    const cleaned = new FormData();
    for (const [name, value] of formData.entries()) if (!RESERVED_FIELDS.includes(name)) cleaned.append(name, value);
    return parseWith(cleaned, schema);
  }
}

function parseWith<S extends FormSchema>(
  formData: FormData | URLSearchParams,
  schema: S,
): Submission<Record<string, unknown>, string[], FormOutput<S>> {
  return parse(formData, {
    resolve(payload) {
      const result = schema["~standard"].validate(payload);
      if (result instanceof Promise) throw new Error("parseForm: asynchronous schemas are not supported");
      if (result.issues) return { error: errorsOf(result.issues) };
      return { value: result.value as FormOutput<S> };
    },
  }) as Submission<Record<string, unknown>, string[], FormOutput<S>>;
}

/** A submission that leaves validation to the server (the schema has not loaded yet). */
export function parseOnServer(formData: FormData): Submission<Record<string, unknown>, string[]> {
  return parse(formData, { resolve: () => ({ error: null }) });
}

/** A toast for what the page has no lasting place for (a dialog that closes, a navigation). */
export interface FormToast {
  tone: "success" | "error";
  /** Translation key of the title. */
  title: string;
  /** Translation key of the description. */
  description?: string;
  /** Values for the description's placeholders ({{count}}). */
  values?: Record<string, string | number>;
}

/**
 * What a form action answers. `Extra` adds values the page needs at the top level (an avatar URL,
 * an address waiting for confirmation).
 */
export type FormAnswer<Extra extends object = Record<never, never>> = {
  intent: string;
  ok: boolean;
  /** Conform's reply: errors per field ("" for the form), and the values to show again. */
  result: SubmissionResult<string[]>;
  /** The first problem's key (form order; the form's own problem first): a summary for logs, tests, no-JS notices. */
  error?: string;
  /** A heading for the problem, when it has one ('Authentication Failed'). */
  title?: string;
  /** What happened, as a translation key (shown by the page or in `toast`). */
  message?: string;
  toast?: FormToast;
  /** Where the page goes after success (with JavaScript; without it the action redirects). */
  redirectTo?: string;
} & Partial<Extra>;

function firstErrorOf(result: SubmissionResult<string[]>) {
  const errors = result.error ?? {};
  return errors[""]?.[0] ?? Object.values(errors).find((list) => list?.length)?.[0] ?? undefined;
}

/** Fields whose values are never sent back to the page. */
const SECRET_FIELD = /password|token/i;

function hiddenFieldsOf(submission: Submission<unknown, string[], unknown>) {
  return Object.keys(submission.payload).filter((name) => SECRET_FIELD.test(name));
}

/** The schema refused the input: every field's problem, shown inline. */
export function invalidAnswer(intent: string, submission: Submission<unknown, string[], unknown>): FormAnswer {
  const result = submission.reply({ hideFields: hiddenFieldsOf(submission) });
  return { intent, ok: false, result, error: firstErrorOf(result) };
}

export interface Problem {
  /** Translation key of a heading for the problem ('Authentication Failed'), shown first. */
  title?: string;
  /** Translation key shown above the submit button. */
  form?: string;
  /** Translation keys shown under fields. */
  fields?: Record<string, string>;
}

/** The input was valid but the work failed: the problem is shown in the form, not in a toast. */
export function failedAnswer<Extra extends object = Record<never, never>>(
  intent: string,
  submission: Submission<unknown, string[], unknown>,
  problem: Problem,
  extra?: Extra,
): FormAnswer<Extra> {
  const fieldErrors = Object.fromEntries(Object.entries(problem.fields ?? {}).map(([name, key]) => [name, [key]]));
  const formErrors = [problem.title, problem.form].filter((key): key is string => Boolean(key));
  const result = submission.reply({
    formErrors: formErrors.length ? formErrors : undefined,
    fieldErrors,
    hideFields: hiddenFieldsOf(submission),
  });
  const error = problem.form ?? Object.values(problem.fields ?? {})[0] ?? firstErrorOf(result);
  return { ...(extra as Partial<Extra>), intent, ok: false, result, error, title: problem.title } as FormAnswer<Extra>;
}

/** Done: the form is emptied (unless `keepValues`); `message`, `toast`, `redirectTo` and `extra` tell the page what comes next. */
export function doneAnswer<Extra extends object = Record<never, never>>(
  intent: string,
  submission: Submission<unknown, string[], unknown>,
  next: { message?: string; toast?: FormToast; redirectTo?: string; extra?: Extra; keepValues?: boolean } = {},
): FormAnswer<Extra> {
  return {
    ...(next.extra as Partial<Extra>),
    intent,
    ok: true,
    result: next.keepValues ? submission.reply() : submission.reply({ resetForm: true }),
    message: next.message ?? next.toast?.description ?? next.toast?.title,
    toast: next.toast,
    redirectTo: next.redirectTo,
  } as FormAnswer<Extra>;
}

/** The submission of a form without fields of its own (a button such as "Continue with Google"). */
export function plainSubmission(formData: FormData): Submission<Record<string, unknown>, string[]> {
  return parseForm(formData, { "~standard": { validate: () => ({ value: {} }) } }) as Submission<Record<string, unknown>, string[]>;
}
