/**
 * What a mail may still show once it is out of the sender's hands: who it went to and what it was
 * about. Never its body, never a link (bodies carry one-time links: confirmation, reset, newsletter
 * opt-in, and a link from a mail acts for the account, ADR 0014). The outbox keeps only this of a
 * mail whose job ended in any state, and the member's data export lists mails through it.
 */
export interface MailSummary {
  to: string | null;
  subject: string | null;
}

function text(value: unknown) {
  return typeof value === "string" ? value : null;
}

export function mailSummary(payload: Record<string, unknown>): MailSummary {
  return { to: text(payload.to), subject: text(payload.subject) };
}
