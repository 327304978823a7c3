import type { NextFunction, Request, Response } from "express";
import { getAuth } from "~/features/account/auth.server";
import { fetchRequestOf, sendFetchResponse } from "./react-router-adapter";

/**
 * better-auth behind the request guard: only the endpoints in PUBLIC_AUTH_ENDPOINTS
 * (server/route-policy.ts) get here, with their body already bounded. Its answers depend on
 * who asks (sessions, one-time links): never cached.
 */
export function createAuthGateway() {
  return async function authGateway(req: Request, res: Response, next: NextFunction) {
    try {
      const response = await getAuth().handler(fetchRequestOf(req, res));
      const headers = new Headers(response.headers);
      headers.set("Cache-Control", "private, no-store");
      await sendFetchResponse(res, response, headers);
    } catch (error) {
      next(error);
    }
  };
}
