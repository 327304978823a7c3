import type { Server } from "node:http";
import type { NextFunction, Request, Response } from "express";
import { getEnv } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { refuse } from "./request-guard";

/**
 * How long a client may take (ADR 0014): the request line and headers within HEADERS_TIMEOUT_MS, a
 * whole request within REQUEST_TIMEOUT_MS (Node's defaults: 60 s and 300 s). A form body has its own,
 * shorter deadline (REQUEST_BODY_TIMEOUT_S, server/request-guard.ts); the outer bound is sized for the
 * console's largest upload (2 GB, streamed) at about 2 MB/s, the one body that may take long, and only
 * people with a console role can send it.
 */
export const HEADERS_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 20 * 60_000;
/** How often Node looks for connections past those limits (its default, 30 s, would let them run late). */
export const CONNECTIONS_CHECKING_INTERVAL_MS = 1000;

function counter() {
  const open = new Map<string, number>();
  return {
    enter(key: string) {
      const count = (open.get(key) ?? 0) + 1;
      open.set(key, count);
      return count;
    },
    leave(key: string) {
      const left = (open.get(key) ?? 1) - 1;
      if (left <= 0) open.delete(key);
      else open.set(key, left);
    },
  };
}

/**
 * At most CONNECTIONS_PER_CLIENT open connections per client address; one more is closed at once,
 * before a byte is read. Without TRUST_PROXY only: behind a proxy every connection comes from the
 * proxy, and limitRequestsPerClient counts by the forwarded address instead.
 */
export function limitConnectionsPerClient(server: Server) {
  const env = getEnv();
  if (env.TRUST_PROXY > 0) return;
  const max = env.CONNECTIONS_PER_CLIENT;
  const connections = counter();
  server.on("connection", (socket) => {
    const address = socket.remoteAddress ?? "unknown";
    const count = connections.enter(address);
    socket.once("close", () => connections.leave(address));
    if (count > max) {
      // One line when a client first goes over, not one per refused connection.
      if (count === max + 1) logger.warn(`${address} holds ${max} connections: further ones are closed`);
      socket.destroy();
    }
  });
}

/** Behind a trusted proxy: at most CONNECTIONS_PER_CLIENT requests in flight per forwarded client address. */
export function limitRequestsPerClient() {
  const env = getEnv();
  const max = env.CONNECTIONS_PER_CLIENT;
  const requests = counter();
  return function requestsPerClient(req: Request, res: Response, next: NextFunction) {
    if (env.TRUST_PROXY === 0) return next();
    const address = req.ip ?? "unknown";
    const count = requests.enter(address);
    res.once("close", () => requests.leave(address));
    if (count > max)
      return void refuse(req, res, 503, "tooManyConnections", `${count} requests in flight from one client`, { close: true });
    next();
  };
}
