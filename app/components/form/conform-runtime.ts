/**
 * The part of Conform that runs in the browser once a form is first touched (ADR 0035): its form
 * context (state, validation, the server's answer) and the metadata proxies its `useForm` returns.
 * Loaded by `use-schema-form.ts` on the first focus, pointer press or input in a form; until then
 * the kit renders the same markup from the server's answer alone (`static-form-metadata.ts`).
 *
 * `useForm` itself cannot be called later in a component that already rendered without it (React's
 * hooks are fixed per component), so `useSchemaForm` runs the steps of Conform's `useForm` with its
 * own hooks from the first render, and needs these two functions of Conform's context module. They
 * are not in the package's public exports (hence the path and the types written out here; the
 * version is pinned in package.json); use-schema-form.test.tsx renders forms both ways and compares.
 */
import type { FormMetadata, SubmissionResult } from "@conform-to/react";
import type { FormEvent, MutableRefObject } from "react";
// @ts-expect-error -- dist/context.mjs has no declaration next to it (its types are dist/context.d.ts, not exported).
import * as conformContext from "../../../node_modules/@conform-to/react/dist/context.mjs";
import type { FormContext as DomFormContext, FormOptions as DomFormOptions, FormState, SubscriptionSubject } from "@conform-to/dom";
import { parseForm, parseOnServer } from "~/lib/form-submission";

type Schema = Record<string, unknown>;
export type FormOptions = DomFormOptions<Schema, string[], unknown> & {
  onSubmit?: (event: FormEvent<HTMLFormElement>, context: unknown) => void;
};
/** @conform-to/react's FormContext (dist/context.d.ts). */
export type FormContext = Omit<DomFormContext<Schema, string[], unknown>, "submit" | "onUpdate"> & {
  submit: (event: FormEvent<HTMLFormElement>) => void;
  onUpdate: (options: Partial<FormOptions>) => void;
};
export type { FormState, SubscriptionSubject };

const conform = conformContext as {
  createFormContext: (options: FormOptions) => FormContext;
  getFormMetadata: (
    context: FormContext,
    subjectRef: MutableRefObject<SubscriptionSubject>,
    stateSnapshot: FormState<string[]>,
    noValidate: boolean,
  ) => FormMetadata<Schema, string[]>;
};

export const createFormContext = conform.createFormContext;
export const getFormMetadata = conform.getFormMetadata;
export { parseForm, parseOnServer };

/** The field the answered submission was Conform's check of (the answer carries its intent), if it was one. */
function checkedFieldOf(result: SubmissionResult<string[]>): string | undefined {
  const intent = result.intent as { type?: unknown; payload?: { name?: unknown } } | undefined;
  return intent?.type === "validate" && typeof intent.payload?.name === "string" ? intent.payload.name : undefined;
}

/**
 * The server's answer to Conform's check of a field, as Conform should take it: without the "error" status,
 * and, when the answer names the field it checked, with the verdict on that field and `null` (keep what is
 * shown) for every other field the answer or the page (`shown`) has a problem for.
 */
export function answerToCheck(result: SubmissionResult<string[]>, shown: string[]): SubmissionResult<string[]> {
  const status = result.status === "error" ? undefined : result.status;
  const field = checkedFieldOf(result);
  if (field === undefined) return { ...result, status };
  const error: Record<string, string[] | null> = {};
  for (const name of new Set([...Object.keys(result.error ?? {}), ...shown])) if (name !== field) error[name] = null;
  const verdict = result.error?.[field];
  if (verdict) error[field] = verdict;
  return { ...result, status, error };
}

/** Whether an answer is to Conform's own check: it names one, or the form's last submit was one (`checking`). */
export function isAnswerToCheck(result: SubmissionResult<string[]>, checking: boolean): boolean {
  return checking || checkedFieldOf(result) !== undefined;
}
