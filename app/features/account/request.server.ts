import { data } from "react-router";
import { getEnv } from "~/lib/env.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { CLIENT_IP_HEADER } from "./auth.server";

/** Helpers shared by the account route actions. */

/** Cross-site form posts are refused (the session cookie is SameSite=Lax; this is the second lock). */
export function assertSameOrigin(request: Request) {
  const site = request.headers.get("sec-fetch-site");
  const origin = request.headers.get("origin");
  const allowed = new Set([new URL(getEnv().PUBLIC_URL).origin, new URL(request.url).origin]);
  if (site === "cross-site" || (origin !== null && !allowed.has(origin))) {
    throw data({ error: "auth.errors.crossSite" }, { status: 403 });
  }
}

export function clientIp(request: Request) {
  return request.headers.get(CLIENT_IP_HEADER) ?? "unknown";
}

/** True when the action may go on; counts one hit for each key. */
export async function withinLimits(keys: string[], limit: number, windowS: number) {
  let allowed = true;
  for (const key of keys) {
    const result = await hitRateLimit(key, limit, windowS);
    if (!result.allowed) allowed = false;
  }
  return allowed;
}

/** The Set-Cookie headers of a better-auth response, to pass on with our own answer. */
export function cookiesOf(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

export async function errorCodeOf(response: Response): Promise<string | undefined> {
  try {
    const body = (await response.clone().json()) as { code?: string; message?: string };
    return body.code ?? body.message;
  } catch {
    return undefined;
  }
}

/** The request's headers as better-auth should see them (cookies, client address, user agent). */
export function authHeaders(request: Request) {
  return new Headers(request.headers);
}
