/**
 * The form kit (ADR 0016, docs/DEVELOPING.md "How to add a form"):
 * - `useIntentForm(intent, { schema, onSuccess })` → { form, fields, answer, busy, … } and
 *   `<IntentForm kit={…}>`: the usual form in two lines (the parts below, put together);
 * - `useIntentFetcher(intent)` → { fetcher, answer, busy } (the answer with or without JavaScript);
 * - `useSchemaForm({ id, schema, answer })` → [form, fields] (Conform, validated by the form schema),
 *   spread `getFormProps(form)` on the <fetcher.Form>;
 * - fields: TextField, TextareaField, SelectField, CheckboxField, SwitchField (label, description,
 *   limits as attributes, the error inline), FieldError; FormError for the form's own problem;
 * - SubmitButton with its busy label; HydratedInput (js=1 once React runs);
 * - `useFormAnswer(answer, onSuccess)`: the one hook for action answers (toasts replace, never errors);
 * - `useHydrated()`.
 * Server side: app/lib/form-submission.ts (parseForm, invalidAnswer, failedAnswer, doneAnswer) and
 * app/lib/form-action.server.ts (runIntent, answer).
 */
export { getFormProps } from "./field-props";
export { useSchemaForm, constraintOf } from "./use-schema-form";
export { useIntentFetcher } from "./use-intent-fetcher";
export { useIntentForm } from "./use-intent-form";
export { IntentForm } from "./intent-form";
export { useFormAnswer, showFormToast, FORM_TOAST_ID } from "./use-form-answer";
export { TextField, TextareaField, SelectField, CheckboxField, SwitchField, FieldError, type FieldMeta } from "./field";
export { FormError } from "./form-error";
export { SubmitButton } from "./submit-button";
export { HydratedInput } from "./hydrated-input";
export { useHydrated } from "~/lib/use-hydrated";
