import type { FieldMetadata, FormMetadata, SubmissionResult } from "@conform-to/react";
import type { FieldConstraint } from "~/lib/form-constraint";

/**
 * What Conform's `useForm` gives a form before anyone touched it, computed without Conform (ADR
 * 0035): ids, names, limits, the values to show and the errors of the server's answer (`lastResult`),
 * exactly as Conform 1.21 derives them at its first render (dom/form.mjs `createFormMeta`,
 * react/context.mjs `getMetadata`). The server renders with this, the browser hydrates with it,
 * and Conform takes over on the first focus, pointer press or input (`use-schema-form.ts`).
 * conform-runtime.test.ts renders forms both ways and compares the markup.
 */
export interface StaticFormOptions {
  id: string;
  lastResult?: SubmissionResult<string[]>;
  constraint?: Record<string, FieldConstraint>;
  defaultValue?: Record<string, unknown>;
}

type Errors = Record<string, string[] | null | undefined>;

/** Conform's `serialize` for the flat default values the forms use. */
function serialize(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(serialize);
  if (value instanceof Date) return value.toISOString();
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (typeof value === "number" || typeof value === "bigint") return value.toString();
  return value ?? undefined;
}

/** Conform's `normalize` of one value: empty strings, empty lists and null are no value. */
function normalize(value: unknown): unknown {
  if (value === "" || value === null) return undefined;
  if (Array.isArray(value)) {
    const list = value.map(normalize);
    return list.every((item) => item === undefined) ? undefined : list;
  }
  return value;
}

/** The errors Conform shows from a reply: all of them, or after a validate intent those of the validated fields. */
function errorsOf(lastResult: SubmissionResult<string[]> | undefined): Errors {
  const errors = (lastResult?.error ?? {}) as Errors;
  const intent = lastResult?.intent as { type?: string } | null | undefined;
  if (!intent || intent.type !== "validate") return errors;
  const validated = (lastResult?.state as { validated?: Record<string, boolean> } | undefined)?.validated ?? {};
  return Object.fromEntries(Object.entries(errors).filter(([name]) => validated[name]));
}

export function staticFormMetadata({ id, lastResult, constraint, defaultValue }: StaticFormOptions) {
  const errors = errorsOf(lastResult);
  const initial = (lastResult?.initialValue ??
    Object.fromEntries(Object.entries(defaultValue ?? {}).map(([name, value]) => [name, serialize(value)]))) as Record<string, unknown>;
  const meta = (name: string) => {
    const own = name ? `${id}-${name}` : id;
    const initialValue = name ? normalize(initial[name]) : initial;
    return {
      id: own,
      name,
      formId: id,
      errorId: `${own}-error`,
      descriptionId: `${own}-description`,
      key: undefined,
      initialValue,
      value: initialValue,
      defaultValue: typeof initialValue === "string" ? initialValue : undefined,
      defaultChecked: initialValue === "on" ? true : undefined,
      errors: errors[name] as string[] | undefined,
      valid: !Object.keys(errors).some((key) => (name ? key === name || key.startsWith(`${name}.`) : true)),
      dirty: false,
      ...(name ? constraint?.[name] : undefined),
    };
  };
  const fields = new Proxy({} as Record<string, FieldMetadata<unknown, Record<string, unknown>, string[]>>, {
    get: (_, name) => (typeof name === "string" ? meta(name) : undefined),
  });
  const form = {
    ...meta(""),
    status: lastResult?.status,
    allErrors: errors as Record<string, string[]>,
    // The form posts as it is (the route action validates) until Conform takes over.
    onSubmit: undefined,
    noValidate: true,
    getFieldset: () => fields,
  } as unknown as FormMetadata<Record<string, unknown>, string[]>;
  return [form, fields] as const;
}
