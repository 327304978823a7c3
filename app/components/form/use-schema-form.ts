import { parse, useForm, type Intent, type SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo, useRef } from "react";
import type { $ZodType } from "zod/v4/core";
import { constraintOf, type FieldConstraint } from "~/lib/form-constraint";
import { parseForm, parseOnServer, type FormAnswer, type FormSchema } from "~/lib/form-submission";

export type KitSchema = FormSchema & $ZodType;
type Schema = KitSchema;

export interface SchemaFormOptions<S extends Schema> {
  /** Unique on the page: names the form's fields' ids (`${id}-email`). */
  id: string;
  /** The form schema, or a function giving it when it is loaded and the promise of it until then. */
  schema: S | (() => S | Promise<S>);
  /** The action's last answer (fetcher.data, or useActionData() without JavaScript). */
  answer?: FormAnswer<object>;
  /** The schema's limits, when `schema` loads later (compute them on the server with `constraintOf`). */
  constraint?: Record<string, FieldConstraint>;
  defaultValue?: Record<string, unknown>;
  /** Called after a refused submit with every field's problems ("" for the form's own). */
  onRefused?: (errors: Record<string, string[]>) => void;
}

/** The name of the hidden button Conform submits its checks of a field with (`INTENT` of @conform-to/dom). */
const CHECK_BUTTON = "__intent__";

function isSubmitOf(form: HTMLElement | null, next: EventTarget | null) {
  return next instanceof HTMLButtonElement && next.type === "submit" && next.form === form;
}

function checkedField(intent: Intent | null) {
  return intent?.type === "validate" ? intent.payload.name : undefined;
}

/**
 * The form kit's one form hook, Conform's `useForm`: validates with the form schema on submit, each
 * field again when it is left and, once it showed a problem, as it is typed; renders the server's
 * answer the same way (also without JavaScript); gives the schema's limits to the fields as
 * attributes; and after a refused submit moves focus to the first field to fix, scrolled to the
 * middle of the screen (clear of toasts and the top bar on a phone).
 *
 * A schema that loads later (`schema: () => S | Promise<S>`): until it is there, a submit goes to the
 * route action, which validates and answers; a field left is noted and checked in the browser when the
 * schema arrives. A check is never sent to the server: its answer could come after the person changed
 * other fields, and speak for them.
 */
export function useSchemaForm<S extends Schema>({ id, schema, answer, constraint, defaultValue, onRefused }: SchemaFormOptions<S>) {
  const derived = useMemo(() => constraint ?? (typeof schema === "function" ? undefined : constraintOf(schema)), [constraint, schema]);
  // Fields left before the schema arrived, and what the form shows meanwhile (kept by such a check).
  const unchecked = useRef(new Set<string>());
  const shown = useRef<string[]>([]);
  const [form, fields] = useForm<Record<string, unknown>, unknown, string[]>({
    id,
    lastResult: answer?.result as SubmissionResult<string[]> | undefined,
    constraint: derived,
    // Conform's DefaultValue type follows the schema's input; ours is validated at run time.
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const current = typeof schema === "function" ? schema() : schema;
      if (!(current instanceof Promise)) return parseForm(formData, current);
      // A person's submit goes to the route action, which validates it and answers.
      if (!formData.has(CHECK_BUTTON)) return parseOnServer(formData);
      current.then(checkUnchecked, () => {});
      return parse<unknown, string[]>(formData, {
        resolve(_, intent) {
          const name = checkedField(intent);
          if (name !== undefined) unchecked.current.add(name);
          // `null` keeps what a field shows (the server's last answer).
          return { error: Object.fromEntries(shown.current.map((field) => [field, null])) };
        },
      });
    },
  });
  const { validate } = form;
  function checkUnchecked() {
    // The form may be gone by the time the schema arrives.
    if (!document.getElementById(id)) return;
    for (const name of unchecked.current) validate({ name });
    unchecked.current.clear();
  }

  // A refused submit (in the browser or by the server) puts the cursor where the first problem is;
  // a field left with a problem keeps the cursor where the person went.
  const submitted = useRef(false);
  useEffect(() => {
    const element = document.getElementById(id);
    // Conform checks a field by a submit with its own hidden button: that is not the person's submit.
    const mark = (event: SubmitEvent) => {
      if ((event.submitter as HTMLButtonElement | null)?.name !== CHECK_BUTTON) submitted.current = true;
    };
    // Leaving a field for the submit button: the submit checks everything anyway, and an error
    // appearing now would push the button away between press and release (the click is lost).
    const holdBlurForSubmit = (event: FocusEvent) => {
      if (isSubmitOf(element, event.relatedTarget)) event.stopPropagation();
    };
    element?.addEventListener("submit", mark, true);
    element?.addEventListener("focusout", holdBlurForSubmit);
    return () => {
      element?.removeEventListener("submit", mark, true);
      element?.removeEventListener("focusout", holdBlurForSubmit);
    };
  }, [id]);

  const { status, allErrors } = form;
  useEffect(() => {
    shown.current = Object.keys(allErrors);
  }, [allErrors]);
  useEffect(() => {
    if (!submitted.current || !status) return;
    if (status === "success") {
      submitted.current = false;
      return;
    }
    // The status may change a render before the errors arrive: wait for them.
    if (Object.keys(allErrors).length === 0) return;
    submitted.current = false;
    focusFirstInvalid(id);
    onRefused?.(allErrors);
  }, [id, status, allErrors, onRefused]);

  return [form, fields] as const;
}

export { constraintOf };

function focusFirstInvalid(formId: string) {
  const first = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  first.focus({ preventScroll: true });
  first.scrollIntoView({ block: "center" });
}
