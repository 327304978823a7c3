import type { Request as ExpressRequest } from "express";

/**
 * The address of a request as React Router sees it (the protocol Express derives, with its
 * trust-proxy setting, and the Host header); also what the request guard compares an Origin with.
 */
export function urlOf(req: ExpressRequest) {
  const host = (req.get("host") ?? "localhost").split(/[\\/?#@\s]/)[0] || "localhost";
  try {
    return new URL(`${req.protocol}://${host}${req.originalUrl}`);
  } catch {
    return new URL(`${req.protocol}://localhost${req.originalUrl}`);
  }
}

/**
 * The client's address: Express's `req.ip`, which reads X-Forwarded-For only as far as TRUST_PROXY
 * allows (server/app.ts), else the socket's. The one reading of it for rate limits, the accounts'
 * limits (x-client-ip) and the analytics' daily visitor hash.
 */
export function clientAddressOf(req: Pick<ExpressRequest, "ip" | "socket">) {
  return req.ip ?? req.socket.remoteAddress ?? "unknown";
}
