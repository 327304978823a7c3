import { redirect } from "react-router";
import { answer, runIntent, type IntentContext } from "~/lib/form-action.server";
import { doneAnswer, failedAnswer, invalidAnswer, parseForm, type FormAnswer, type FormSchema } from "~/lib/form-submission";
import type { ConsoleActor } from "./guard.server";

/**
 * Console actions on the form kit (ADR 0016, ADR 0020): each route's action is a table of named
 * handlers (`runConsoleIntent`), each handler parses its form with the schema the browser uses,
 * calls a server function and answers with a `FormAnswer` (field errors inline, the form's own
 * problem above its button, a success `message` shown next to the form). The actor comes from
 * `requireConsole` (the session), never from the body.
 */
export type ConsoleAnswer = FormAnswer<{ target?: string }>;
export type ConsoleHandler = (context: IntentContext, actor: ConsoleActor) => Promise<unknown>;

/** Runs the handler named by the form's intent with the signed-in console user; unknown intent → 400. */
export function runConsoleIntent(request: Request, actor: ConsoleActor, handlers: Record<string, ConsoleHandler>) {
  const bound = Object.fromEntries(
    Object.entries(handlers).map(([intent, handler]) => [intent, (context: IntentContext) => handler(context, actor)]),
  );
  return runIntent(request, bound);
}

/** What a console server function reports. */
export type Outcome = { ok: true; message?: string } | { ok: false; status: number; error?: string; fields?: Record<string, string> };

/**
 * Parses the form, runs `work` with the valid values and answers with its outcome: the schema's
 * refusals and the function's refusals look the same to the page. `message` is the success text
 * when the outcome has none; `target` names the entry of a per-row form (its answer only).
 */
export async function handleForm<S extends FormSchema>(
  { form, intent }: IntentContext,
  schema: S,
  work: (value: ValueOf<S>) => Promise<Outcome>,
  options: { message?: string; keepValues?: boolean; target?: string } = {},
) {
  const submission = parseForm(form, schema);
  const extra = options.target ? { target: options.target } : undefined;
  if (submission.status !== "success") return answer({ ...invalidAnswer(intent, submission), ...extra }, 400);
  const outcome = await work(submission.value as ValueOf<S>);
  if (!outcome.ok) {
    return answer(
      failedAnswer(
        intent,
        submission,
        { form: outcome.error ?? (outcome.fields ? undefined : "admin.errors.failed"), fields: outcome.fields },
        extra,
      ),
      outcome.status,
    );
  }
  return answer(doneAnswer(intent, submission, { message: outcome.message ?? options.message, keepValues: options.keepValues, extra }));
}

type ValueOf<S> = S extends FormSchema<infer Output> ? Output : never;

/** The hidden `id` of a per-row form, for its answer (only that row shows it). */
export function targetOf(form: FormData) {
  const value = form.get("id");
  return typeof value === "string" ? value.slice(0, 100) : undefined;
}

/** Work whose success leaves the page (delete, mark unread): its refusal is answered, its success redirects. */
export function thenRedirect(work: () => Promise<Outcome>, to: string) {
  return async (): Promise<Outcome> => {
    const outcome = await work();
    if (!outcome.ok) return outcome;
    throw redirect(to);
  };
}
