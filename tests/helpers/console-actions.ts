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

/**
 * A console upload's request (POST /admin/media/upload): its body the given bytes, streamed in chunks as
 * a browser upload arrives, optionally breaking off after `failAfter` bytes; `headers` as the browser sends them.
 */
export function uploadRequest(bytes: Buffer, options: { failAfter?: number; headers?: Record<string, string> } = {}) {
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (options.failAfter !== undefined && offset >= options.failAfter) {
        controller.error(new Error("client went away"));
        return;
      }
      const chunk = bytes.subarray(offset, offset + 4096);
      offset += chunk.length;
      if (chunk.length) controller.enqueue(new Uint8Array(chunk));
      else controller.close();
    },
  });
  return new Request("http://localhost/admin/media/upload", {
    method: "POST",
    body,
    headers: options.headers,
    duplex: "half",
  } as RequestInit);
}
