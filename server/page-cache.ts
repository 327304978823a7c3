import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { subscribeToChanges } from "~/lib/change-bus.server";
import { NOTICE_COOKIE } from "~/features/account/account-notice.server";
import { carriesSessionCookie, readCookie } from "~/lib/cookies.server";
import { contentSecurityPolicy, cspHeaderName } from "~/lib/csp.server";
import { getEnv } from "~/lib/env.server";
import { LANGUAGE_COOKIE } from "~/lib/i18n";
import { resolveLanguage } from "~/lib/i18n.server";
import { onPagesInvalidated } from "~/lib/page-invalidation.server";
import { onPublicContentChanged } from "~/lib/public-content.server";
import { PREVIEW_PARAM } from "~/lib/page-preview.server";
import { PAGE_DATA_PARAM } from "~/lib/document-page";
import type { PageCache } from "~/lib/page";
import type { PageTable } from "./page-table";
import { splitPageData } from "./page-data";
import { preferredEncoding } from "./preferred-encoding";
import { urlOf } from "./request-url";

/**
 * An in-memory HTML cache in front of React Router for pages that are the same for every
 * anonymous visitor in a language (ADR 0011, ADR 0026). The key is path + normalized query +
 * language, and the page is rendered from the key alone (ADR 0014): this site's address, the canonical
 * query, the language as the only cookie; nothing else a first requester sent can reach a shared page.
 * Bypassed for a session cookie as better-auth reads it (app/lib/cookies.server.ts), for a query the
 * page does not know, and for everything but GET/HEAD. Only 200 answers without Set-Cookie are kept,
 * with their gzip and brotli forms (each with its own ETag), so a hit costs neither rendering nor compression.
 *
 * Which pages, by which key and for how long is what each route declares (its `page.cache`, ADR 0050):
 * - content pages and /auth live CONTENT_LIFETIME_MS (app/lib/page.ts);
 * - the media library (/media by filters, cursor and open item) and the shop (/shop by category and
 *   page) live LIVE_LIFETIME_MS, and are dropped at once by `invalidatePages("media" | "shop")`
 *   (app/lib/page-invalidation.server.ts) when an import changes their data; a console edit
 *   (`publicContentChanged()`) drops every page. Both also go out on the change bus (ADR 0025), so
 *   every server process drops the same pages. The lifetime bounds what is not announced: download counts.
 *
 * Content-Security-Policy (ADR 0014): a stored page is rendered with a placeholder nonce, which is
 * then taken out; its inline scripts are allowed by their SHA-256 instead ('sha256-…' in the policy,
 * computed once per entry), so the bytes are the same for every visitor and are compressed once.
 * Each answer's policy still carries that answer's fresh nonce. Rendered pages keep the nonce alone.
 *
 * Page data (ADR 0095): a page hydrated on first use keeps React Router's data out of its stored HTML;
 * the held-back scripts load it from the page's address with `?page-data=1` (PAGE_DATA_PARAM), which
 * this cache answers from the same entry, so the data is the one the page was rendered with.
 *
 * Member shells (ADR 0031): `/profile` without a query is the same document for every member, a
 * shell whose member data the page then fetches (`/profile.data`, private, never stored here). It is
 * served only to requests WITH a session cookie (without one React Router answers: the redirect to
 * /auth), and rendered with no cookie but the language's and `pageShell: true` in the load context,
 * so no loader can put anything of a session into it.
 */
const MAX_ENTRIES = 300;

/** Stands for the nonce while a page is rendered for the cache. */
const NONCE_PLACEHOLDER = "cspNoncePlaceholder0000000";
const NONCE_ATTRIBUTE = new RegExp(` nonce="${NONCE_PLACEHOLDER}"`, "g");
const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script>/g;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** A stored body in the two codings browsers take. */
function compress(body: Buffer, brotliQuality: number) {
  return Promise.all([
    brotli(body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: brotliQuality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
    }),
    gzip(body, { level: 9 }),
  ]);
}

interface Entry {
  tag: string;
  expiresAt: number;
  status: number;
  headers: Array<[string, string]>;
  /** The page's hash: each encoding's ETag is made of it (entityTagOf). */
  etag: string;
  /** 'sha256-…' of every inline script of the page, for the Content-Security-Policy. */
  scriptHashes: string[];
  gzip: Buffer;
  br: Buffer;
  /** The page's React Router data as a script, when its HTML loads it from PAGE_DATA_PARAM (ADR 0095). */
  data?: { etag: string; gzip: Buffer; br: Buffer };
}

/** An answer that may not be shared (a redirect, a 404, a Set-Cookie): passed on as it came. */
interface Uncacheable {
  status: number;
  headers: Array<[string, string]>;
  /** Rendered with the placeholder nonce. */
  body: string;
}

/**
 * React hoists the route modules' <link rel="modulepreload"> into <head>, so on a slow phone
 * connection ~140 KB of JavaScript (ADR 0013) competes with the first paint. Without them the HTML and CSS
 * paint first and the scripts load right after (the module script at the end of <body>
 * imports them); React re-adds the hints when it hydrates.
 */
export function withoutModulePreloads(html: string) {
  return html.replace(/<link rel="modulepreload" href="[^"]*"(?: nonce="[^"]*")?\/>/g, "");
}

/** The page with the placeholder nonce put back as the given one (or taken out: ""). */
export function withNonce(html: string, nonce: string) {
  return html.replace(NONCE_ATTRIBUTE, nonce ? ` nonce="${nonce}"` : "");
}

/** The CSP hash sources of a page's inline scripts (JSON-LD is data, not run: left out). */
export function inlineScriptHashes(html: string) {
  const hashes = new Set<string>();
  for (const [, attributes, body] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc=/.test(attributes!) || /type="application\/ld\+json"/.test(attributes!)) continue;
    hashes.add(`sha256-${createHash("sha256").update(body!, "utf8").digest("base64")}`);
  }
  return [...hashes];
}

/**
 * The strong ETag of one encoding of a page: each of identity, gzip and brotli is other bytes, so
 * each has its own tag (RFC 9110 §8.8.3), and a cache that stored one encoding revalidates that one.
 */
export function entityTagOf(hash: string, encoding: "br" | "gzip" | undefined) {
  return `"${hash}${encoding ? `-${encoding}` : ""}"`;
}

/** Whether If-None-Match names this tag (a list, `*`, weak tags compared weakly: RFC 9110 §13.1.2). */
export function noneMatch(header: string | undefined, etag: string) {
  if (!header) return false;
  return header.split(",").some((tag) => {
    const trimmed = tag.trim();
    return trimmed === "*" || trimmed.replace(/^W\//, "") === etag;
  });
}

type Handler = (request: Request, context: Record<string, unknown>) => Promise<Response>;

/** A request the cache answers: its key, and what the page is rendered from (nothing else of the request). */
interface Found {
  key: string;
  policy: PageCache;
  /** The canonical query (PageCache.key). */
  query: string;
  language: string;
  /** Asked for the page's data (PAGE_DATA_PARAM), not the page. */
  wantsData: boolean;
}

export function createPageCache(options: {
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** The pages the build declares (server/page-table.ts): which are kept, by which key, how long. */
  pages: () => PageTable | Promise<PageTable>;
  mode?: string;
  /**
   * Overrides every page's lifetime. Zero (development, ADR 0052): each request renders afresh, still
   * keyed, rendered from its key alone and sent with the same headers, but nothing is kept.
   */
  lifetimeMs?: number;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Record<string, unknown>;
  /** Renders a page (default: React Router's handler for `build`); tests pass their own. */
  handler?: Handler;
}) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | Uncacheable>>();
  // Bumped by every invalidation of a tag: a render that started before it is not stored.
  const generations = new Map<string, number>();
  let handler = options.handler;

  const generationOf = (tag: string) => (generations.get(tag) ?? 0) + (generations.get("*") ?? 0);

  const drop = (tag: string) => {
    generations.set(tag, (generations.get(tag) ?? 0) + 1);
    for (const [key, entry] of entries) if (tag === "*" || entry.tag === tag) entries.delete(key);
    for (const key of pending.keys()) if (tag === "*" || key.startsWith(`${tag}|`)) pending.delete(key);
  };
  // This process's own changes drop their pages at once (before the change bus delivers them):
  // tagged ones (app/lib/page-invalidation.server.ts) and the console's (public-content.server.ts).
  const unsubscribeLocal = onPagesInvalidated(drop);
  const unsubscribeConsole = onPublicContentChanged(() => drop("*"));
  // A change announced by any process, this one included (ADR 0025): the library's, the shop's or the
  // content pages for "media" / "shop" / "content" (a publish, ADR 0054), all pages for anything else ("*", "settings", a lost connection).
  const unsubscribeBus = subscribeToChanges((topic) => drop(topic === "media" || topic === "shop" || topic === "content" ? topic : "*"));
  const unsubscribe = () => {
    unsubscribeLocal();
    unsubscribeConsole();
    unsubscribeBus();
  };

  function cacheKeyOf(req: ExpressRequest, res: ExpressResponse, pages: PageTable): Found | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    const policy = pages.cacheOf(req.path);
    if (!policy) return undefined;
    const cookie = req.headers.cookie;
    // A visitor with an account notice (features/account/account-notice.server.ts) sees pages of their own.
    if (readCookie(cookie, NOTICE_COOKIE)) return undefined;
    const signedIn = carriesSessionCookie(cookie);
    if (policy.memberShell ? !signedIn : signedIn) return undefined;
    // Console staff get their own build's pages (server/console-gate.ts), rendered per request.
    if (policy.memberShell && (res.locals.consoleAudience ?? "public") !== "public") return undefined;
    const url = urlOf(req);
    const wantsData = url.searchParams.has(PAGE_DATA_PARAM);
    url.searchParams.delete(PAGE_DATA_PARAM);
    // A preview of a draft (ADR 0059) is never shared, whatever a page's key would accept.
    if (url.searchParams.has(PREVIEW_PARAM)) return undefined;
    const query = policy.key(url.searchParams);
    if (query === undefined) return undefined;
    const language = resolveLanguage(url, cookie).language;
    return { key: `${policy.tag}|${req.path}?${query}|${language}`, policy, query, language, wantsData };
  }

  async function render(req: ExpressRequest, res: ExpressResponse, { policy, query, language }: Found): Promise<Entry | Uncacheable> {
    const generation = generationOf(policy.tag);
    const lifetimeMs = options.lifetimeMs ?? policy.lifetimeMs;
    handler ??= createRequestHandler(options.build!, options.mode) as Handler;
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    // The page is a function of its key alone: this site's address (not the Host sent), the path, the
    // canonical query, and the language as the only cookie (a member shell's loaders also know: pageShell).
    const url = `${new URL(getEnv().PUBLIC_URL).origin}${req.path}${query ? `?${query}` : ""}`;
    headers.delete("cookie");
    headers.delete("authorization");
    headers.set("cookie", `${LANGUAGE_COOKIE}=${language}`);
    const context: Record<string, unknown> = { ...options.getLoadContext(req, res), cspNonce: NONCE_PLACEHOLDER };
    if (policy.memberShell) context.pageShell = true;
    const response = await handler(new Request(url, { method: "GET", headers }), context);
    const raw = await response.text();
    const kept = [...response.headers].filter(
      ([name]) => name !== "content-length" && name !== "content-encoding" && !name.startsWith("content-security-policy"),
    );
    if (response.status !== 200 || response.headers.has("set-cookie")) {
      return { status: response.status, headers: kept, body: raw };
    }
    const rendered = withNonce(withoutModulePreloads(raw), "");
    // The data's address is the page's key: the same entry answers it, in every process alike.
    const dataQuery = new URLSearchParams(query);
    dataQuery.set("lang", language);
    dataQuery.set(PAGE_DATA_PARAM, "1");
    const split = splitPageData(rendered, `${req.path}?${dataQuery}`);
    const html = split?.html ?? rendered;
    const body = Buffer.from(html);
    const data = split ? Buffer.from(split.data) : undefined;
    const [[br, gz], compressedData] = await Promise.all([
      compress(body, policy.brotliQuality),
      data ? compress(data, policy.brotliQuality) : undefined,
    ]);
    return {
      tag: policy.tag,
      // Changed while rendering: serve it to those who asked, keep nothing.
      expiresAt: generation === generationOf(policy.tag) && lifetimeMs > 0 ? Date.now() + lifetimeMs : 0,
      status: 200,
      headers: kept,
      etag: createHash("sha1").update(body).digest("base64url"),
      scriptHashes: inlineScriptHashes(html),
      gzip: gz,
      br,
      data:
        data && compressedData
          ? { etag: createHash("sha1").update(data).digest("base64url"), br: compressedData[0], gzip: compressedData[1] }
          : undefined,
    };
  }

  /** A stored body in the coding the client takes, with that coding's ETag (a 304 when the client has it). */
  function sendBody(req: ExpressRequest, res: ExpressResponse, stored: { br: Buffer; gzip: Buffer }, hash: string) {
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const etag = entityTagOf(hash, encoding);
    res.setHeader("ETag", etag);
    if (noneMatch(req.headers["if-none-match"], etag)) {
      res.status(304).end();
      return;
    }
    // The plain form is rare (every browser takes gzip): unpacked on demand instead of kept.
    const body = encoding ? stored[encoding] : zlib.gunzipSync(stored.gzip);
    // A Content-Encoding already set makes the compression middleware leave the body alone.
    if (encoding) res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  /** The page's data script (ADR 0095); a page without one answers 404, as a data request that cannot be shared. */
  function sendData(req: ExpressRequest, res: ExpressResponse, entry: Entry | undefined, state: string) {
    const data = entry?.data;
    if (!data) {
      res.status(404).setHeader("Cache-Control", "no-store");
      res.type("text/plain").send("Not Found");
      return;
    }
    res.status(200);
    res.setHeader("X-Page-Cache", state);
    res.setHeader("Content-Type", "text/javascript; charset=utf-8");
    // Asked again only by a page loaded again, which may be a newer one: revalidated by its ETag.
    res.setHeader("Cache-Control", "no-cache");
    sendBody(req, res, data, `${data.etag}-data`);
  }

  function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, state: string, policy: PageCache) {
    res.status(entry.status);
    res.setHeader("X-Page-Cache", state);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    // Like every answer to a session cookie (react-router-adapter.ts): no shared cache keeps it, so
    // none can hand a member's shell to a visitor, who gets the redirect to /auth.
    if (policy.memberShell) res.setHeader("Cache-Control", "private, no-store");
    res.setHeader(cspHeaderName(), contentSecurityPolicy(String(res.locals.cspNonce ?? ""), entry.scriptHashes));
    sendBody(req, res, entry, entry.etag);
  }

  function sendUncacheable(res: ExpressResponse, answer: Uncacheable) {
    const nonce = String(res.locals.cspNonce ?? "");
    res.status(answer.status);
    res.setHeader("X-Page-Cache", "bypass");
    res.setHeader(cspHeaderName(), contentSecurityPolicy(nonce));
    for (const [name, value] of answer.headers) {
      if (name === "set-cookie") res.append("Set-Cookie", value);
      else res.setHeader(name, value);
    }
    // Passed on uncompressed; the compression middleware handles it.
    res.send(Buffer.from(withNonce(answer.body, nonce)));
  }

  const middleware = async function pageCache(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    let found: Found | undefined;
    try {
      found = cacheKeyOf(req, res, await options.pages());
    } catch (error) {
      return next(error);
    }
    if (!found) {
      // Data of a page this request would not be given from here (a session cookie sent since): none.
      if ((req.method === "GET" || req.method === "HEAD") && urlOf(req).searchParams.has(PAGE_DATA_PARAM)) {
        return sendData(req, res, undefined, "bypass");
      }
      return next();
    }
    const { key, policy, wantsData } = found;
    const answerWith = (entry: Entry, state: string) =>
      wantsData ? sendData(req, res, entry, state) : send(req, res, entry, state, policy);
    try {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > Date.now()) return answerWith(hit, "hit");
      if (hit) entries.delete(key);
      // One render per key at a time; concurrent misses wait for it.
      let rendering = pending.get(key);
      const isOwner = !rendering;
      if (!rendering) {
        rendering = render(req, res, found).finally(() => {
          if (pending.get(key) === rendering) pending.delete(key);
        });
        pending.set(key, rendering);
      }
      const answer = await rendering;
      if ("etag" in answer) {
        if (isOwner && answer.expiresAt > 0) {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, answer);
        }
        return answerWith(answer, isOwner ? "miss" : "hit");
      }
      if (wantsData) return sendData(req, res, undefined, "bypass");
      // Someone else's answer that may not be shared (a 404, a Set-Cookie): render our own. Likewise a
      // member shell that could not be made: it was rendered without this member's cookie.
      if (!isOwner || policy.memberShell) return next();
      return sendUncacheable(res, answer);
    } catch (error) {
      next(error);
    }
  };
  return Object.assign(middleware, {
    /** Entries held now (tests, diagnostics). */
    size: () => entries.size,
    close: unsubscribe,
  });
}
