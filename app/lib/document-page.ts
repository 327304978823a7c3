import { createContext, useContext } from "react";

/**
 * Document pages (ADR 0032): content routes that are read, not used, say `hydrate: false` in their
 * `handle`; root.tsx then sends them without React's JavaScript and with the small script of
 * lib/document-script.ts. Everything on them works as plain HTML: links load pages, forms post.
 */
export const DOCUMENT_PAGE = { hydrate: false } as const;

/**
 * A page that needs React only once it is used (/contact: its form's toasts, busy label and inline
 * checks): sent like a document page, with React Router's scripts held in a <template> that the
 * page's script runs when the visitor first turns to a form (entry.server.tsx, lib/document-script.ts).
 */
export const HYDRATE_ON_USE = { hydrate: "on-use" } as const;

export type PageMode = "hydrate" | "document" | "on-use";

/**
 * How a page is sent: as a document or hydrated on first use when a matched route says so, unless
 * the page shows the account notice (features/account/account-notice.tsx): its resend and close
 * buttons answer in place with React. That notice is rare (after sign-up, until the address is
 * confirmed) and never comes from the page cache.
 */
export function pageModeOf(matches: ReadonlyArray<{ handle?: unknown }>, notice: unknown): PageMode {
  if (notice) return "hydrate";
  const modes = matches.map((match) => (match.handle as { hydrate?: unknown } | undefined)?.hydrate);
  if (modes.includes(false)) return "document";
  return modes.includes("on-use") ? "on-use" : "hydrate";
}

/** Marks where React Router's scripts begin on a page hydrated on first use (moved into it by entry.server.tsx). */
export const DEFERRED_HYDRATION_MARKER = '<template data-deferred-hydration=""></template>';

/** The document page's script (entry.server.tsx makes it from lib/document-script.ts); undefined in the browser. */
const DocumentScriptContext = createContext<string | undefined>(undefined);

export const DocumentScriptProvider = DocumentScriptContext.Provider;

export function useDocumentScript() {
  return useContext(DocumentScriptContext);
}
