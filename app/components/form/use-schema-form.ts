import type { SubmissionResult } from "@conform-to/react";
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from "react";
import type { $ZodType } from "zod/v4/core";
import { constraintOf, type FieldConstraint } from "~/lib/form-constraint";
import type { FormAnswer, FormSchema } from "~/lib/form-submission";
import { loadOnce } from "~/lib/load-once";
import { staticFormMetadata } from "./static-form-metadata";

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

type Runtime = typeof import("./conform-runtime");
type Context = ReturnType<Runtime["createFormContext"]>;
type Subject = Parameters<Runtime["getFormMetadata"]>[1]["current"];

// Conform (~8 KB compressed) loads when a form is first touched, not with the page (ADR 0035).
let runtime: Runtime | undefined;
const waiting = new Set<() => void>();

/**
 * Loads Conform for every form of the page (once); a failed download (offline: the route action
 * validates) is tried again on the next touch.
 */
export const loadFormRuntime = loadOnce(() =>
  import("./conform-runtime").then((module) => {
    runtime = module;
    for (const notify of waiting) notify();
    return module;
  }),
);

function subscribeRuntime(notify: () => void) {
  waiting.add(notify);
  return () => void waiting.delete(notify);
}
const noSubscription = () => () => {};
const useSafeLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;
/** The name of the button Conform submits its own checks with (@conform-to/dom's INTENT). */
const CONFORM_INTENT = "__intent__";
/** What touches a form: Conform is loaded on the first of these (a focusout is noted for the check it missed). */
const TOUCH_EVENTS = ["focusin", "pointerdown", "input", "focusout"] as const;

function isSubmitOf(form: HTMLElement | null, next: EventTarget | null) {
  return next instanceof HTMLButtonElement && next.type === "submit" && next.form === form;
}

/**
 * The form kit's one form hook (Conform underneath): validates with the form schema on submit,
 * each field again when it is left and, once it showed a problem, as it is typed; renders the
 * server's answer the same way (also without JavaScript); gives the schema's limits to the
 * fields as attributes; and after a refused submit moves focus to the first field to fix,
 * scrolled to the middle of the screen (clear of toasts and the top bar on a phone).
 *
 * Until the form is first touched (focus, pointer press, input) Conform is not loaded: the form
 * renders the same markup from the answer alone (`staticFormMetadata`) and posts as it is (the
 * route action validates and answers). Then Conform takes over the form in place, with the steps
 * of its `useForm` (conform-runtime.ts): the DOM is kept, and with it what was typed and the focus.
 */
export function useSchemaForm<S extends Schema>({ id, schema, answer, constraint, defaultValue, onRefused }: SchemaFormOptions<S>) {
  const derived = useMemo(() => constraint ?? (typeof schema === "function" ? undefined : constraintOf(schema)), [constraint, schema]);
  const lastResult = answer?.result as SubmissionResult<string[]> | undefined;
  // Which field Conform checked by its last submit (its hidden `__intent__` button), or false when the last
  // submit was a person's. An answer to such a check (by the server, while the rules are not loaded yet):
  // - reaches Conform without the "error" status, as its checks in the browser do: with that status Conform
  //   puts the cursor on the first field in error (@conform-to/dom report), away from where the person types;
  // - speaks only for the field it checked. The server checked the whole form as it was when sent, and by the
  //   time it answers the person may have filled and left the next fields: its verdict on those ("Invalid email
  //   address" for the address still empty then) would show a problem that is not there and move the form under
  //   the pointer. Every other field keeps what it shows (`null` in a result keeps a field's error in Conform).
  // The kit still reports the refusal (below).
  const [checking, setChecking] = useState(false);
  const shownErrors = useRef<string[]>([]);
  // Keyed to the answer: who sent the form when it came.
  const conformResult = useMemo(
    () =>
      // Only Conform sends checks, so its chunk holds these functions, not every page's.
      // eslint-disable-next-line react-hooks/refs -- what the page shows when this answer comes, read once per answer
      lastResult && runtime?.isAnswerToCheck(lastResult, checking) ? runtime.answerToCheck(lastResult, shownErrors.current) : lastResult,
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [lastResult],
  );
  const loaded = useSyncExternalStore(
    subscribeRuntime,
    () => runtime,
    () => undefined,
  );
  const config = {
    lastResult: conformResult,
    constraint: derived,
    // Conform's DefaultValue type follows the schema's input; ours is validated at run time.
    defaultValue: defaultValue as never,
    shouldValidate: "onBlur" as const,
    shouldRevalidate: "onInput" as const,
    onValidate({ formData }: { formData: FormData }) {
      const current = typeof schema === "function" ? schema() : schema;
      // Only called once Conform is loaded, which is also when `runtime` is set.
      return current ? runtime!.parseForm(formData, current) : runtime!.parseOnServer(formData);
    },
    onSubmit(event: unknown) {
      // Valid in the browser: the route's <Form>/<fetcher.Form> sends it on.
      void event;
    },
  };

  // Conform's useForm (@conform-to/react 1.21 dist/hooks.mjs), its context made once Conform is there;
  // the options of each render reach it through onUpdate (below), as in useForm.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const context = useMemo(() => loaded?.createFormContext({ ...config, formId: id } as never) as Context | undefined, [loaded]);
  useSafeLayoutEffect(() => {
    if (!context) return;
    const disconnect = context.observe();
    document.addEventListener("input", context.onInput);
    document.addEventListener("focusout", context.onBlur);
    document.addEventListener("reset", context.onReset);
    return () => {
      disconnect();
      document.removeEventListener("input", context.onInput);
      document.removeEventListener("focusout", context.onBlur);
      document.removeEventListener("reset", context.onReset);
    };
  }, [context]);
  useSafeLayoutEffect(() => {
    context?.onUpdate({ ...config, formId: id } as never);
  });
  // What Conform would have checked had it been there: the fields left, or typed into while showing
  // a problem, before it arrived. Checked once it runs (with the rules if they are there, otherwise
  // by the action, as any check before the rules arrive).
  const missed = useRef(new Set<string>());
  useEffect(() => {
    if (!context) return;
    for (const name of missed.current) context.validate({ name });
    missed.current.clear();
  }, [context]);
  // Conform's proxies record in it what a render reads, and the form subscribes to that: reset every
  // render, as its useForm does (it is read and written during render by design).
  const subjectRef = useRef<Subject>({ pendingIntents: true });
  // eslint-disable-next-line react-hooks/refs
  subjectRef.current = { pendingIntents: true };
  const subscribe = useCallback(
    (notify: () => void) => (context ? context.subscribe(notify, () => subjectRef.current) : noSubscription()),
    [context],
  );
  const snapshot = useSyncExternalStore(
    subscribe,
    () => context?.getState(),
    () => context?.getState(),
  );
  const pendingIntents = snapshot?.pendingIntents;
  useEffect(() => {
    if (context && pendingIntents) context.runSideEffect(pendingIntents);
  }, [context, pendingIntents]);
  // Conform's proxies record what each render reads: a new pair every render, as its useForm gives.
  // eslint-disable-next-line react-hooks/refs
  const conformForm = loaded && context && snapshot ? loaded.getFormMetadata(context, subjectRef, snapshot, true) : undefined;
  const [form, fields] = conformForm
    ? ([conformForm, conformForm.getFieldset()] as unknown as ReturnType<typeof staticFormMetadata>)
    : staticFormMetadata({ id, lastResult, constraint: derived, defaultValue });

  // A refused submit (in the browser or by the server) puts the cursor where the first problem is;
  // a field left with a problem keeps the cursor where the person went.
  const submitted = useRef(false);
  const byPerson = useRef(false);
  useEffect(() => {
    const element = document.getElementById(id);
    // Conform checks a field it was away for (or one left) by a submit of its own, with a hidden
    // `__intent__` button: that one must not pull the cursor back from the field being typed in.
    const mark = (event: SubmitEvent) => {
      submitted.current = true;
      byPerson.current = (event.submitter as HTMLButtonElement | null)?.name !== CONFORM_INTENT;
      setChecking(!byPerson.current);
    };
    // Leaving a field for the submit button: the submit checks everything anyway, and an error
    // appearing now would push the button away between press and release (the click is lost).
    const holdBlurForSubmit = (event: FocusEvent) => {
      if (isSubmitOf(element, event.relatedTarget)) event.stopPropagation();
    };
    const touch = (event: Event) => {
      void loadFormRuntime().catch(() => {});
      if (runtime) return;
      const target = event.target as HTMLInputElement;
      if (!target.name || !(target.form === element)) return;
      const left = event.type === "focusout" && !isSubmitOf(element, (event as FocusEvent).relatedTarget);
      if (left || (event.type === "input" && target.getAttribute("aria-invalid") === "true")) missed.current.add(target.name);
    };
    element?.addEventListener("submit", mark, true);
    element?.addEventListener("focusout", holdBlurForSubmit);
    for (const type of TOUCH_EVENTS) element?.addEventListener(type, touch, { passive: true });
    // A page hydrated on first use (/contact, ADR 0032) runs this after the focus that woke it.
    if (element?.contains(document.activeElement)) void loadFormRuntime().catch(() => {});
    return () => {
      element?.removeEventListener("submit", mark, true);
      element?.removeEventListener("focusout", holdBlurForSubmit);
      for (const type of TOUCH_EVENTS) element?.removeEventListener(type, touch);
    };
  }, [id]);
  // eslint-disable-next-line react-hooks/refs -- read by the next answer's memo (above), written each render
  shownErrors.current = Object.keys(form.allErrors);
  // A refusal of Conform's own check given to it without its status (above) is still a refusal.
  const status = form.status ?? (conformResult !== lastResult ? lastResult?.status : undefined);
  useEffect(() => {
    if (!submitted.current || !status) return;
    if (status === "success") {
      submitted.current = false;
      return;
    }
    // The status may change a render before the errors arrive: wait for them.
    if (Object.keys(form.allErrors).length === 0) return;
    submitted.current = false;
    if (byPerson.current) focusFirstInvalid(id);
    onRefused?.(form.allErrors);
  }, [id, status, form.allErrors, onRefused]);

  return [form, fields] as const;
}

export { constraintOf };

function focusFirstInvalid(formId: string) {
  const first = document.getElementById(formId)?.querySelector<HTMLElement>('[aria-invalid="true"]');
  if (!first) return;
  first.focus({ preventScroll: true });
  first.scrollIntoView({ block: "center" });
}
