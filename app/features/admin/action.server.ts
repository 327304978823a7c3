import { data } from "react-router";

/**
 * Console actions: every form posts an `intent`; a route maps intents to named handlers.
 * Answers are `ActionResult` data: a translated message key, or field errors (all at once).
 */
export interface ActionResult {
  ok: boolean;
  intent?: string;
  message?: string;
  error?: string;
  errors?: Record<string, string>;
  values?: Record<string, unknown>;
}

export function ok(intent: string, message: string, extra: Partial<ActionResult> = {}) {
  return data<ActionResult>({ ok: true, intent, message, ...extra });
}

export function fail(intent: string, error: string, status = 400, extra: Partial<ActionResult> = {}) {
  return data<ActionResult>({ ok: false, intent, error, ...extra }, { status });
}

/** The posted form; garbage (wrong content type, broken body) is a 400, never a 500. */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data<ActionResult>({ ok: false, error: "admin.errors.badRequest" }, { status: 400 });
  }
}

export function text(form: FormData, name: string) {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

type Handler = (form: FormData) => Promise<ReturnType<typeof data<ActionResult>>>;

/** Runs the handler named by the form's intent; an unknown intent is a 400. */
export async function dispatch(request: Request, handlers: Record<string, Handler>) {
  const form = await readForm(request);
  const intent = text(form, "intent");
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler) return fail(intent, "admin.errors.unknownIntent");
  return handler(form);
}
