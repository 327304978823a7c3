import type { NextFunction, Request, Response } from "express";
import { isbot } from "isbot";
import { isConsolePath } from "~/features/admin/access";
import { recordEvent, type CountedRequest } from "~/features/analytics/events.server";
import { parseLibraryFilters } from "~/features/media/filters";
import { getEnv } from "~/lib/env.server";
import { resolveLanguage } from "~/lib/i18n.server";
import { PAGE_DATA_PARAM } from "~/lib/document-page";
import { RESULT_COUNT_HEADER } from "~/lib/page";
import type { PageTable } from "./page-table";
import { clientAddressOf, urlOf } from "./request-url";

/**
 * What of a finished answer the console's Analytics counts (ADR 0068). Mounted before the page
 * cache (server/app.ts), so a page the cache answers is counted like a rendered one. The request is
 * sorted out after its answer has gone; the response path only gains a listener.
 *
 * Counted, for browsers (not bots: `isbot`, nor prefetches):
 * - a page view: GET of a page (a route with a component, outside the console: its `handle`, ADR
 *   0050) answered 200; its path without the query, the page's language, the browser's preferred
 *   language (first of Accept-Language, primary subtag), the referrer's host unless it is this site,
 *   and utm_source/utm_medium/utm_campaign;
 * - a 404 of a document request, with the referrer (its path when it is this site: a broken link of ours);
 * - a library search (/media or its data request, without a cursor, with a query or a filter): the
 *   normalised words, the filters, and the number of results the page had (RESULT_COUNT_HEADER);
 * - a preview of an item, and a download refused to a visitor without an account (the gated download).
 */
const MAX_PATH = 300;
const MAX_TEXT = 100;
const PREVIEW = /^\/api\/media\/([0-9a-f-]{36})\/preview$/i;
const DOWNLOAD = /^\/api\/media\/([0-9a-f-]{36})\/download$/i;

function text(value: string | null | undefined, max = MAX_TEXT) {
  return (value ?? "").trim().replace(/\s+/g, " ").slice(0, max);
}

/** The primary subtag of the first language the browser names (`de-AT,de;q=0.9` → `de`); "" for none or `*`. */
export function browserLanguageOf(header: string | undefined) {
  return /^\s*([a-z]{2,3})(?:[-_;,\s]|$)/i.exec(header ?? "")?.[1]?.toLowerCase() ?? "";
}

/** The referrer's host, or for this site's own pages "" (own: `{ path }` wanted for a 404). */
export function referrerOf(header: string | undefined, ownHosts: string[], own: "none" | "path" = "none") {
  if (!header) return "";
  let url: URL;
  try {
    url = new URL(header);
  } catch {
    return "";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "";
  const host = url.host.toLowerCase();
  if (ownHosts.includes(host)) return own === "path" ? text(url.pathname, MAX_PATH) : "";
  return text(host);
}

/** The library search of a URL in a normal form: its words in lower case, single spaces; its filters as a query. */
export function librarySearchOf(url: URL) {
  const filters = parseLibraryFilters(url);
  const query = text(filters.q.toLowerCase());
  const applied = new URLSearchParams();
  if (filters.type !== "all") applied.set("type", filters.type);
  if (filters.category) applied.set("category", filters.category);
  if (filters.language) applied.set("language", filters.language);
  return { query, filters: applied.toString() };
}

function isPrefetch(req: Request) {
  const purpose = `${req.headers["sec-purpose"] ?? ""} ${req.headers.purpose ?? ""}`;
  return /prefetch|prerender/i.test(purpose);
}

function wantsDocument(req: Request) {
  const dest = req.headers["sec-fetch-dest"];
  if (typeof dest === "string") return dest === "document";
  return /text\/html/.test(req.headers.accept ?? "");
}

/** What this answer counts as, or undefined (exported for tests). */
export function countedRequestOf(req: Request, res: Response, table: PageTable, ownHosts: string[]): CountedRequest | undefined {
  const userAgent = req.headers["user-agent"];
  if (!userAgent || isbot(userAgent) || isPrefetch(req)) return undefined;
  const path = req.path;
  if (isConsolePath(path)) return undefined;
  const status = res.statusCode;
  const who = { address: clientAddressOf(req), userAgent };
  if (req.method === "POST") {
    const gated = DOWNLOAD.exec(path);
    return gated && status === 401 ? { kind: "gated_download", itemId: gated[1]!.toLowerCase(), ...who } : undefined;
  }
  if (req.method !== "GET") return undefined;
  const preview = PREVIEW.exec(path);
  if (preview) return status < 400 ? { kind: "preview", itemId: preview[1]!.toLowerCase(), ...who } : undefined;
  const url = urlOf(req);
  // A page's data loaded by its own scripts (ADR 0095): part of the view already counted.
  if (url.searchParams.has(PAGE_DATA_PARAM)) return undefined;
  const isData = path.endsWith(".data");
  const pagePath = isData ? path.slice(0, -".data".length) || "/" : path;
  if (status === 200 && pagePath === "/media" && !url.searchParams.has("cursor")) {
    const search = librarySearchOf(url);
    const results = Number(res.getHeader(RESULT_COUNT_HEADER));
    if ((search.query || search.filters) && Number.isInteger(results)) {
      // A search is one event; the page view of a document request is counted with it.
      if (isData) return { kind: "search", ...search, results, ...who };
      recordEvent({ kind: "search", ...search, results, ...who });
    }
  }
  if (isData) return undefined;
  const route = table.find(path);
  if (status === 200 && route && route.console === null && route.mode !== null) {
    const params = url.searchParams;
    return {
      kind: "view",
      path: text(path, MAX_PATH),
      language: resolveLanguage(url, req.headers.cookie).language,
      browserLanguage: browserLanguageOf(req.headers["accept-language"]),
      referrer: referrerOf(req.headers.referer, ownHosts),
      utmSource: text(params.get("utm_source")),
      utmMedium: text(params.get("utm_medium")),
      utmCampaign: text(params.get("utm_campaign")),
      ...who,
    };
  }
  if (status === 404 && wantsDocument(req)) {
    return { kind: "not_found", path: text(path, MAX_PATH), referrer: referrerOf(req.headers.referer, ownHosts, "path"), ...who };
  }
  return undefined;
}

export function countVisits(pages: () => PageTable | Promise<PageTable>) {
  const env = getEnv();
  if (!env.ANALYTICS) return (_req: Request, _res: Response, next: NextFunction) => next();
  const publicHost = new URL(env.PUBLIC_URL).host.toLowerCase();
  return function visits(req: Request, res: Response, next: NextFunction) {
    if (req.method === "GET" || req.method === "POST") {
      res.once("finish", () => {
        void Promise.resolve(pages())
          .then((table) => {
            const ownHosts = [publicHost, String(req.headers.host ?? "").toLowerCase()];
            const event = countedRequestOf(req, res, table, ownHosts);
            if (event) recordEvent(event);
          })
          .catch(() => {});
      });
    }
    next();
  };
}
