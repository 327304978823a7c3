import { createContext, useContext } from "react";

/**
 * Document pages (ADR 0032): content routes that are read, not used, say `hydrate: false` in their
 * `handle`; root.tsx then sends them without React's JavaScript, with only the shell's inline script
 * (app/shell/, as on every page). Everything on them works as plain HTML: links load pages, forms post.
 */
export const DOCUMENT_PAGE = { hydrate: false } as const;

/**
 * A page that needs React only once it is used (/contact: its form's toasts, busy label and inline
 * checks): sent like a document page, with React Router's scripts held in a <template> that the
 * shell script runs when the visitor first turns to a form (entry.server.tsx, app/shell/deferred-hydration.ts).
 */
export const HYDRATE_ON_USE = { hydrate: "on-use" } as const;

/**
 * A page that is all controls (/media): sent like HYDRATE_ON_USE, with React's scripts run at the
 * visitor's first sign of use anywhere on it (a pointer moved or pressed, a touch, a key, a scroll). A
 * button pressed before React is there is pressed again once it is; a filter chosen then applies as
 * the plain GET form it is (app/shell/deferred-hydration.ts).
 */
export const HYDRATE_ON_INTERACTION = { hydrate: "on-interaction" } as const;

export type PageMode = "hydrate" | "document" | "on-use" | "on-interaction";

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
  if (modes.includes("on-interaction")) return "on-interaction";
  return modes.includes("on-use") ? "on-use" : "hydrate";
}

/**
 * Marks where React Router's scripts begin on a page hydrated on first use (moved into it by
 * entry.server.tsx); its value says when they run: "" at the first use of a form, "interaction" at the
 * first sign of use anywhere.
 */
export const DEFERRED_HYDRATION_MARKER = /<template data-deferred-hydration="(|interaction)"><\/template>/;

/**
 * The query parameter of a stored page's data (ADR 0095): on a page hydrated on first use that the page
 * cache keeps, React Router's data is not in the HTML but at the page's address with this parameter,
 * fetched by the held-back scripts when they run.
 */
export const PAGE_DATA_PARAM = "page-data";

/** The shell's inline script and its settings as JSON (entry.server.tsx, app/shell/); undefined in the browser. */
const ShellScriptContext = createContext<{ script: string; config: string } | undefined>(undefined);

export const ShellScriptProvider = ShellScriptContext.Provider;

export function useShellScript() {
  return useContext(ShellScriptContext);
}
