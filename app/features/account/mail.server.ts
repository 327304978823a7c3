import { getFixedT } from "~/lib/i18n.server";
import type { Language } from "~/lib/i18n";
import { takeMailQuota } from "~/lib/mail-quota.server";
import { queueMail } from "~/lib/mailer.server";
import { greetingNameOf } from "./username";

/**
 * The account mails (confirmation, password reset, email change, change notice, deletion
 * notice), plain text and HTML, in the user's language (namespace `mail`). They go through
 * the durable outbox, so an SMTP outage delays them but never fails the user's action.
 */
export type AccountMailKind = "confirm" | "reset" | "changeEmail" | "changeEmailNotice" | "deleted" | "newsletterConfirm" | "invite";

function escapeHtml(value: string) {
  return value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

export async function renderAccountMail(
  kind: AccountMailKind,
  language: Language,
  values: { url?: string; name?: string; newEmail?: string; unsubscribeUrl?: string; role?: string },
) {
  const t = await getFixedT(language);
  // A greeting never carries a URL or a line break from user input (username.ts).
  const vars = {
    name: greetingNameOf(values.name) ?? t("mail.fallbackName"),
    newEmail: values.newEmail ?? "",
    role: values.role ? t(`mail.roles.${values.role}`) : "",
  };
  const subject = t(`mail.${kind}.subject`, vars);
  const intro = t(`mail.${kind}.body`, vars);
  const action = values.url ? t(`mail.${kind}.action`, vars) : undefined;
  const footer = t(`mail.${kind}.footer`, vars);
  const greeting = t("mail.greeting", vars);
  const signature = t("mail.signature");
  const unsubscribe = values.unsubscribeUrl ? t("mail.unsubscribe") : undefined;
  const text = [
    greeting,
    "",
    intro,
    ...(values.url ? ["", `${action}: ${values.url}`] : []),
    "",
    footer,
    "",
    signature,
    ...(values.unsubscribeUrl ? ["", `${unsubscribe}: ${values.unsubscribeUrl}`] : []),
  ].join("\n");
  const html = `<!doctype html><html lang="${language}"><body style="font-family:Arial,sans-serif;background:#0b0f19;color:#e5e7eb;padding:24px">
<div style="max-width:560px;margin:0 auto;background:#111827;border-radius:12px;padding:24px">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
${values.url ? `<p><a href="${escapeHtml(values.url)}" style="display:inline-block;background:#3b82f6;color:#fff;padding:10px 18px;border-radius:8px;text-decoration:none">${escapeHtml(action ?? "")}</a></p><p style="font-size:12px;color:#9ca3af;word-break:break-all">${escapeHtml(values.url)}</p>` : ""}
<p style="color:#9ca3af">${escapeHtml(footer)}</p>
<p>${escapeHtml(signature)}</p>
${values.unsubscribeUrl ? `<p style="font-size:12px"><a href="${escapeHtml(values.unsubscribeUrl)}" style="color:#9ca3af">${escapeHtml(unsubscribe ?? "")}</a></p>` : ""}
</div></body></html>`;
  return { subject, text, html };
}

/** A change-of-address mail, within the recipient's daily quota of its kind (ADR 0043). */
export async function sendAccountMail(
  kind: "changeEmail" | "changeEmailNotice",
  to: string,
  language: Language,
  values: { url?: string; name?: string; newEmail?: string },
) {
  if (!(await takeMailQuota(kind, to))) return;
  const mail = await renderAccountMail(kind, language, values);
  await queueMail({ to, ...mail });
}
