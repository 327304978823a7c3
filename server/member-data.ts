import zlib from "node:zlib";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";
import type { ServerBuild } from "react-router";
import { encode } from "turbo-stream";
import { NOTICE_COOKIE } from "~/features/account/account-notice.server";
import { readSessionWithPage } from "~/features/account/profile-page.server";
import { mayCarrySession } from "~/features/account/session.server";
import { readCookie } from "~/lib/cookies.server";
import { preferredEncoding } from "./preferred-encoding";
import { headersOf } from "./react-router-adapter";
import { urlOf } from "./request-url";

/**
 * The member's data of `/profile` (ADR 0038): the answer React Router's single fetch gives to
 * `GET /profile.data` (the root and profile loaders, turbo-stream encoded), computed by those same
 * two loaders without React Router's request pipeline, the console gate or a compression stream.
 * Every member's `/profile` shell (ADR 0031) makes this request once it runs, so it is the one
 * request per member page view that cannot be cached.
 *
 * It answers only the everyday case: a GET without a query or body, a session the short path
 * accepts (valid, not due for renewal, nothing to write), no account notice, and both loaders
 * returning plain data. Anything else (no or a renewing session, a redirect, an error, headers or
 * a status from a loader) falls through to React Router, which answers as it always did.
 * `tests/e2e/profile-shell.spec.ts` checks that both answers decode to the same data.
 */
const PATH = "/profile.data";
const PROFILE_ROUTE = "routes/profile";
// Below this size compressing saves less than one packet.
const COMPRESS_FROM_BYTES = 1024;

type Loader = (args: { request: Request; params: Record<string, string>; context: Record<string, unknown> }) => unknown;

interface DataWithInit {
  type: "DataWithResponseInit";
  data: unknown;
  init: ResponseInit | null;
}

function isDataWithInit(value: unknown): value is DataWithInit {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

/** A loader's value when it is plain data (or `data()` with no status and no headers); otherwise undefined. */
function plainData(value: unknown): { data: unknown } | undefined {
  if (value instanceof Response) return undefined;
  if (!isDataWithInit(value)) return { data: value };
  const init = value.init;
  if (init?.status !== undefined && init.status !== 200) return undefined;
  if (init?.headers && [...new Headers(init.headers).keys()].length > 0) return undefined;
  return { data: value.data };
}

function isEverydayRequest(req: ExpressRequest) {
  if (req.method !== "GET" || req.url !== PATH) return false;
  if (req.headers["content-length"] || req.headers["transfer-encoding"]) return false;
  const cookie = req.headers.cookie ?? "";
  return mayCarrySession(cookie) && !readCookie(cookie, NOTICE_COOKIE);
}

async function encodeResults(results: Record<string, { data: unknown }>) {
  return Buffer.from(await new Response(encode(results)).arrayBuffer());
}

/** The body as the client accepts it: brotli (quality 4) or gzip, in one call instead of a stream. */
function compressed(req: ExpressRequest, body: Buffer): [string | undefined, Buffer] {
  if (body.length < COMPRESS_FROM_BYTES) return [undefined, body];
  const encoding = preferredEncoding(req.headers["accept-encoding"]);
  if (encoding === "br") {
    // Quality 2 with a 64 KB window: ~15 µs for this size, within 15 % of quality 4's bytes at half its time.
    const params = { [zlib.constants.BROTLI_PARAM_QUALITY]: 2, [zlib.constants.BROTLI_PARAM_LGWIN]: 16 };
    return ["br", zlib.brotliCompressSync(body, { params })];
  }
  if (encoding === "gzip") return ["gzip", zlib.gzipSync(body)];
  return [undefined, body];
}

/** The root's and the profile route's loaders of a build. */
function loadersOf(build: ServerBuild): [Loader, Loader] {
  const rootLoader = build.routes.root?.module.loader as Loader | undefined;
  const profileLoader = build.routes[PROFILE_ROUTE]?.module.loader as Loader | undefined;
  if (!rootLoader || !profileLoader) throw new Error(`the server build has no loader for root or ${PROFILE_ROUTE}`);
  return [rootLoader, profileLoader];
}

export function createMemberDataAnswer(options: {
  /** The build, or (development) a function giving the current one: a new build after each edit. */
  build: ServerBuild | (() => Promise<ServerBuild>);
  getLoadContext: (req: ExpressRequest, res: ExpressResponse) => Record<string, unknown>;
}) {
  // A build object is checked once, at start-up; a getter's build on each request, after the edit that made it.
  const build = options.build;
  const fixed = typeof build === "function" ? undefined : loadersOf(build);

  return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (!isEverydayRequest(req)) return next();
    try {
      // No await for a fixed build: this is the hot path of ADR 0038.
      const [rootLoader, profileLoader] = fixed ?? loadersOf(await (build as () => Promise<ServerBuild>)());
      // The loaders see the page's URL, as React Router shows them for a `.data` request.
      const url = urlOf(req);
      url.pathname = "/profile";
      const request = new Request(url.href, { headers: headersOf(req) });
      // Only a session the short path accepts: better-auth's own check may renew it, and its cookie
      // must then reach the browser through React Router's answer. The page is read in the same query.
      if (!(await readSessionWithPage(request))) return next();
      const args = { request, params: {}, context: options.getLoadContext(req, res) };
      const [root, profile] = await Promise.all([rootLoader(args), profileLoader(args)]).then(
        (values) => values.map(plainData),
        () => [undefined, undefined],
      );
      if (!root || !profile) return next();
      const [encoding, body] = compressed(req, await encodeResults({ root, [PROFILE_ROUTE]: profile }));
      res.status(200);
      res.setHeader("Content-Type", "text/x-script; charset=utf-8");
      res.setHeader("X-Remix-Response", "yes");
      res.setHeader("Cache-Control", "private, no-store");
      res.setHeader("Vary", "Cookie, Accept-Encoding");
      // A Content-Encoding already set makes the compression middleware leave the body alone.
      if (encoding) res.setHeader("Content-Encoding", encoding);
      res.setHeader("Content-Length", body.length);
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
