import { logger } from "./logger.server";
import { takeQuota } from "./rate-limit.server";

/**
 * How many mails of one kind one address may receive (ADR 0043): a handful a day, whoever asks
 * and from however many client addresses. The per-requester limits stay where each action is
 * (per client address, per account); this is the recipient's side. A mail over its quota is
 * simply not queued, and the action answers as it always does (no hint whether the address has
 * an account); the skip is logged at info level.
 *
 * Every kind that carries a link keeps that link usable for at least the quota's window
 * (confirmation and change-of-address links 24 h, newsletter 7 days, launch sign-ups until
 * confirmed), so a stranger who uses up a recipient's quota leaves the owner a working link in
 * the mails already sent. The reset link lives 1 h: its own rule is reset-mail.server.ts.
 * Multiplied by RATE_LIMIT_FACTOR like every other limit.
 */
export const MAIL_QUOTAS = {
  reset: 3,
  confirm: 3,
  changeEmail: 3,
  changeEmailNotice: 3,
  newsletterConfirm: 3,
  launchConfirm: 3,
} as const;
export type QuotaMailKind = keyof typeof MAIL_QUOTAS;

export const MAIL_QUOTA_WINDOW_S = 24 * 60 * 60;

function quotaKey(kind: QuotaMailKind, recipient: string) {
  return `mail:${kind}:${recipient.trim().toLowerCase()}`;
}

/** Every counter that names the address (an erased account takes them along, ADR 0022). */
export function mailQuotaKeys(recipient: string): string[] {
  return (Object.keys(MAIL_QUOTAS) as QuotaMailKind[]).map((kind) => quotaKey(kind, recipient));
}

/** Takes one mail of `kind` from the recipient's daily quota; false (and an info line) when it is used up. */
export async function takeMailQuota(kind: QuotaMailKind, recipient: string): Promise<boolean> {
  const allowed = await takeQuota(quotaKey(kind, recipient), MAIL_QUOTAS[kind], MAIL_QUOTA_WINDOW_S);
  if (!allowed) logger.info(`mail not sent: the recipient's daily quota of ${kind} mails is used up`);
  return allowed;
}
