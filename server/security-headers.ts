import type { NextFunction, Request, Response } from "express";
import { getEnv } from "~/lib/env.server";

/**
 * The security headers of every answer, pages and files alike (ADR 0014): mounted by server.js before
 * the static handlers, so `/favicon.svg`, `/robots.txt` and `/assets/*` (precompressed or not) carry
 * the same ones as a page. A file gets a Content-Security-Policy of its own that lets it run nothing
 * (an SVG opened by itself is a document); a page sets its own policy with its nonce
 * (app/lib/csp.server.ts), so the file policy is set only where no page is answered.
 */
export const FILE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'; sandbox";

/** A request for a file of the build: a name with an extension (not a page's `.data`), or anything under /assets. */
export function isFileRequest(path: string) {
  return path.startsWith("/assets/") || /\.(?!data$)[A-Za-z0-9]+$/.test(path);
}

export function securityHeaders() {
  const https = getEnv().PUBLIC_URL.startsWith("https:");
  return function setSecurityHeaders(req: Request, res: Response, next: NextFunction) {
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
    if (https) res.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    if (isFileRequest(req.path)) res.setHeader("Content-Security-Policy", FILE_POLICY);
    next();
  };
}
