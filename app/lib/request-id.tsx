import { createContext, useContext } from "react";

/**
 * The id of the request whose answer is being rendered (the `X-Request-Id` of the answer, ADR 0065).
 * The error page shows it, so a visitor can quote it and the operator finds the error on the System
 * page and in the log. The server provides it while it renders; the browser takes it from the error
 * page it was given (`data-request-id`), so hydration renders the same text.
 */
const RequestIdContext = createContext<string | undefined>(undefined);

export const RequestIdProvider = RequestIdContext.Provider;

export function useRequestId() {
  return useContext(RequestIdContext);
}

/** In the browser: the id the server rendered into an error page, if this document is one. */
export function renderedRequestId(doc: Document): string | undefined {
  return doc.querySelector<HTMLElement>("[data-request-id]")?.dataset.requestId;
}
