import type { Submission } from "@conform-to/react";
import { data } from "react-router";
import { getEnv } from "~/lib/env.server";
import { answer, runIntent, type IntentContext } from "~/lib/form-action.server";
import { failedAnswer, type Problem } from "~/lib/form-submission";
import { logger } from "~/lib/logger.server";
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

/** A refusal: HTTP status and where the form shows it. */
export interface Refusal extends Problem {
  status: number;
}

/** better-auth error code (or HTTP status as text) → refusal; `default` for anything else. */
export type RefusalMap = Record<string, Refusal> & { default: Refusal };

export const RATE_LIMITED: Refusal = { status: 429, form: "auth.errors.rateLimited" };

/** Maps a failed better-auth response to its refusal, once, and logs what was not foreseen. */
export async function refusalOf(response: Response, map: RefusalMap, what: string): Promise<Refusal> {
  const code = await errorCodeOf(response);
  const known = (code !== undefined && Object.hasOwn(map, code) ? map[code] : undefined) ?? map[String(response.status)];
  if (known) return known;
  logger.warn(`${what} failed: ${response.status} ${code ?? ""}`);
  return map.default;
}

/** Answers a refusal: the problem inline in the form, with its status (and any extra the page needs). */
export function refuse<Extra extends object>(
  intent: string,
  submission: Submission<unknown, string[], unknown>,
  refusal: Refusal,
  extra?: Extra,
  headers?: Headers,
) {
  return answer(failedAnswer(intent, submission, refusal, extra), refusal.status, headers);
}

/**
 * Counts one hit for the client address (`<name>:ip:<address>`) and, when given, the account
 * (`<name>:acct:<key>`); past the limit, the answer to send ('Too many attempts'), else undefined.
 */
export async function overLimit(
  { request, intent }: IntentContext,
  submission: Submission<unknown, string[], unknown>,
  name: string,
  { limit, windowS }: { limit: number; windowS: number },
  keys: { ip?: boolean; account?: string } = { ip: true },
) {
  const counted = [
    ...(keys.ip === false ? [] : [`${name}:ip:${clientIp(request)}`]),
    ...(keys.account ? [`${name}:acct:${keys.account}`] : []),
  ];
  if (await withinLimits(counted, limit, windowS)) return undefined;
  return refuse(intent, submission, RATE_LIMITED);
}

/** An account route's action: same-origin posts only, then the handler its intent names. */
export function runAccountIntents(request: Request, handlers: Record<string, (context: IntentContext) => Promise<unknown>>) {
  assertSameOrigin(request);
  return runIntent(request, handlers);
}
