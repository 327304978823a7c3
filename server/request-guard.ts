import type { NextFunction, Request, Response } from "express";
import { getEnv } from "~/lib/env.server";
import { getFixedT, resolveLanguage } from "~/lib/i18n.server";
import { logger } from "~/lib/logger.server";
import { hasVerifiedSession } from "~/features/account/session.server";
import type { PageTable } from "./page-table";
import { FORM_BODY_LIMIT, FORM_FIELDS_LIMIT, isAuthPath, limitDependsOnSession, policyOf } from "./route-policy";
import { urlOf } from "./request-url";
import { carriesSessionCookie } from "~/lib/cookies.server";
import { canonicalPathOf } from "~/lib/site-path";
import { findRedirect, locationOf } from "~/lib/redirects.server";

/**
 * The one door in front of everything the server answers (ADR 0014), before any session
 * check, body parser, better-auth or React Router:
 * - a GET or HEAD of an old path the operator redirected answers 301 to its target (ADR 0055);
 * - non-canonical page paths (`/about/`, `/ABOUT`) answer 301 to the canonical one;
 * - a method the path does not take answers 405 (with Allow), an unknown /api/auth path 404;
 * - a body of a type the path does not take answers 415;
 * - a body is counted as it arrives (chunked too) and refused with 413 past the path's limit,
 *   the connection closed without reading the rest;
 * - a form body that cannot be parsed (broken multipart, NUL characters) answers 400;
 * - a POST whose Origin header names another site answers 403 (React Router would refuse it too,
 *   with a bare "Bad Request" and a stack trace in the log).
 * The body read here is kept on `req.rawBody`: React Router gets exactly these bytes
 * (server/react-router-adapter.ts), so nothing downstream parses an unchecked body.
 * Every refusal carries a translated message and is logged as one warning line.
 */
declare module "express-serve-static-core" {
  interface Request {
    /** The request body as received and checked by the guard (empty without one). */
    rawBody?: Buffer;
  }
}

/**
 * A redirect the operator may delete later: browsers keep a 301 without a lifetime for as long as they
 * like, so it gets one hour; `private` because a `?lang=` link also sets the language cookie on it.
 */
export const REDIRECT_CACHE_CONTROL = "private, max-age=3600";

export type RefusalKey =
  | "crossSite"
  | "badRequest"
  | "payloadTooLarge"
  | "unsupportedMediaType"
  | "methodNotAllowed"
  | "notFound"
  | "requestTimeout"
  | "tooManyConnections"
  | "previewInvalid"
  | "previewExpired"
  | "unauthorized";

export function hasSessionCookie(req: Request) {
  return carriesSessionCookie(req.headers.cookie);
}

/**
 * A request sent by a page of another site: its Origin header (browsers send it with every POST)
 * is not this request's own origin, the same comparison React Router makes before an action.
 * Better-auth checks its own endpoints against its trusted origins; a one-click unsubscribe
 * (RFC 8058) is posted by mail providers, from anywhere.
 */
function isCrossSite(req: Request) {
  const origin = req.headers.origin;
  if (origin === undefined || isAuthPath(req.path) || req.path === "/newsletter/unsubscribe") return false;
  if (origin === "null") return true;
  try {
    return new URL(origin).origin !== urlOf(req).origin;
  } catch {
    return true;
  }
}

function languageOf(req: Request) {
  try {
    return resolveLanguage(new URL(req.originalUrl, "http://guard.invalid"), req.headers.cookie).language;
  } catch {
    return "en" as const;
  }
}

function wantsHtml(req: Request) {
  return req.headers["sec-fetch-dest"] === "document" || /^text\/html/.test(String(req.headers.accept ?? ""));
}

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Answers with a translated message and one warning line (no stack trace). */
export async function refuse(
  req: Request,
  res: Response,
  status: number,
  key: RefusalKey,
  reason: string,
  options: { headers?: Record<string, string>; close?: boolean } = {},
) {
  logger.warn(`${status} ${req.method} ${req.path.slice(0, 200)} from ${req.ip ?? "?"}: ${reason}`);
  if (res.headersSent) return;
  const language = languageOf(req);
  const t = await getFixedT(language);
  const message = t(`http.${key}`);
  res.status(status);
  res.setHeader("Cache-Control", "no-store");
  for (const [name, value] of Object.entries(options.headers ?? {})) res.setHeader(name, value);
  if (options.close) closeAfterAnswer(req, res);
  if (req.method === "HEAD") {
    res.end();
    return;
  }
  if (wantsHtml(req)) {
    const title = escapeHtml(t("common.error.title"));
    res.setHeader("Content-Type", "text/html; charset=utf-8");
    res.setHeader("Content-Security-Policy", "default-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'");
    res.end(
      `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><title>${title}</title></head>` +
        `<body><h1>${title}</h1><p>${escapeHtml(message)}</p><p><a href="/">${escapeHtml(t("common.notFound.returnHome"))}</a></p></body></html>`,
    );
    return;
  }
  res.json({ error: message });
}

/** How much of an unwanted body is read and dropped after the answer, at most (lingering close). */
const LINGER_BYTES = 16 * 1024 * 1024;
const LINGER_MS = 2000;

/**
 * The rest of the body is not read: the answer says `Connection: close`, and once it is out the
 * connection closes. A plain close with unread data makes the kernel reset the connection,
 * which can wipe the answer before the client reads it; so, like a web server's lingering
 * close, up to LINGER_BYTES more are read and dropped (never kept) for LINGER_MS at most.
 */
function closeAfterAnswer(req: Request, res: Response) {
  res.setHeader("Connection", "close");
  const socket = req.socket;
  // Node's HTTP server calls destroySoon() after a `Connection: close` answer.
  socket.destroySoon = () => {
    socket.end();
    let dropped = 0;
    const stop = () => socket.destroy();
    const timer = setTimeout(stop, LINGER_MS);
    timer.unref();
    socket.once("close", () => clearTimeout(timer));
    req.on("data", (chunk: Buffer) => {
      dropped += chunk.length;
      if (dropped > LINGER_BYTES) stop();
    });
    req.once("end", stop);
    req.resume();
  };
}

/** 408 and the connection closed at once: the rest of a body that trickles in is not waited for. */
async function refuseSlowBody(req: Request, res: Response, received: number) {
  res.once("finish", () => req.socket.destroy());
  await refuse(req, res, 408, "requestTimeout", `body not complete after ${getEnv().REQUEST_BODY_TIMEOUT_S} s (${received} bytes)`, {
    headers: { Connection: "close" },
  });
}

function mediaTypeOf(header: string | undefined) {
  return (header ?? "").split(";")[0]!.trim().toLowerCase();
}

function charsetOf(header: string | undefined) {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header ?? "");
  return match?.[1]?.toLowerCase();
}

function bodyIsAnnounced(req: Request) {
  const length = req.headers["content-length"];
  return req.headers["transfer-encoding"] !== undefined || (length !== undefined && length !== "0");
}

type ReadResult = { ok: true; body: Buffer } | { ok: false; reason: "too-large" | "aborted" | "too-slow"; received: number };

/**
 * Reads the body counting bytes as they arrive; stops (and pauses the socket) past `limit`, or when
 * it has not all arrived within REQUEST_BODY_TIMEOUT_S (a body sent a byte at a time holds a connection).
 */
export function readBodyWithin(req: Request, limit: number): Promise<ReadResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let received = 0;
    let done = false;
    const timer = setTimeout(() => {
      chunks.length = 0;
      req.pause();
      finish({ ok: false, reason: "too-slow", received });
    }, getEnv().REQUEST_BODY_TIMEOUT_S * 1000);
    const finish = (result: ReadResult) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
      req.off("aborted", onError);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        chunks.length = 0;
        req.pause();
        finish({ ok: false, reason: "too-large", received });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ ok: true, body: Buffer.concat(chunks, received) });
    const onError = () => finish({ ok: false, reason: "aborted", received });
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
    req.on("aborted", onError);
  });
}

/**
 * How many fields a form body holds at most, counted on its bytes without parsing: `&`-separated pairs,
 * or occurrences of the multipart boundary (an upper bound: the boundary may also occur inside a part).
 */
export function fieldCountOf(body: Buffer, type: string, rawType: string) {
  if (type === "application/x-www-form-urlencoded") {
    let count = 1;
    for (let at = body.indexOf(0x26); at !== -1; at = body.indexOf(0x26, at + 1)) count++;
    return count;
  }
  const boundary = /;\s*boundary\s*=\s*(?:"([^"]+)"|([^;\s]+))/i.exec(rawType);
  const delimiter = boundary ? `--${boundary[1] ?? boundary[2]}` : undefined;
  if (!delimiter) return 0;
  let count = 0;
  for (let at = body.indexOf(delimiter); at !== -1; at = body.indexOf(delimiter, at + delimiter.length)) count++;
  return Math.max(0, count - 1);
}

const NUL = "\u0000";

/** Parses the form the way React Router will; undefined when it cannot be read. */
async function checkForm(body: Buffer, contentType: string): Promise<string | undefined> {
  try {
    const form = await new Response(new Uint8Array(body), { headers: { "content-type": contentType } }).formData();
    for (const [name, value] of form.entries()) {
      if (name.includes(NUL) || (typeof value === "string" && value.includes(NUL))) return "a NUL character in a form field";
    }
    return undefined;
  } catch (error) {
    return `unreadable form body (${(error as Error).message.slice(0, 120)})`;
  }
}

/** The guard of the pages the build declares (`pages`: the table of the build in use, server/page-table.ts). */
export function createRequestGuard(pages: () => PageTable | Promise<PageTable>) {
  return async function requestGuard(req: Request, res: Response, next: NextFunction) {
    try {
      const table = await pages();
      res.locals.pageTable = table;
      const path = req.path;
      const method = req.method;

      if (method === "GET" || method === "HEAD") {
        // The path and query as a browser reads them (WHATWG: `\` is `/`, dot segments resolved), so
        // the Location is built from what it will resolve, never from the bytes sent (`/\evil.example/`).
        const url = urlOf(req);
        // The operator's redirects from old paths come first (ADR 0055), matched in the canonical form.
        const moved = findRedirect(url.pathname);
        if (moved) {
          res.setHeader("Cache-Control", REDIRECT_CACHE_CONTROL);
          return res.redirect(301, locationOf(moved, url.search));
        }
        const canonical = canonicalPathOf(url.pathname, table.canonicalPaths);
        if (canonical) {
          res.setHeader("Cache-Control", "no-cache");
          return res.redirect(301, `${canonical}${url.search}`);
        }
      }

      const rawType = req.headers["content-type"];
      const type = mediaTypeOf(rawType);
      // A larger body only for a session that holds (not a cookie that looks like one), checked before a byte is read.
      const verified = method === "POST" && limitDependsOnSession(table, path, type) && (await hasVerifiedSession(req.headers.cookie));
      const policy = policyOf(table, path, type, verified, res.locals.consoleAccess === true);
      const announced = bodyIsAnnounced(req);

      if (isAuthPath(path) && policy.methods.length === 0) {
        return await refuse(req, res, 404, "notFound", "not a public auth endpoint", { close: announced });
      }
      if (!policy.methods.includes(method)) {
        return await refuse(req, res, 405, "methodNotAllowed", "method not allowed", {
          headers: { Allow: policy.methods.join(", ") },
          close: announced,
        });
      }

      if (method !== "GET" && method !== "HEAD" && method !== "OPTIONS" && isCrossSite(req)) {
        return await refuse(req, res, 403, "crossSite", `Origin ${String(req.headers.origin).slice(0, 100)} is another site`, {
          close: announced,
        });
      }

      const takesBody = policy.types.length > 0 && method === "POST";
      if (!takesBody) {
        if (!announced) return next();
        // A body where none is expected (GET with a body): read and dropped, within the form limit.
        const result = await readBodyWithin(req, FORM_BODY_LIMIT);
        if (!result.ok) {
          if (result.reason === "aborted") return;
          if (result.reason === "too-slow") return await refuseSlowBody(req, res, result.received);
          return await refuse(req, res, 413, "payloadTooLarge", `unexpected body over ${FORM_BODY_LIMIT} bytes`, { close: true });
        }
        req.rawBody = Buffer.alloc(0);
        return next();
      }

      if (!announced && !type) {
        // An empty POST without a type (the logout button, the download fetch) is an empty form.
        req.headers["content-type"] = "application/x-www-form-urlencoded";
        req.rawBody = Buffer.alloc(0);
        return next();
      }
      if (policy.stream) {
        // Console uploads: the route streams the body to disk and enforces the limit as it counts.
        const declared = Number(req.headers["content-length"]);
        if (Number.isFinite(declared) && declared > policy.limit) {
          return await refuse(req, res, 413, "payloadTooLarge", `Content-Length ${declared} over ${policy.limit}`, { close: true });
        }
        return next();
      }
      if (!policy.types.includes(type)) {
        return await refuse(req, res, 415, "unsupportedMediaType", `content type ${type.slice(0, 80) || "(none)"}`, { close: announced });
      }
      const charset = charsetOf(rawType);
      if (charset && charset !== "utf-8" && charset !== "utf8") {
        return await refuse(req, res, 415, "unsupportedMediaType", `charset ${charset.slice(0, 40)}`, { close: announced });
      }
      const declared = Number(req.headers["content-length"]);
      if (Number.isFinite(declared) && declared > policy.limit) {
        return await refuse(req, res, 413, "payloadTooLarge", `Content-Length ${declared} over ${policy.limit}`, { close: true });
      }
      const result: ReadResult = announced ? await readBodyWithin(req, policy.limit) : { ok: true, body: Buffer.alloc(0) };
      if (!result.ok) {
        if (result.reason === "aborted") return;
        if (result.reason === "too-slow") return await refuseSlowBody(req, res, result.received);
        return await refuse(req, res, 413, "payloadTooLarge", `body over ${policy.limit} bytes (chunked or undeclared)`, { close: true });
      }
      const fields = fieldCountOf(result.body, type, rawType ?? "");
      if (fields > FORM_FIELDS_LIMIT) {
        return await refuse(req, res, 413, "payloadTooLarge", `${fields} form fields, over ${FORM_FIELDS_LIMIT}`);
      }
      // An empty multipart body (no boundary, no parts) cannot be parsed either: checked the same way.
      const problem = await checkForm(result.body, rawType ?? "");
      if (problem) return await refuse(req, res, 400, "badRequest", problem);
      req.rawBody = result.body;
      return next();
    } catch (error) {
      next(error);
    }
  };
}
