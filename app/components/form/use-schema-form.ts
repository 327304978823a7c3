import { useForm, type SubmissionResult } from "@conform-to/react";
import { useEffect, useMemo, useRef } from "react";
import type { $ZodType } from "zod/v4/core";
import { constraintOf, type FieldConstraint } from "~/lib/form-constraint";
import { parseForm, parseOnServer, type FormAnswer, type FormSchema } from "~/lib/form-submission";

export type KitSchema = FormSchema & $ZodType;
type Schema = KitSchema;

export interface SchemaFormOptions<S extends Schema> {
  /** Unique on the page: names the form's fields' ids (`${id}-email`). */
  id: string;
  /** The form schema, or a function giving it once loaded (undefined until then: the server checks). */
  schema: S | (() => S | undefined);
  /** The action's last answer (fetcher.data, or useActionData() without JavaScript). */
  answer?: FormAnswer<object>;
  /** The schema's limits, when `schema` loads later (compute them on the server with `constraintOf`). */
  constraint?: Record<string, FieldConstraint>;
  defaultValue?: Record<string, unknown>;
  /** Called after a refused submit with every field's problems ("" for the form's own). */
  onRefused?: (errors: Record<string, string[]>) => void;
}

/**
 * The form kit's one form hook (Conform underneath): validates with the form schema on submit,
 * each field again when it is left and, once it showed a problem, as it is typed; renders the
 * server's answer the same way (also without JavaScript); gives the schema's limits to the
 * fields as attributes; and after a refused submit moves focus to the first field to fix,
 * scrolled to the middle of the screen (clear of toasts and the top bar on a phone).
 */
export function useSchemaForm<S extends Schema>({ id, schema, answer, constraint, defaultValue, onRefused }: SchemaFormOptions<S>) {
  const derived = useMemo(() => constraint ?? (typeof schema === "function" ? undefined : constraintOf(schema)), [constraint, schema]);
  const [form, fields] = useForm<Record<string, unknown>>({
    id,
    lastResult: answer?.result as SubmissionResult<string[]> | undefined,
    constraint: derived,
    // Conform's DefaultValue type follows the schema's input; ours is validated at run time.
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate({ formData }) {
      const current = typeof schema === "function" ? schema() : schema;
      return (current ? parseForm(formData, current) : parseOnServer(formData)) as ReturnType<typeof parseOnServer>;
    },
    onSubmit(event) {
      // Valid in the browser: the route's <Form>/<fetcher.Form> sends it on.
      void event;
    },
  });

  // A refused submit (in the browser or by the server) puts the cursor where the first problem is;
  // a field left with a problem keeps the cursor where the person went.
  const submitted = useRef(false);
  useEffect(() => {
    const element = document.getElementById(id);
    const mark = () => void (submitted.current = true);
    // Leaving a field for the submit button: the submit checks everything anyway, and an error
    // appearing now would push the button away between press and release (the click is lost).
    const holdBlurForSubmit = (event: FocusEvent) => {
      const next = event.relatedTarget;
      if (next instanceof HTMLButtonElement && next.type === "submit" && next.form === element) event.stopPropagation();
    };
    element?.addEventListener("submit", mark, true);
    element?.addEventListener("focusout", holdBlurForSubmit);
    return () => {
      element?.removeEventListener("submit", mark, true);
      element?.removeEventListener("focusout", holdBlurForSubmit);
    };
  }, [id]);
  useEffect(() => {
    if (!submitted.current || !form.status) return;
    if (form.status === "success") {
      submitted.current = false;
      return;
    }
    // The status may change a render before the errors arrive: wait for them.
    if (Object.keys(form.allErrors).length === 0) return;
    submitted.current = false;
    focusFirstInvalid(id);
    onRefused?.(form.allErrors);
  }, [id, form.status, form.allErrors, onRefused]);

  return [form, fields] as const;
}

export { constraintOf };

function focusFirstInvalid(formId: string) {
  const first = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  first.focus({ preventScroll: true });
  first.scrollIntoView({ block: "center" });
}
