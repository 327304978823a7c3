import { createContext, useContext } from "react";

/**
 * Document pages (ADR 0032): content routes that are read, not used, say `hydrate: false` in their
 * `handle`; root.tsx then sends them without React's JavaScript and with the small script of
 * lib/document-script.ts. Everything on them works as plain HTML: links load pages, forms post.
 */
export const DOCUMENT_PAGE = { hydrate: false } as const;

/**
 * True when a matched route asks for a document page, unless the page shows the account notice
 * (features/account/account-notice.tsx): its resend and close buttons answer in place with React.
 * That notice is rare (after sign-up, until the address is confirmed) and never from the page cache.
 */
export function isDocumentPage(matches: ReadonlyArray<{ handle?: unknown }>, notice: unknown): boolean {
  if (notice) return false;
  return matches.some((match) => (match.handle as { hydrate?: unknown } | undefined)?.hydrate === false);
}

/** The document page's script (entry.server.tsx makes it from lib/document-script.ts); undefined in the browser. */
const DocumentScriptContext = createContext<string | undefined>(undefined);

export const DocumentScriptProvider = DocumentScriptContext.Provider;

export function useDocumentScript() {
  return useContext(DocumentScriptContext);
}
