import type { FormAnswer } from "~/lib/form-submission";

/**
 * Console actions in vitest: a form post as the browser sends it (urlencoded, with its `intent`),
 * and the answer a route action gives back (React Router's `data(...)`: body and status).
 */
export function formPost(path: string, intent: string, values: Record<string, string | string[]> = {}) {
  const body = new URLSearchParams({ intent, js: "1" });
  for (const [name, value] of Object.entries(values)) for (const entry of [value].flat()) body.append(name, entry);
  return new Request(`http://localhost${path}`, { method: "POST", body });
}

/** A garbage body: not a form at all. */
export function garbagePost(path: string) {
  return new Request(`http://localhost${path}`, {
    method: "POST",
    body: "\u0000{not a form",
    headers: { "Content-Type": "application/json" },
  });
}

export interface ActionAnswer {
  status: number;
  body: FormAnswer<{ target?: string }>;
}

export function answerOf(result: unknown): ActionAnswer {
  const value = result as { data: FormAnswer<{ target?: string }>; init?: { status?: number } | null };
  return { status: value.init?.status ?? 200, body: value.data };
}

/** The redirect an action threw (a Response with Location), or fails. */
export async function redirectOf(action: Promise<unknown>): Promise<string> {
  try {
    await action;
  } catch (thrown) {
    if (thrown instanceof Response && thrown.headers.get("Location")) return thrown.headers.get("Location")!;
    throw thrown;
  }
  throw new Error("the action did not redirect");
}
