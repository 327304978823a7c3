import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";

/**
 * The request a piece of server work belongs to (ADR 0065): its id, given by `server/app.ts` to every
 * request it answers and sent back as `X-Request-Id`, so a log line, a recorded error and the visitor's
 * error page name the same request. Work outside a request (jobs, start-up) has none.
 */
const storage = new AsyncLocalStorage<{ requestId: string }>();

/** A new request id: 16 hex characters, nothing taken from the request. */
export function newRequestId() {
  return randomBytes(8).toString("hex");
}

export function runWithRequestId<T>(requestId: string, work: () => T): T {
  return storage.run({ requestId }, work);
}

/** The id of the request being answered, or undefined outside one. */
export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}
