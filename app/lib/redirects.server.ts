import { redirects } from "~/db/schema";
import { subscribeToChanges } from "./change-bus.server";
import { db } from "./db.server";
import { logger } from "./logger.server";
import { redirectKeyOf } from "./site-path";

/**
 * The redirects the request guard serves (ADR 0055), one map per server process: loaded at start,
 * loaded again whenever the console announces "redirects" on the change bus (NOTIFY in the saving
 * transaction, ADR 0025) or the bus says anything may have changed ("*", after a reconnect). A
 * request looks its path up in memory: nothing is read from the database on the way, and with no
 * redirects at all the lookup is one size check.
 */
export const REDIRECTS_TOPIC = "redirects";
/** A load that failed (the database away for a moment) is tried again after this long. */
const RETRY_MS = 5000;

export interface ServedRedirect {
  /** A path on this site with its own query and fragment, as stored. */
  target: string;
}

/**
 * The Location of a redirect: the request's query goes along (`/old?utm_source=x` → `/new?utm_source=x`)
 * unless the target has a query of its own; a fragment stays last. Both parts come from the WHATWG
 * parser (percent-encoded), so the header holds nothing a browser would read differently.
 */
export function locationOf(redirect: ServedRedirect, search: string) {
  const { target } = redirect;
  if (!search || search === "?") return target;
  const hashAt = target.indexOf("#");
  const path = hashAt === -1 ? target : target.slice(0, hashAt);
  if (path.includes("?")) return target;
  return hashAt === -1 ? `${path}${search}` : `${path}${search}${target.slice(hashAt)}`;
}

export function createRedirectTable() {
  let map = new Map<string, ServedRedirect>();
  let generation = 0;
  let pending: Promise<void> = Promise.resolve();
  let retry: NodeJS.Timeout | undefined;
  let stopped = false;

  function load(): Promise<void> {
    const started = ++generation;
    clearTimeout(retry);
    pending = (async () => {
      try {
        const rows = await db().select({ fromPath: redirects.fromPath, target: redirects.target }).from(redirects);
        // A load that started before a newer one may have read the rows before the newer change.
        if (started === generation) map = new Map(rows.map((row) => [row.fromPath, { target: row.target }]));
      } catch (error) {
        if (started !== generation || stopped) return;
        logger.warn(`Could not load the redirects (kept the ones in memory): ${error instanceof Error ? error.message : String(error)}`);
        retry = setTimeout(() => void load(), RETRY_MS);
        retry.unref();
      }
    })();
    return pending;
  }

  const unsubscribe = subscribeToChanges((topic) => {
    if (!stopped && (topic === REDIRECTS_TOPIC || topic === "*")) void load();
  });

  return {
    load,
    /** The redirect of a request path (as the URL parser gives it), if one is stored. */
    find(pathname: string): ServedRedirect | undefined {
      return map.size === 0 ? undefined : map.get(redirectKeyOf(pathname));
    },
    /** Resolves when the latest load has finished (tests). */
    settled: () => pending,
    stop() {
      stopped = true;
      clearTimeout(retry);
      unsubscribe();
    },
  };
}

let processTable: ReturnType<typeof createRedirectTable> | undefined;

/** Loads this process's redirects and keeps them current (server start). */
export async function startRedirects() {
  processTable ??= createRedirectTable();
  await processTable.load();
}

export function stopRedirects() {
  processTable?.stop();
  processTable = undefined;
}

/** The redirect the guard serves for this path, if any (none before startRedirects). */
export function findRedirect(pathname: string) {
  return processTable?.find(pathname);
}
