import { createHash } from "node:crypto";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { subscribeToChanges } from "~/lib/change-bus.server";
import { contentSecurityPolicy } from "~/lib/csp.server";
import { resolveLanguage } from "~/lib/i18n.server";
import { onPublicContentChanged } from "~/lib/public-content.server";
import { PUBLIC_PAGES } from "~/lib/seo";

/**
 * An in-memory HTML cache in front of React Router for pages that are the same for every
 * anonymous visitor in a language (PUBLIC_PAGES with `cacheable`). The key is path + language.
 * Bypassed for signed-in visitors (session cookie), for any query other than `lang`, and for
 * everything but GET/HEAD. Only 200 answers without Set-Cookie are kept. Entries live TTL_MS (the
 * footer shows the current year; deployments restart the process anyway).
 *
 * Every answer carries its own Content-Security-Policy nonce (ADR 0014): the page is rendered
 * once with a placeholder nonce, and each hit gets a fresh one put in, so the bytes differ per
 * answer; the compression middleware compresses them (a hit still costs no rendering). The ETag
 * is weak (same page, other nonce and encoding) and a 304 carries no new policy, so a browser
 * keeps the stored page together with the policy that matches its nonce.
 */
const TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 200;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
// A visitor with an account notice (features/account/account-notice.server.ts) sees `/` of their own.
const NOTICE_COOKIE = /(?:^|;\s*)account_notice=[^;]/;
const CACHEABLE_PATHS = new Set(PUBLIC_PAGES.filter((page) => page.cacheable).map((page) => page.path));
/** Stands for the nonce in a stored page; each answer gets a fresh one in its place. */
const NONCE_PLACEHOLDER = "cspNoncePlaceholder0000000";
const NONCE_ATTRIBUTE = new RegExp(`nonce="${NONCE_PLACEHOLDER}"`, "g");
const POLICY_HEADER = "content-security-policy";

interface Entry {
  expiresAt: number;
  status: number;
  headers: Array<[string, string]>;
  etag: string;
  /** The page with NONCE_PLACEHOLDER where its nonce goes. */
  template: string;
}

export function withNonce(template: string, nonce: string) {
  return template.replace(NONCE_ATTRIBUTE, `nonce="${nonce}"`);
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

export function createPageCache(options: {
  build: () => Promise<ServerBuild>;
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Record<string, unknown>;
}) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | undefined>>();
  let handler: ReturnType<typeof createRequestHandler> | undefined;
  // Data behind a page changed in some process (ADR 0025): every process forgets every page.
  // Changes are rare (imports, console edits) and a page renders in milliseconds.
  let generation = 0;
  subscribeToChanges(() => {
    entries.clear();
    generation++;
  });
  // A console change shows at once in this process; the change bus tells the others.
  onPublicContentChanged(() => {
    entries.clear();
    generation++;
  });

  function cacheKeyOf(req: ExpressRequest): string | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    if (!CACHEABLE_PATHS.has(req.path)) return undefined;
    const cookie = req.headers.cookie;
    if (cookie && (SESSION_COOKIE.test(cookie) || NOTICE_COOKIE.test(cookie))) return undefined;
    const url = new URL(req.originalUrl, "http://cache.invalid");
    for (const name of url.searchParams.keys()) if (name !== "lang") return undefined;
    return `${req.path}|${resolveLanguage(url, cookie).language}`;
  }

  async function render(req: ExpressRequest, res: ExpressResponse): Promise<Entry | undefined> {
    handler ??= createRequestHandler(options.build, options.mode);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
    const context = { ...options.getLoadContext(req, res), cspNonce: NONCE_PLACEHOLDER };
    const response = await handler(new Request(url, { method: "GET", headers }), context as never);
    const raw = await response.text();
    const kept = [...response.headers].filter(
      ([name]) => name !== "content-length" && name !== "content-encoding" && name !== POLICY_HEADER,
    );
    if (response.status !== 200 || response.headers.has("set-cookie")) {
      return { expiresAt: 0, status: response.status, headers: kept, etag: "", template: raw };
    }
    const template = withoutModulePreloads(raw);
    return {
      expiresAt: Date.now() + TTL_MS,
      status: 200,
      headers: kept,
      etag: `W/"${createHash("sha1").update(template).digest("base64url")}"`,
      template,
    };
  }

  function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, cached: boolean, state: string) {
    const nonce = String(res.locals.cspNonce);
    res.status(entry.status);
    res.setHeader("X-Page-Cache", state);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    if (cached) {
      res.setHeader("ETag", entry.etag);
      const tags = String(req.headers["if-none-match"] ?? "").split(/\s*,\s*/);
      if (tags.includes(entry.etag) || tags.includes(entry.etag.slice(2))) {
        res.status(304).end();
        return;
      }
    }
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(nonce));
    // Compressed by the compression middleware (the nonce makes every answer's bytes unique).
    const body = Buffer.from(withNonce(entry.template, nonce));
    res.setHeader("Content-Length", String(body.length));
    if (req.method === "HEAD") res.end();
    else res.end(body);
  }

  return async function pageCache(req: ExpressRequest, res: ExpressResponse, next: NextFunction) {
    const key = cacheKeyOf(req);
    if (!key) return next();
    try {
      const hit = entries.get(key);
      if (hit && hit.expiresAt > Date.now()) return send(req, res, hit, true, "hit");
      // One render per key at a time; concurrent misses wait for it.
      let rendering = pending.get(key);
      const isOwner = !rendering;
      const startedIn = generation;
      if (!rendering) {
        rendering = render(req, res).finally(() => pending.delete(key));
        pending.set(key, rendering);
      }
      const entry = await rendering;
      if (!entry) return next();
      if (entry.expiresAt > 0) {
        if (isOwner && startedIn === generation) {
          if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
          entries.set(key, entry);
        }
        return send(req, res, entry, true, isOwner ? "miss" : "hit");
      }
      // Someone else's answer that may not be shared (a 404, a Set-Cookie): render our own.
      if (!isOwner) return next();
      return send(req, res, entry, false, "bypass");
    } catch (error) {
      next(error);
    }
  };
}
