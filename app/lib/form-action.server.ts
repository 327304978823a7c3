import { data } from "react-router";
import { INVALID_VALUE_KEY, type FormAnswer } from "./form-submission";

/**
 * A route action as a table of intents: each form posts a hidden `intent` field, and a small named
 * handler per intent parses, limits, calls and answers. The table is the whole action; nothing
 * else branches on the intent.
 */
export interface IntentContext {
  request: Request;
  form: FormData;
  intent: string;
}
export type IntentHandler = (context: IntentContext) => Promise<unknown>;

/** The request's form, or an empty one when the body is not a form (a garbage post is just invalid). */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    return new FormData();
  }
}

/** Runs the handler named by the form's `intent`; an unknown intent answers 400 with a form error. */
export async function runIntent(request: Request, handlers: Record<string, IntentHandler>, form?: FormData) {
  const body = form ?? (await readForm(request));
  const intent = String(body.get("intent") ?? "");
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return answer(unknownIntentAnswer(intent), 400);
  return handler({ request, form: body, intent });
}

function unknownIntentAnswer(intent: string): FormAnswer {
  return { intent, ok: false, result: { status: "error", error: { "": [INVALID_VALUE_KEY] } } };
}

/** The answer as the action's response, with its HTTP status and any headers (cookies). */
export function answer<Extra extends object>(body: FormAnswer<Extra>, status?: number, headers?: Headers) {
  return data(body, { status: status ?? (body.ok ? 200 : 400), headers });
}
