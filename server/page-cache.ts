import { createHash } from "node:crypto";
import zlib from "node:zlib";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { resolveLanguage } from "~/lib/i18n.server";
import { PUBLIC_PAGES } from "~/lib/seo";

/**
 * An in-memory HTML cache in front of React Router for pages that are the same for every
 * anonymous visitor in a language (PUBLIC_PAGES with `cacheable`). The key is path + language.
 * Bypassed for signed-in visitors (session cookie), for any query other than `lang`, and for
 * everything but GET/HEAD. Only 200 answers without Set-Cookie are kept, with their gzip and
 * brotli forms, so a hit costs neither rendering nor compression. Entries live TTL_MS (the footer
 * shows the current year; deployments restart the process anyway).
 */
const TTL_MS = 5 * 60 * 1000;
const MAX_ENTRIES = 200;
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=/;
const CACHEABLE_PATHS = new Set(PUBLIC_PAGES.filter((page) => page.cacheable).map((page) => page.path));

interface Entry {
  expiresAt: number;
  status: number;
  headers: Array<[string, string]>;
  etag: string;
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
}

/**
 * React hoists the route modules' <link rel="modulepreload"> into <head>, so on a slow phone
 * connection ~140 KB of JavaScript (ADR 0013) competes with the first paint. Without them the HTML and CSS
 * paint first and the scripts load right after (the module script at the end of <body>
 * imports them); React re-adds the hints when it hydrates.
 */
export function withoutModulePreloads(html: string) {
  return html.replace(/<link rel="modulepreload" href="[^"]*"\/>/g, "");
}

export function createPageCache(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest) => Record<string, unknown>;
}) {
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<Entry | undefined>>();
  let handler: ReturnType<typeof createRequestHandler> | undefined;

  function cacheKeyOf(req: ExpressRequest): string | undefined {
    if (req.method !== "GET" && req.method !== "HEAD") return undefined;
    if (!CACHEABLE_PATHS.has(req.path)) return undefined;
    const cookie = req.headers.cookie;
    if (cookie && SESSION_COOKIE.test(cookie)) return undefined;
    const url = new URL(req.originalUrl, "http://cache.invalid");
    for (const name of url.searchParams.keys()) if (name !== "lang") return undefined;
    return `${req.path}|${resolveLanguage(url, cookie).language}`;
  }

  async function render(req: ExpressRequest): Promise<Entry | undefined> {
    handler ??= createRequestHandler(options.build, options.mode);
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === "string") headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(", "));
    }
    const url = `${req.protocol}://${req.get("host") ?? "localhost"}${req.originalUrl}`;
    const response = await handler(new Request(url, { method: "GET", headers }), options.getLoadContext(req) as never);
    const raw = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200 || response.headers.has("set-cookie")) {
      return { expiresAt: 0, status: response.status, headers: [...response.headers], etag: "", identity: raw, gzip: raw, br: raw };
    }
    const body = Buffer.from(withoutModulePreloads(raw.toString("utf8")));
    return {
      expiresAt: Date.now() + TTL_MS,
      status: 200,
      headers: [...response.headers].filter(([name]) => name !== "content-length" && name !== "content-encoding"),
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      identity: body,
      gzip: zlib.gzipSync(body, { level: 9 }),
      br: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    };
  }

  function send(req: ExpressRequest, res: ExpressResponse, entry: Entry, cached: boolean, state: string) {
    res.status(entry.status);
    res.setHeader("X-Page-Cache", state);
    for (const [name, value] of entry.headers) res.setHeader(name, value);
    if (!cached) {
      // Not cacheable: pass it on uncompressed; the compression middleware handles it.
      res.send(entry.identity);
      return;
    }
    res.setHeader("Vary", "Accept-Encoding, Cookie");
    res.setHeader("ETag", entry.etag);
    if (req.headers["if-none-match"] === entry.etag) {
      res.status(304).end();
      return;
    }
    const accepted = String(req.headers["accept-encoding"] ?? "");
    const [encoding, body] = /\bbr\b/.test(accepted)
      ? ["br", entry.br]
      : /\bgzip\b/.test(accepted)
        ? ["gzip", entry.gzip]
        : [undefined, entry.identity];
    // A Content-Encoding already set makes the compression middleware leave the body alone.
    if (encoding) res.setHeader("Content-Encoding", encoding);
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
      if (!rendering) {
        rendering = render(req).finally(() => pending.delete(key));
        pending.set(key, rendering);
      }
      const entry = await rendering;
      if (!entry) return next();
      if (entry.expiresAt > 0) {
        if (isOwner) {
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
