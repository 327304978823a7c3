import { Readable } from "node:stream";
import { writeReadableStreamToWritable } from "@react-router/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild } from "react-router";
import { hasSessionCookie } from "./request-guard";
import { urlOf } from "./request-url";

/**
 * React Router behind Express, like @react-router/express, with two differences:
 * - the body is the one the request guard read and checked (`req.rawBody`), never the raw
 *   socket, so an action's `request.formData()` only ever parses a bounded, readable body;
 * - answers to a request with a session cookie, answers that set one and previews of a draft are
 *   `Cache-Control: private, no-store` (they show one person's data, or unpublished text), and every page varies
 *   on Cookie (the language cookie and the session choose what it shows).
 */
export function headersOf(req: ExpressRequest) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) headers.append(name, item);
    else headers.set(name, value);
  }
  return headers;
}

export function fetchRequestOf(req: ExpressRequest, res: ExpressResponse) {
  const controller = new AbortController();
  res.on("close", () => {
    if (!res.writableFinished) controller.abort();
  });
  const init: RequestInit = { method: req.method, headers: headersOf(req), signal: controller.signal };
  if (req.method !== "GET" && req.method !== "HEAD") {
    if (req.rawBody) init.body = new Uint8Array(req.rawBody);
    else {
      // Only the streamed console uploads (route policy `stream`) reach here unread.
      init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
      (init as { duplex?: string }).duplex = "half";
    }
  }
  return new Request(urlOf(req).href, init);
}

/** Adds the caching rules for session-dependent answers (and a preview link's, server/preview-door.ts) to a response's headers. */
export function applyPrivacyHeaders(req: ExpressRequest, headers: Headers, preview = false) {
  if (preview || hasSessionCookie(req) || headers.has("set-cookie")) headers.set("Cache-Control", "private, no-store");
  const vary = headers.get("vary");
  if (!vary) headers.set("Vary", "Cookie");
  else if (!/\bcookie\b/i.test(vary)) headers.set("Vary", `${vary}, Cookie`);
}

export async function sendFetchResponse(res: ExpressResponse, response: globalThis.Response, headers = response.headers) {
  if (res.destroyed || res.writableEnded) {
    await response.body?.cancel();
    return;
  }
  res.statusMessage = response.statusText;
  res.status(response.status);
  for (const [name, value] of headers.entries()) res.append(name, value);
  if (!response.body) {
    res.end();
    return;
  }
  try {
    await writeReadableStreamToWritable(response.body, res);
  } catch (error) {
    if (res.destroyed || res.writableEnded) return;
    throw error;
  }
}

export function createReactRouterHandler(options: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Record<string, unknown>;
}) {
  const handle = createRequestHandler(options.build, options.mode);
  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    try {
      const response = await handle(fetchRequestOf(req, res), options.getLoadContext(req, res) as never);
      // A copy: a redirect's headers may be immutable.
      const headers = new Headers(response.headers);
      applyPrivacyHeaders(req, headers, res.locals.preview === true);
      await sendFetchResponse(res, response, headers);
    } catch (error) {
      next(error);
    }
  };
}
