import { data } from "react-router";
import { logger } from "~/lib/logger.server";
import { hitRateLimit } from "~/lib/rate-limit.server";
import { isValidUnsubscribeLink } from "./newsletter-links.server";
import { confirmNewsletter, unsubscribeByLink, type ConfirmResult } from "./newsletter.server";
import { CLIENT_IP_HEADER } from "./auth.server";

/**
 * /newsletter/confirm and /newsletter/unsubscribe. Both work without signing in: the token or
 * the signed link is the key. GET only shows a page with a button (a mail scanner that opens
 * links changes nothing); POST acts. The unsubscribe POST is also RFC 8058's one-click
 * (`List-Unsubscribe=One-Click` from the mailbox provider): the body is never needed or read.
 */
export type NewsletterPageState = "ready" | "invalid" | ConfirmResult | "unsubscribed" | "rateLimited";

const LINK_LIMIT = { limit: 30, windowS: 10 * 60 };

export function confirmLoader(request: Request): { state: NewsletterPageState } {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { state: /^[A-Za-z0-9_-]{20,100}$/.test(token) ? "ready" : "invalid" };
}

export async function confirmAction(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  if (
    !(await hitRateLimit(`newsletter:ip:${request.headers.get(CLIENT_IP_HEADER) ?? "unknown"}`, LINK_LIMIT.limit, LINK_LIMIT.windowS))
      .allowed
  ) {
    return data({ state: "rateLimited" as NewsletterPageState }, { status: 429 });
  }
  try {
    const state = await confirmNewsletter(token);
    return data({ state: state as NewsletterPageState }, { status: state === "invalid" ? 400 : 200 });
  } catch (error) {
    logger.error(`newsletter confirmation failed: ${String(error)}`);
    return data({ state: "invalid" as NewsletterPageState }, { status: 500 });
  }
}

function linkOf(request: Request) {
  const url = new URL(request.url);
  return { consentId: url.searchParams.get("c") ?? "", signature: url.searchParams.get("s") ?? "" };
}

export function unsubscribeLoader(request: Request): { state: NewsletterPageState } {
  const { consentId, signature } = linkOf(request);
  return { state: isValidUnsubscribeLink(consentId, signature) ? "ready" : "invalid" };
}

export async function unsubscribeAction(request: Request) {
  const { consentId, signature } = linkOf(request);
  const oneClick = !(request.headers.get("sec-fetch-site") || request.headers.get("origin"));
  try {
    const result = await unsubscribeByLink(consentId, signature, oneClick ? "one-click" : "unsubscribe-page");
    return data({ state: result as NewsletterPageState }, { status: result === "invalid" ? 400 : 200 });
  } catch (error) {
    logger.error(`newsletter unsubscribe failed: ${String(error)}`);
    return data({ state: "invalid" as NewsletterPageState }, { status: 500 });
  }
}
